/** Error codes a peer reports, checked before they become our own SilpError codes. */
import { EXTENSION_ERROR_CODES, SPEC_ERROR_CODES, type SilpErrorCode } from "./errors.js";

const KNOWN = new Set<string>([...SPEC_ERROR_CODES, ...EXTENSION_ERROR_CODES]);

/** True for a code of spec section 5.1 or of our extensions (docs/errors.md). */
export function isKnownErrorCode(code: unknown): code is SilpErrorCode {
  return typeof code === "string" && KNOWN.has(code);
}
