/**
 * @silp/grammar: the SILP code frontend's canonical syntax as one grammar source, exported as GBNF
 * and Lark for constrained decoding, and system prompts derived from it (docs/models.md).
 */
export type { CodePointRange, Expr, Grammar, Rule } from "./grammar.js";
export { codeGrammar, verbCodes, approvedVerbCodes, type CodeGrammarOptions } from "./code-grammar.js";
export { toGbnf } from "./gbnf.js";
export { toLark } from "./lark.js";
export { derive, type DeriveOptions } from "./derive.js";
