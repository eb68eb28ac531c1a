/**
 * `silp`: the codec's public API, what an application calls. Runs wherever JavaScript does (no
 * Node.js module is reachable from here). Protocol pieces sit behind named subpaths:
 * `silp/negotiation` (//ping, agreement, degradation), `silp/session` (sessions, heartbeat,
 * memory store), `silp/carriage` (SILP inside a host protocol's messages: the wrapper fields and
 * the safety filter), `silp/sanitizer` (Unicode sanitizer), `silp/examples` (the draft's Appendix A).
 * `silp/util` holds what the sibling packages (@silp/*) share; it is documented in
 * docs/architecture.md and versioned with the codec (its names are pinned by the API surface test).
 */
export { compile, compileAsync, decode, type DecodeResult } from "./codec.js";
export { completeMeta, type MetaFill } from "./complete-meta.js";
export { createDecoder, decodeStream, type StreamControl, type StreamDecoder, type StreamEvent, type StreamPart, type PartialIR } from "./streaming/decoder.js";
export { validate, assertValid, type ValidationResult } from "./ir/validate.js";
export { normalize } from "./ir/normalize.js";
export { irSchema } from "./ir/schema.js";
export { RULE_IDS, type RuleId } from "./ir/rules.js";
export { newReqId, deriveReqId } from "./ir/req-id.js";
export { APPROVED_VERBS, EXCLUDED_VERBS, isApprovedVerb, excludedVerb, verbsInForce, type ApprovedVerb, type ExcludedVerb } from "./ir/verbs.js";
export type {
  JsonValue,
  JsonObject,
  JsonPrimitive,
  Entity,
  Constraint,
  Alternative,
  Meta,
  NormalMeta,
  SilpIR,
  SilpIRInput,
  MetaOptionalIR,
} from "./ir/types.js";
export {
  getFrontend,
  listFrontends,
  registerFrontend,
  unregisterFrontend,
  type Frontend,
  type FrontendDefinition,
  type FrontendInfo,
  type RegisterOptions,
} from "./frontends/registry.js";
export type { DecodeContext, DecodedPayload, ReceivedText, Repair, RepairKind } from "./frontends/decode-context.js";
export { toEnvelope, fromEnvelope, isEnvelope, type SilpEnvelope } from "./protocol/envelope.js";
export { modelText } from "./protocol/model-text.js";
export type { SilpOptions, WhitelistMode, WhitelistOptions, Limits } from "./options.js";
export type { SanitizeOptions, SanitizerReport, SanitizerHit } from "./security/index.js";
export {
  SilpError,
  isSilpError,
  invalidIr,
  invalidOption,
  type SilpErrorCode,
  type SpecErrorCode,
  type ExtensionErrorCode,
  type SilpErrorJSON,
  type SilpErrorOptions,
  type SourcePosition,
  type ValidationIssue,
} from "./errors.js";
