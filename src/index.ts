/**
 * `silp`: the public API. Named exports only; everything here is light (no tokenizer, SDK or
 * model is loaded). Heavy parts live behind subpath exports: silp/tokens, silp/mcp, silp/a2a,
 * silp/aidip, silp/llmlingua2, silp/bench, silp/redis.
 */
export { compile, compileAsync, decode, type DecodeResult } from "./codec.js";
export { validate, assertValid, type ValidationResult } from "./ir/validate.js";
export { normalize } from "./ir/normalize.js";
export { irSchema } from "./ir/schema.js";
export { RULE_IDS, type RuleId } from "./ir/rules.js";
export { newReqId, deriveReqId, REQ_ID_PATTERN } from "./ir/req-id.js";
export {
  APPROVED_VERBS,
  EXCLUDED_VERBS,
  CENSUS_TOKENIZERS,
  APPROVAL_CRITERION,
  isApprovedVerb,
  excludedVerb,
  actionToFunctionName,
  functionNameToAction,
  type ApprovedVerb,
  type ExcludedVerb,
  type CensusTokenizer,
} from "./ir/verbs.js";
export * from "./ir/types.js";
export {
  getFrontend,
  listFrontends,
  registerFrontend,
  LOSSLESS_FRONTENDS,
  type Frontend,
  type FrontendInfo,
} from "./frontends/registry.js";
export type { Repair, RepairKind } from "./frontends/decode-context.js";
export { toEnvelope, fromEnvelope, isEnvelope, type SilpEnvelope } from "./protocol/envelope.js";
export * from "./protocol/session/index.js";
export * from "./protocol/negotiation/index.js";
export * from "./lock/index.js";
export { wrapSilp, unwrapSilp, splitSilp, hasSilpFields, WRAPPER_FIELDS } from "./integrations/wrapper.js";
export {
  resolveOptions,
  DEFAULT_OPTIONS,
  DEFAULT_LIMITS,
  type SilpOptions,
  type ResolvedOptions,
  type WhitelistMode,
  type Limits,
} from "./options.js";
export * from "./errors.js";
export {
  sanitizePayload,
  createSanitizerHooks,
  scanPayload,
  OffsetMap,
  locateHits,
  resolveSanitizeOptions,
  DEFAULT_SANITIZE_OPTIONS,
  describeCodePoint,
  type SanitizedPayload,
  type SanitizerSession,
  type ScanResult,
  type SanitizerReport,
  type SanitizerHit,
  type SanitizerHitKind,
  type SanitizerAction,
  type LocatedHit,
  type SanitizeOptions,
  type ResolvedSanitizeOptions,
  type InvisiblePolicy,
  type HomoglyphPolicy,
  type JoinerMode,
} from "./security/index.js";
