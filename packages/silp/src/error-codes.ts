/** Error codes a peer reports, checked before they become our own SilpError codes. */
import { EXTENSION_ERROR_CODES, SPEC_ERROR_CODES, type SilpErrorCode } from "./errors.js";

/** Every code a SilpError may carry: the spec's (section 5.1), then our extensions (docs/errors.md). */
export const ERROR_CODES: readonly SilpErrorCode[] = Object.freeze([...SPEC_ERROR_CODES, ...EXTENSION_ERROR_CODES]);

const KNOWN = new Set<string>(ERROR_CODES);

/** True for a code of spec section 5.1 or of our extensions (docs/errors.md). */
export function isKnownErrorCode(code: unknown): code is SilpErrorCode {
  return typeof code === "string" && KNOWN.has(code);
}
