/**
 * `silp/util`: what the sibling packages (@silp/lock, @silp/tokens, @silp/mcp, @silp/a2a,
 * @silp/dialects, @silp/llmlingua2, @silp/bench, silpc) build on and applications should not
 * need. Documented in docs/architecture.md ("silp/util") and versioned with the codec: its names
 * are pinned by the API surface test, so a change is reviewed and goes into the changelog.
 * Applications import from `silp` and its protocol subpaths.
 */
export { resolveOptions, pickCodecOptions, type ResolvedOptions } from "./options.js";
export { ERROR_CODES, isKnownErrorCode } from "./error-codes.js";
export { sha256Hex } from "./ir/sha256.js";
export { CENSUS_TOKENIZERS, actionToFunctionName, functionNameToAction } from "./ir/verbs.js";
export { IR_SHAPE } from "./ir/types.js";
export { isPlainObject } from "./ir/normalize.js";
export { VERSION } from "./version.js";
export { importOptional } from "./optional-import.js";
export * as codeSyntax from "./frontends/code/shared-syntax.js";
