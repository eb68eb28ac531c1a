/**
 * The raw-text pass of the sanitizer (spec 8.1 / draft -02 10.1): runs over the payload before
 * any decoder sees it. The four zero-width characters the spec names are always stripped; the
 * other invisible and bidirectional controls follow the invisible policy. Every hit is reported
 * with its offset in the original text, and the cleaned text comes with an OffsetMap back to it.
 */
import { SilpError } from "../errors.js";
import { describeCodePoint, findInvisible, type InvisibleFinding } from "./invisible.js";
import { OffsetMap } from "./offset-map.js";
import { resolveSanitizeOptions, type ResolvedSanitizeOptions, type SanitizeOptions } from "./options.js";
import { HitCollector, type SanitizerAction, type SanitizerHit, type SanitizerReport } from "./report.js";

export interface SanitizedPayload {
  /** The payload as received. */
  readonly original: string;
  /** The payload to decode: stripped characters removed. */
  readonly text: string;
  /** Hits of the raw-text pass (invisible characters), offsets in `original`. */
  readonly report: SanitizerReport;
  /** Maps offsets in `text` back to `original`. */
  readonly offsets: OffsetMap;
  readonly options: ResolvedSanitizeOptions;
}

/** The error the "reject" policies raise: code `unsafe_content`, positioned in the original text. */
export function unsafeContent(message: string, hit: SanitizerHit, original: string): SilpError {
  return new SilpError("unsafe_content", message, {
    source: original,
    offset: hit.offset,
    details: { hit: { ...hit, action: "rejected" } },
  });
}

export function actionFor(finding: InvisibleFinding, options: ResolvedSanitizeOptions): SanitizerAction {
  if (finding.kind === "zero_width") return "stripped";
  if (finding.flagOnly) return "flagged";
  switch (options.invisible) {
    case "strip":
      return "stripped";
    case "flag":
      return "flagged";
    case "reject":
      return "rejected";
  }
}

/**
 * Strips and reports invisible characters in a payload. Throws `unsafe_content` (offset of the
 * first offending character) when the invisible policy is "reject" and one is found.
 */
export function sanitizePayload(text: string, options?: SanitizeOptions | ResolvedSanitizeOptions): SanitizedPayload {
  const resolved = resolveSanitizeOptions(options);
  const collector = new HitCollector(resolved.maxHits);
  const offsets = new OffsetMap();
  const kept: string[] = [];
  let copyFrom = 0;
  let removed = 0;
  for (const finding of findInvisible(text, resolved.joiners)) {
    const action = actionFor(finding, resolved);
    const hit: SanitizerHit = { kind: finding.kind, offset: finding.offset, action, codePoint: finding.codePoint };
    if (action === "rejected") {
      const what = finding.kind === "bidi" ? "bidirectional control" : "invisible character";
      throw unsafeContent(`${what} ${describeCodePoint(finding.codePoint)} rejected by the sanitizer policy "reject"`, hit, text);
    }
    collector.add(hit);
    if (action === "stripped") {
      kept.push(text.slice(copyFrom, finding.offset));
      copyFrom = finding.offset + finding.length;
      offsets.recordRemoval(finding.offset - removed, finding.length);
      removed += finding.length;
    }
  }
  const clean = removed === 0 ? text : kept.join("") + text.slice(copyFrom);
  return Object.freeze({ original: text, text: clean, report: collector.report(), offsets, options: resolved });
}
