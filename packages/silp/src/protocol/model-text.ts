/**
 * What a receiving agent hands its model (docs/integrations.md, "What a model reads"): the task
 * as the compact payload, re-printed from the decoded IR, and one note line per kind of finding
 * the model must know of (repairs, warnings, sanitizer hits). Never the meta: the req_id,
 * priority and session are for the programs on both ends, and travel beside the text once.
 * Never the peer's raw text either: what the model reads is what was understood, after
 * sanitizing and repair, so an injected invisible character or a stray fence never reaches it.
 */
import type { DecodeResult } from "../codec.js";
import { compile } from "../codec.js";

/** At most this many entries of a list (issues, repairs, hits) are written into a note line. */
export const MAX_LISTED = 100;

/** What `decodeNotes` reads: the parts of a DecodeResult besides the IR. */
export interface DecodeFindings {
  repairs: readonly { kind: string; offset: number }[];
  repairsDropped?: number;
  warnings: readonly { rule: string; path: string }[];
  sanitizer: {
    hits: readonly { kind: string; offset: number; action: string; codePoint?: number }[];
    counts: Record<string, number>;
    truncated: boolean;
    changed: boolean;
  };
}

/**
 * The compact text form of a decode's findings, one line per kind, only for kinds with entries
 * (docs/integrations.md, "What a model reads"):
 *
 *   repairs 2: else_without_colon@27 code_fence@0 (+3 dropped)
 *   warnings 1: verb-whitelist@/intent
 *   sanitizer 1 (changed): zero_width U+200B stripped@18
 *
 * Offsets are UTF-16 offsets into the payload sent. Peer text never appears here (kinds, rules,
 * pointers and code points only), and each list is cut after MAX_LISTED entries.
 */
export function decodeNotes(findings: DecodeFindings): string[] {
  const lines: string[] = [];
  const list = <T>(items: readonly T[], show: (item: T) => string, total: number): string => {
    const shown = items.slice(0, MAX_LISTED).map(show).join(" ");
    return total > Math.min(items.length, MAX_LISTED) ? `${shown} (+${total - Math.min(items.length, MAX_LISTED)} more)` : shown;
  };
  const dropped = findings.repairsDropped ?? 0;
  if (findings.repairs.length + dropped > 0) {
    lines.push(`repairs ${findings.repairs.length + dropped}: ${list(findings.repairs, (r) => `${r.kind}@${r.offset}`, findings.repairs.length + dropped)}`);
  }
  if (findings.warnings.length > 0) {
    lines.push(`warnings ${findings.warnings.length}: ${list(findings.warnings, (w) => `${w.rule}@${w.path || "/"}`, findings.warnings.length)}`);
  }
  const { sanitizer } = findings;
  const hitCount = Object.values(sanitizer.counts).reduce((sum, n) => sum + n, 0);
  if (hitCount > 0) {
    const codePoint = (cp: number | undefined): string => (cp === undefined ? "" : ` U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
    const hits = list(sanitizer.hits, (h) => `${h.kind}${codePoint(h.codePoint)} ${h.action}@${h.offset}`, hitCount);
    lines.push(`sanitizer ${hitCount}${sanitizer.changed ? " (changed)" : ""}: ${hits}`);
  }
  return lines;
}

/**
 * The text for the model: the compact payload of `decoded.ir` in `frontend` (default the
 * frontend it arrived in), then the note lines, if any.
 */
export function modelText(decoded: DecodeResult, frontend = decoded.frontend): string {
  // The IR was validated under the receiver's options already; printing checks nothing again.
  const payload = compile(decoded.ir, frontend, { inlineMeta: false, whitelist: "off" });
  return [payload, ...decodeNotes(decoded)].join("\n");
}
