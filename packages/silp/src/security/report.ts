/**
 * What the sanitizer found: one hit per invisible character, per folded or flagged token. Every
 * offset is a UTF-16 offset into the ORIGINAL payload (before anything was stripped), so a report
 * can always be shown against the text the peer actually sent.
 */
import type { TextRole } from "./hooks.js";

export type SanitizerHitKind =
  /** One of the four zero-width characters of spec 8.1 (U+200B, U+200C, U+200D, U+FEFF). */
  | "zero_width"
  /** Another invisible (default-ignorable or format) character, e.g. U+00AD, U+2060, tag characters. */
  | "invisible"
  /** A bidirectional control (Unicode property Bidi_Control), e.g. U+202E. */
  | "bidi"
  /** Confusable non-ASCII characters in a structural position (verb, keyword, name). */
  | "homoglyph"
  /** A word mixing Latin letters with look-alike letters of another script. */
  | "mixed_script";

export type SanitizerAction =
  /** Removed from the text that is decoded. */
  | "stripped"
  /** Kept unchanged and reported. */
  | "flagged"
  /** Folded to its ASCII prototype before decoding. */
  | "normalized"
  /** Made the payload fail with `unsafe_content` (only inside the error's details). */
  | "rejected";

export interface SanitizerHit {
  kind: SanitizerHitKind;
  /** UTF-16 offset in the original payload. */
  offset: number;
  action: SanitizerAction;
  /** The invisible character, or the first confusable character of the token. */
  codePoint: number;
  /** homoglyph / mixed_script: the token as written. */
  text?: string;
  /** homoglyph / mixed_script: the all-ASCII look-alike, when every confusable has one. */
  replacement?: string;
  /** homoglyph / mixed_script: where the token sits in the grammar. */
  role?: TextRole;
}

export interface SanitizerReport {
  /** Hits in offset order; at most `maxHits` of them (see `truncated`). */
  hits: SanitizerHit[];
  /** Exact number of hits per kind, including those past `maxHits`. */
  counts: Record<SanitizerHitKind, number>;
  /** More hits were found than were kept. */
  truncated: boolean;
  /** The decoded text differs from the payload: something was stripped or folded. */
  changed: boolean;
}

export function emptyCounts(): Record<SanitizerHitKind, number> {
  return { zero_width: 0, invisible: 0, bidi: 0, homoglyph: 0, mixed_script: 0 };
}

/** Accumulates hits with a cap, so a hostile payload cannot make the report unbounded. */
export class HitCollector {
  private readonly hits: SanitizerHit[] = [];
  private readonly counts = emptyCounts();
  private truncated = false;
  private changed = false;

  constructor(private readonly maxHits: number) {}

  /** Starts from an earlier report (the raw-text pass), keeping its counts exact. */
  static from(report: SanitizerReport, maxHits: number): HitCollector {
    const collector = new HitCollector(maxHits);
    collector.hits.push(...report.hits.slice(0, maxHits));
    Object.assign(collector.counts, report.counts);
    collector.truncated = report.truncated || report.hits.length > maxHits;
    collector.changed = report.changed;
    return collector;
  }

  add(hit: SanitizerHit): void {
    this.counts[hit.kind]++;
    if (hit.action === "stripped" || hit.action === "normalized") this.changed = true;
    if (this.hits.length < this.maxHits) this.hits.push(hit);
    else this.truncated = true;
  }

  /** No more hits will be kept; callers may skip building them and only `countDropped`. */
  get full(): boolean {
    return this.hits.length >= this.maxHits;
  }

  /**
   * Counts a hit past the cap without building it: the counts stay exact and the report says it
   * was truncated, while a hostile payload costs no offsets, folds or objects per extra hit.
   * Only for hits that change nothing (flagged); a stripped or normalized hit must go to `add`.
   */
  countDropped(kind: SanitizerHitKind): void {
    this.counts[kind]++;
    this.truncated = true;
  }

  report(): SanitizerReport {
    const hits = [...this.hits].sort((a, b) => a.offset - b.offset);
    return { hits, counts: { ...this.counts }, truncated: this.truncated, changed: this.changed };
  }
}

export interface LocatedHit extends SanitizerHit {
  /** 1-based line in the original payload. */
  line: number;
  /** 1-based column, in code points. */
  column: number;
}

/**
 * Adds line and column to hits in one pass over the source (hits must be in offset order, as a
 * report gives them), so locating many hits stays linear.
 */
export function locateHits(source: string, hits: readonly SanitizerHit[]): LocatedHit[] {
  const located: LocatedHit[] = [];
  let line = 1;
  let column = 1;
  let position = 0;
  for (const hit of hits) {
    const target = Math.max(0, Math.min(hit.offset, source.length));
    if (target < position) {
      throw new RangeError("locateHits needs hits in offset order");
    }
    for (; position < target; position++) {
      const unit = source.charCodeAt(position);
      if (unit === 10) {
        line++;
        column = 1;
      } else if (unit < 0xdc00 || unit > 0xdfff) {
        // A surrogate pair is one code point: count only its high half.
        column++;
      }
    }
    located.push({ ...hit, line, column });
  }
  return located;
}
