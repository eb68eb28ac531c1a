/**
 * `@silp/evolve`: Layer 4 as a search (spec 6.1). A seeded genetic algorithm over a
 * gene space (generic; run on @silp/dialects' DIALECT_SPACE by `silpc evolve`), scored by the
 * spec's multi-objective fitness with every term measured or listed as absent, resumable from a
 * state file, with the Pareto front of tokens against unreadability and a report on held-out IRs
 * per tokenizer. See docs/evolve.md.
 */
export { SeededRandom } from "./random.js";
export { checkGeneSpace, genomeKey, orderedGenome, spaceSize, type GeneDefinition, type GeneSpace, type Genome } from "./gene-space.js";
export { mutate, randomGenome, tournament, uniformCrossover } from "./operators.js";
export { dominates, nonDominatedSort, paretoFront } from "./pareto.js";
export {
  archiveFront,
  bestEntry,
  checkSettings,
  compareEntries,
  DEFAULT_SEARCH_SETTINGS,
  initialState,
  progressOf,
  search,
  step,
  type ArchiveEntry,
  type Evaluate,
  type Evaluation,
  type GenerationProgress,
  type SearchSettings,
  type SearchState,
} from "./engine.js";
export {
  assertResumable,
  parseStateFile,
  readStateFile,
  stateConflicts,
  writeStateFile,
  STATE_FORMAT,
  STATE_VERSION,
  type StateFile,
  type StateSettings,
} from "./state-file.js";
export { symbolShare, unreadability } from "./unreadability.js";
export { CachedTokenCounter, type CountTokens } from "./token-counter.js";
export { tokenTerms, totalsPerTokenizer, type CountTable, type TokenTerms } from "./token-terms.js";
export { successTerms, type SuccessMeasurements, type SuccessSource, type SuccessTerms } from "./bench-terms.js";
export {
  dialectName,
  evaluateDialect,
  UNPRINTABLE_SCORE,
  type DialectCodec,
  type DialectEvaluation,
  type DialectProblem,
} from "./dialect-fitness.js";
export { dialectSpec, registeredDialectCodec } from "./dialect-codec.js";
export { actionCalls, deriveArgumentOrder, orderGain, type ActionCall } from "./argument-order.js";
export {
  builtinSuiteIrs,
  contentKey,
  irsInJson,
  jsonFiles,
  loadIrSet,
  repositoryIrSets,
  uniqueByContent,
  withoutHeldOut,
  type IrSet,
  type IrSets,
} from "./ir-sets.js";
export { builtinPayload, heldOutReport, type HeldOutInput, type HeldOutReport, type HeldOutRow } from "./held-out.js";
export { renderFront, renderHeldOut } from "./render.js";
export {
  absentTerms,
  evolve,
  EVOLVE_WEIGHTS,
  REFERENCE_FRONTEND,
  searchSettings,
  type EvolvedDialect,
  type EvolveOptions,
  type EvolveResult,
} from "./evolve.js";
