/**
 * The Unicode sanitizer (spec 8.1 / draft -02 10.1; docs/security.md): the raw-text pass for
 * invisible and bidirectional characters, the homoglyph hooks for decoders, and their report.
 */
export { sanitizePayload, type SanitizedPayload } from "./sanitize.js";
export { createSanitizerHooks, type SanitizerSession } from "./sanitizer-hooks.js";
export { scanPayload, type ScanResult } from "./scan.js";
export { OffsetMap } from "./offset-map.js";
export { prepareForDecode, type PreparedText } from "./decode-guard.js";
export { locateHits, type LocatedHit, type SanitizerAction, type SanitizerHit, type SanitizerHitKind, type SanitizerReport } from "./report.js";
export {
  DEFAULT_SANITIZE_OPTIONS,
  resolveSanitizeOptions,
  type HomoglyphPolicy,
  type InvisiblePolicy,
  type JoinerMode,
  type ResolvedSanitizeOptions,
  type SanitizeOptions,
} from "./options.js";
export { asciiPrototype, skeleton } from "./confusables.js";
export { describeCodePoint } from "./invisible.js";
export { IDENTITY_HOOKS, type StructureHooks, type TextRole } from "./hooks.js";
