/**
 * `silp/util`: what the sibling packages (@silp/lock, @silp/tokens, @silp/mcp, @silp/a2a,
 * @silp/dialects, @silp/llmlingua2, @silp/bench, silpc) build on and applications should not
 * need. Documented in docs/architecture.md ("silp/util") and versioned with the codec: its names
 * are pinned by the API surface test, so a change is reviewed and goes into the changelog.
 * Applications import from `silp` and its protocol subpaths.
 */
export { resolveOptions, pickCodecOptions, type ResolvedOptions } from "./options.js";
export { SPEC_ERROR_CODES, EXTENSION_ERROR_CODES } from "./errors.js";
export { isKnownErrorCode } from "./error-codes.js";
export { sha256Hex } from "./ir/sha256.js";
export { CENSUS_TOKENIZERS, actionToFunctionName, functionNameToAction, type CensusTokenizer } from "./ir/verbs.js";
// The IR's field lists and version names, for the packages that rebuild or check an IR field by field.
export { ENTITY_FIELDS, CONSTRAINT_FIELDS, ALTERNATIVE_FIELDS, META_FIELDS, ACTION_CODE_PATTERN, SUPPORTED_SILP_VERSIONS } from "./ir/types.js";
export { isPlainObject } from "./ir/normalize.js";
export { VERSION } from "./version.js";
export { importOptional } from "./optional-import.js";
// The code frontend's lexer, keywords and string quoting, for @silp/dialects (re-spellings of its token stream).
export { Lexer as CodeLexer, type Token as CodeToken } from "./frontends/code/lexer.js";
export { KEYWORDS as CODE_KEYWORDS } from "./frontends/code/chars.js";
export { META_RESERVED_NAMES } from "./frontends/code/meta-items.js";
export { quoteString } from "./frontends/text-escape.js";
