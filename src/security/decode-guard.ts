/**
 * The seam between decode and the sanitizer: what decode needs from sanitization, in one call.
 * Returns the text the decoder should read, the structure hooks, a way to map positions back to
 * the caller's text, and the report of what was found.
 */
import type { ResolvedOptions } from "../options.js";
import { IDENTITY_HOOKS, type StructureHooks } from "./hooks.js";

export interface SanitizerReport {
  hits: unknown[];
}

export interface PreparedText {
  text: string;
  /** True when `text` differs from the caller's text (positions need mapping). */
  changed: boolean;
  hooks: StructureHooks;
  originalOffset(offset: number): number;
  report(): SanitizerReport;
}

export function prepareForDecode(text: string, _options: ResolvedOptions): PreparedText {
  return {
    text,
    changed: false,
    hooks: IDENTITY_HOOKS,
    originalOffset: (offset) => offset,
    report: () => ({ hits: [] }),
  };
}
