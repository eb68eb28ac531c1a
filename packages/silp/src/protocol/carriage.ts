/**
 * `silp/carriage`: SILP inside a host protocol's own messages (docs/integrations.md). The wrapper
 * fields a tool call's arguments or an agent message's parts carry (draft -02 section 7.2), and
 * the safety filter a carrier runs on the decoded IR's free text before handing it on. What
 * @silp/mcp, @silp/a2a and the Agents SDK handoff build on; an application that only compiles and
 * decodes payloads does not need it (the envelope, the payload's own wire form, is in `silp`).
 */
export { wrapSilp, unwrapSilp, splitSilp, hasSilpFields, WRAPPER_FIELDS, type SilpWrapped, type Unwrapped } from "./wrapper.js";
export { applySafetyFilter, freeTextOf, type FreeText, type SafetyFilter, type SafetyVerdict } from "./safety-filter.js";
// What a carrier writes for the model beside the payload it carries: the envelope of a payload
// compiled elsewhere, its text, the note lines of a decode (at most MAX_LISTED of each kind), and
// the meta a host message carries in its own fields.
export { envelopeOf } from "./envelope.js";
export { decodeNotes, envelopeText, modelNotes, MAX_LISTED, type DecodeFindings } from "./model-text.js";
export { carrierMeta } from "../frontends/meta-carriage.js";
