/**
 * The seam between decode and the sanitizer: what decode needs from sanitization, in one call.
 * Returns the text the decoder should read, the structure hooks, a way to map positions back to
 * the caller's text, and the report of what was found (docs/security.md).
 */
import type { ResolvedOptions } from "../options.js";
import { IDENTITY_HOOKS, type StructureHooks } from "./hooks.js";
import { emptyCounts, type SanitizerReport } from "./report.js";
import { sanitizePayload } from "./sanitize.js";
import { createSanitizerHooks } from "./sanitizer-hooks.js";

export type { SanitizerReport };

/** Anything outside printable ASCII, tab, LF and CR. */
const NON_ASCII_OR_CONTROL = /[^\x20-\x7e\t\n\r]/;

export interface PreparedText {
  text: string;
  /** True when `text` differs from the caller's text (positions need mapping). */
  changed: boolean;
  hooks: StructureHooks;
  originalOffset(offset: number): number;
  report(): SanitizerReport;
}

const identityOffset = (offset: number): number => offset;
/** The report of a decode that sanitized nothing. */
export const emptyReport = (): SanitizerReport => ({ hits: [], counts: emptyCounts(), truncated: false, changed: false });

/** What a decode that sanitized nothing reports: no change, no position mapping, an empty report. */
export const NOTHING_SANITIZED: Omit<PreparedText, "text" | "hooks"> = Object.freeze({ changed: false, originalOffset: identityOffset, report: emptyReport });

/** The text needs no sanitizing: no hooks, no position mapping, an empty report. */
function untouched(text: string): PreparedText {
  return { text, hooks: IDENTITY_HOOKS, ...NOTHING_SANITIZED };
}

/** Runs the raw-text pass (may throw `unsafe_content`) and sets up the structural hooks. */
export function prepareForDecode(text: string, options: ResolvedOptions): PreparedText {
  const settings = options.sanitize;
  // Printable ASCII holds no invisible character and no confusable: nothing to scan or fold.
  if (settings === false || !NON_ASCII_OR_CONTROL.test(text)) return untouched(text);
  const payload = sanitizePayload(text, settings);
  const session = createSanitizerHooks(payload);
  return {
    text: payload.text,
    changed: !payload.offsets.identity,
    hooks: session.hooks,
    originalOffset: (offset) => payload.offsets.toOriginal(offset),
    report: () => session.report(),
  };
}
