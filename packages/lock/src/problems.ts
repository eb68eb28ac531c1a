/**
 * What verification reports. Every problem names the 1-based line of the lock file it was found
 * on, so a person can open the file at that line; problems about the file as a whole (a missing
 * anchor) carry no line.
 */
import { SilpError } from "silp";

export type LockProblemKind =
  /** A line that is not JSON (or is empty), other than an unterminated last line. */
  | "not_json"
  /** The last line has no terminating newline: a write was cut off, or the file was cut. */
  | "truncated"
  /** JSON, but not shaped like a lock record (missing or mistyped field, unknown kind). */
  | "invalid_record"
  /**
   * The line parses to a record but is not byte for byte the serialization the sealer writes
   * (serialize.ts): an edit that leaves the value, and so every hash, alone.
   */
  | "non_canonical"
  /** `output_hash` is not the SHA-256 of `compiled`. */
  | "output_hash_mismatch"
  /** `ir_hash` is not the SHA-256 of the JCS form of the stored `ir`. */
  | "ir_hash_mismatch"
  /** `hash` is not the SHA-256 of the JCS form of the record without `hash`. */
  | "record_hash_mismatch"
  /** `prev` is not the `hash` of the record on the line before: a record was deleted, inserted or moved. */
  | "chain_broken"
  /** `seq` does not follow the previous record's `seq`: records deleted (gap) or reordered/duplicated. */
  | "sequence_mismatch"
  /** A seal over a still-locked (IR, frontend), or an unlock of one that is not locked. */
  | "freeze_violation"
  /** The anchor hash the caller recorded earlier is no longer in the file (history cut or rewritten). */
  | "anchor_missing";

export interface LockProblem {
  /** 1-based line in the lock file; absent for whole-file problems. */
  line?: number;
  /** 1-based column (in code points) within the line, where a position is known (non_canonical). */
  column?: number;
  kind: LockProblemKind;
  message: string;
}

export interface LockReport {
  /** True when no problem was found. */
  ok: boolean;
  /** Lines in the file, counting an unterminated last line. */
  lines: number;
  /** Lines that parsed as well-shaped records (whether or not their hashes verify). */
  records: number;
  /** `hash` of the last well-shaped record: the value to anchor for later verification. */
  head: string | null;
  /** The problems in line order: the first MAX_LISTED_PROBLEMS of them (see `problemsDropped`). */
  problems: LockProblem[];
  /** Problems found beyond MAX_LISTED_PROBLEMS: counted, not listed (a file of a million bad lines gives a bounded report). */
  problemsDropped: number;
}

/** Most problems a report lists; the rest are counted in `problemsDropped` (as decode caps its repairs). */
export const MAX_LISTED_PROBLEMS = 1000;

/**
 * Collects problems fed in line order: keeps the first MAX_LISTED_PROBLEMS, counts the rest.
 * A file-wide problem (no line) added at the end is always kept, so the cap never hides it.
 */
export class ProblemList {
  readonly listed: LockProblem[] = [];
  dropped = 0;

  constructor(readonly max = MAX_LISTED_PROBLEMS) {}

  add(problem: LockProblem): void {
    if (this.listed.length < this.max) this.listed.push(problem);
    else this.dropped++;
  }

  get size(): number {
    return this.listed.length + this.dropped;
  }
}

export function describeProblem(problem: LockProblem): string {
  if (problem.line === undefined) return `${problem.kind}: ${problem.message}`;
  const where = problem.column === undefined ? `line ${problem.line}` : `line ${problem.line}, column ${problem.column}`;
  return `${where}: ${problem.kind}: ${problem.message}`;
}

/** The throwing form of a report: `lock_violation` listing the report's problems in `details.problems`. */
export function assertLockReport(report: LockReport, what = "compile lock"): void {
  if (report.ok) return;
  const first = report.problems[0];
  const total = report.problems.length + report.problemsDropped;
  const more = total > 1 ? ` (and ${total - 1} more)` : "";
  throw new SilpError("lock_violation", `${what} fails verification: ${first ? describeProblem(first) : "unknown problem"}${more}`, {
    details: { problems: report.problems, problemsDropped: report.problemsDropped, head: report.head, records: report.records },
  });
}
