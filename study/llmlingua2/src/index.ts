/**
 * `silp/llmlingua2`: the lossy LLMLingua-2 frontend (spec section 4.5), kept out of the main
 * entry point because it runs a local ONNX model. Importing this module registers the frontend,
 * so `compileAsync(ir, "llmlingua2", options)` works afterwards; nothing heavy loads until a
 * model is first used.
 */
import { registerFrontend } from "silp";
import { llmlingua2Frontend } from "./frontend.js";

registerFrontend(llmlingua2Frontend);

export {
  compileLlmlingua2,
  compileLlmlingua2Detailed,
  compressProse,
  decodeLlmlingua2,
  checkLlmlingua2Options,
  llmlingua2Frontend,
  LLMLINGUA2,
  type Llmlingua2Options,
  type Llmlingua2Compilation,
} from "./frontend.js";
export { compressText, DEFAULT_RATE, type CompressOptions, type Compression, type CompressedWord } from "./compressor.js";
export { assertLossyAllowed, negatedConstraints, type LossyConsent, type NegatedConstraint } from "./guard.js";
export {
  loadTokenClassifier,
  releaseTokenClassifiers,
  MAX_SEQUENCE_LENGTH,
  KEEP_LABEL,
  type TokenClassifier,
  type TokenizedText,
  type LoadModelOptions,
} from "./model.js";
export type { OnnxRuntimeChoice, OnnxRuntimeName } from "./runtime.js";
export { locateModelFiles, downloadInstructions, MODEL_ENV_VAR, MODEL_ID, type ModelLocation, type ModelFiles } from "./model-files.js";
export { selectWords, percentile, thresholdPercentile } from "./selection.js";
export { mergeTokensToWords, wordProbability, type Word, type ScoredToken, type WordBoundaryStyle, type TokenToWord, type WordOptions } from "./words.js";
export { chunkRanges, DEFAULT_CHUNK_END_TOKENS } from "./chunks.js";
export {
  wordOverlap,
  readStudyCases,
  measureOverlap,
  STUDY_CASE_ORDER,
  LOCK_FILE,
  type WordOverlap,
  type StudyCase,
  type CaseOverlap,
  type OverlapReport,
} from "./overlap.js";
