/**
 * @silp/grammar: the SILP code frontend's canonical syntax as one grammar source, exported as GBNF
 * and Lark for constrained decoding, the same for any dialect of it (@silp/dialects), and system
 * prompts derived from it (docs/models.md).
 */
export type { CodePointRange, Expr, Grammar, Rule } from "./grammar.js";
export { codeGrammar, verbCodes, approvedVerbCodes, type CodeGrammarOptions } from "./code-grammar.js";
export { dialectGrammar, type DialectGrammarOptions } from "./dialect-grammar.js";
export { toGbnf, type GbnfOptions } from "./gbnf.js";
export { toLark } from "./lark.js";
export { derive, type DeriveOptions } from "./derive.js";
export { buildPrompt, EXAMPLE_MARK, type Prompt, type PromptExample, type PromptFrontend, type PromptOptions, type PromptRole } from "./prompt.js";
export { WORKED_EXAMPLES, type WorkedExample } from "./examples.js";
export { sketchRule } from "./sketch.js";
export {
  carriedResult,
  carryError,
  carryResult,
  grammarText,
  readPrompt,
  type ResolvedModelOptions,
  resolveModelOptions,
  SILP_METADATA_KEY,
  type SilpModelOptions,
  type SilpWriteFrontend,
  writePrompt,
} from "./adapter-core.js";
