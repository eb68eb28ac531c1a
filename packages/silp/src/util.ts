/**
 * `silp/util`: what the sibling packages (@silp/lock, @silp/tokens, @silp/mcp, @silp/a2a,
 * @silp/dialects, @silp/llmlingua2, @silp/bench, silpc) build on and applications should not
 * need. Documented in docs/architecture.md ("silp/util") and versioned with the codec: its names
 * are pinned by the API surface test, so a change is reviewed and goes into the changelog.
 * Applications import from `silp` and its protocol subpaths.
 */
export { resolveOptions, DEFAULT_OPTIONS, DEFAULT_LIMITS, OPTION_NAMES, pickCodecOptions, type ResolvedOptions, type ResolvedWhitelist } from "./options.js";
export { positionAt, SPEC_ERROR_CODES, EXTENSION_ERROR_CODES } from "./errors.js";
export { isKnownErrorCode } from "./error-codes.js";
export { assertSupportedVersion } from "./ir/validate.js";
export { REQ_ID_PATTERN, reqIdLength } from "./ir/req-id.js";
export { sha256Hex } from "./ir/sha256.js";
export { CENSUS_TOKENIZERS, APPROVAL_CRITERION, actionToFunctionName, functionNameToAction, type CensusTokenizer } from "./ir/verbs.js";
export * from "./ir/types.js";
export { LOSSLESS_FRONTENDS } from "./frontends/registry.js";
export { WRAPPER_FIELDS } from "./protocol/wrapper.js";
export { carrierMeta, metaDelta } from "./frontends/meta-carriage.js";
// What carriers build on: the envelope of a payload compiled elsewhere, and the note lines of a decode.
export { envelopeOf } from "./protocol/envelope.js";
export { decodeNotes, envelopeText, modelNotes, MAX_LISTED, type DecodeFindings } from "./protocol/model-text.js";
export { isPlainObject } from "./ir/normalize.js";
export { VERSION } from "./version.js";
export { importOptional } from "./optional-import.js";
export { pythonRepr, pythonListRepr } from "./python-repr.js";
// The code frontend's lexer, keywords and string quoting, for @silp/dialects (re-spellings of its token stream).
export { Lexer as CodeLexer, type Token as CodeToken, type TokenKind as CodeTokenKind } from "./frontends/code/lexer.js";
export { KEYWORDS as CODE_KEYWORDS } from "./frontends/code/chars.js";
export { META_RESERVED_NAMES } from "./frontends/code/meta-items.js";
export { quoteString } from "./frontends/text-escape.js";
