/**
 * `silp/carriage`: SILP inside a host protocol's own messages (docs/integrations.md). The wrapper
 * fields a tool call's arguments or an agent message's parts carry (draft -02 section 7.2), and
 * the safety filter a carrier runs on the decoded IR's free text before handing it on. What
 * @silp/mcp, @silp/a2a and the Agents SDK handoff build on; an application that only compiles and
 * decodes payloads does not need it (the envelope, the payload's own wire form, is in `silp`).
 */
export { wrapSilp, unwrapSilp, splitSilp, hasSilpFields, type SilpWrapped, type Unwrapped } from "./wrapper.js";
export { applySafetyFilter, freeTextOf, type FreeText, type SafetyFilter, type SafetyVerdict } from "./safety-filter.js";
