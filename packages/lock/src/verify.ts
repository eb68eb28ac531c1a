/**
 * Verification of a chained lock file. One linear pass: parse each line, check its shape, its
 * own hashes, its link to the record before it, and replay the freeze rules. One edit yields
 * problems on the line it touched, not on every line after it: links are checked against the
 * stored `hash` of the previous record (so a record whose content was edited breaks only its
 * own hash), and the line after an unreadable line is not blamed for the break (the unreadable
 * line is already reported, and an unlock whose seal may be on that line is not blamed either).
 * Every record line must also be byte for byte the sealer's serialization (serialize.ts), which
 * catches the edits that leave the parsed value and so every hash alone.
 */
import { SilpError } from "silp";
import { canonicalHash } from "./hash.js";
import { parseLines } from "./lines.js";
import { type LockProblem, type LockReport, ProblemList } from "./problems.js";
import { computeRecordHash, lockKey, outputHash, recordShapeDefect, type LockRecord, type SealRecord } from "./record.js";
import { firstDifference, serializeRecord } from "./serialize.js";

export interface VerifyOptions {
  /**
   * A record hash recorded earlier (e.g. a `head` kept outside the file). The chain must still
   * contain it; this catches history that was cut at the end or rewritten wholesale, which a
   * hash chain without an outside anchor cannot detect (docs/lock.md, "Threat model").
   */
  anchor?: string;
}

export interface LockEntry {
  line: number;
  record: LockRecord;
}

export interface LockInspection {
  report: LockReport;
  /** Every well-shaped record in file order, with its line (including ones that fail checks). */
  entries: LockEntry[];
  /** The seal in force for each lock key after replaying the file. */
  frozen: Map<string, SealRecord>;
}

export function verifyLockText(text: string, options: VerifyOptions = {}): LockReport {
  return inspectLock(text, options).report;
}

export function inspectLock(text: string, options: VerifyOptions = {}): LockInspection {
  const checker = new ChainChecker();
  checker.addText(text);
  return checker.inspection(options);
}

/**
 * The verifier's state after the lines fed so far. Feeding the lines of a file in pieces gives
 * the same result as feeding it whole, which lets a writer that appended to a file it had fully
 * verified check only what was added since (see CompileLock).
 */
export class ChainChecker {
  readonly entries: LockEntry[] = [];
  readonly frozen = new Map<string, SealRecord>();
  readonly #problems = new ProblemList();
  #lines = 0;
  #previous: LockRecord | undefined;
  #unreadableSincePrevious = false;
  // After an unreadable line the freeze state is partly unknown (that line may have been a seal).
  #unreadableSeen = false;
  /** Whether the text fed so far ends at a line boundary (only then can more text follow). */
  #complete = true;

  /** Whether more text may be fed: everything so far ended with a newline. */
  get complete(): boolean {
    return this.#complete;
  }

  get ok(): boolean {
    return this.#problems.size === 0;
  }

  /** Checks `text`, which continues the text fed before (from a line boundary). */
  addText(text: string): void {
    if (!this.#complete) throw new Error("ChainChecker: text after an unterminated line");
    if (text.length === 0) return;
    const { lines, problems } = parseLines(text, this.#lines + 1);
    // Problems are fed in line order (a line's parse problem before its record's), so the
    // report's cap keeps the first ones of the file. A loop, not push(...problems): a file of
    // 200K bad lines would overflow the stack (RangeError).
    let next = 0;
    for (const { line, text: content, value } of lines) {
      for (; next < problems.length && (problems[next]?.line ?? 0) <= line; next++) this.#problems.add(problems[next] as LockProblem);
      this.#addLine(line, content, value);
    }
    for (; next < problems.length; next++) this.#problems.add(problems[next] as LockProblem);
    this.#lines += lines.length;
    this.#complete = text.endsWith("\n");
  }

  /** The report and records for the text fed so far; `options.anchor` is checked here. */
  inspection(options: VerifyOptions = {}): LockInspection {
    const problems = [...this.#problems.listed];
    if (options.anchor !== undefined && !this.entries.some((entry) => entry.record.hash === options.anchor)) {
      problems.push({
        kind: "anchor_missing",
        message: `no record has the anchored hash ${options.anchor}: history was cut or rewritten`,
      });
    }
    problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    const report: LockReport = {
      ok: problems.length === 0 && this.#problems.dropped === 0,
      lines: this.#lines,
      records: this.entries.length,
      head: this.#previous?.hash ?? null,
      problems,
      problemsDropped: this.#problems.dropped,
    };
    return { report, entries: this.entries, frozen: this.frozen };
  }

  #addLine(line: number, text: string, value: unknown): void {
    if (value === undefined) {
      this.#unreadableSincePrevious = this.#unreadableSeen = true; // already reported by parseLines
      return;
    }
    const defect = recordShapeDefect(value);
    if (defect !== undefined) {
      this.#problems.add({ line, kind: "invalid_record", message: defect });
      this.#unreadableSincePrevious = this.#unreadableSeen = true;
      return;
    }
    const record = value as LockRecord;
    const found = [...canonicalProblems(line, text, record), ...contentProblems(line, record)];
    if (!this.#unreadableSincePrevious) found.push(...linkProblems(line, record, this.#previous));
    found.push(...replayFreeze(line, record, this.frozen, this.#unreadableSeen));
    for (const problem of found) this.#problems.add(problem);
    this.entries.push({ line, record });
    this.#previous = record;
    this.#unreadableSincePrevious = false;
  }
}

/**
 * The line against the sealer's serialization of the value it parses to. A value with no
 * canonical form cannot match its stored hash either, and is reported there instead.
 */
function canonicalProblems(line: number, text: string, record: LockRecord): LockProblem[] {
  const canonical = hashOrDefect(() => serializeRecord(record as unknown as Record<string, unknown>));
  if (canonical === undefined) return [];
  const at = firstDifference(text, canonical);
  if (at < 0) return [];
  const column = [...text.slice(0, at)].length + 1;
  return [
    {
      line,
      column,
      kind: "non_canonical",
      message:
        `not byte for byte the canonical serialization the sealer writes: at column ${column} ${excerpt(text, at)} ` +
        `where ${excerpt(canonical, at)} belongs (a duplicated key, an escape, key order, a number's spelling or whitespace was edited)`,
    },
  ];
}

/** A short, escaped view of `text` from `at`, for a problem message. */
function excerpt(text: string, at: number): string {
  if (at >= text.length) return "the end of the line";
  const piece = text.slice(at, at + 16);
  return JSON.stringify(piece) + (at + 16 < text.length ? "…" : "");
}

/** The record's own hashes: output, IR and record. */
function contentProblems(line: number, record: LockRecord): LockProblem[] {
  const problems: LockProblem[] = [];
  if (record.kind === "seal") {
    if (outputHash(record.compiled) !== record.output_hash) {
      problems.push({ line, kind: "output_hash_mismatch", message: "output_hash is not the SHA-256 of compiled" });
    }
    const irHash = hashOrDefect(() => canonicalHash(record.ir, "lock_violation"));
    if (irHash !== record.ir_hash) {
      problems.push({ line, kind: "ir_hash_mismatch", message: "ir_hash is not the SHA-256 of the JCS form of ir" });
    }
  }
  const hash = hashOrDefect(() => computeRecordHash(record as unknown as Record<string, unknown>));
  if (hash !== record.hash) {
    problems.push({ line, kind: "record_hash_mismatch", message: "hash does not match the record's content" });
  }
  return problems;
}

/** A value JCS cannot hash (lone surrogate, absurd nesting) cannot match any stored hash. */
function hashOrDefect(compute: () => string): string | undefined {
  try {
    return compute();
  } catch (error) {
    if (error instanceof SilpError || error instanceof RangeError) return undefined;
    throw error;
  }
}

function linkProblems(line: number, record: LockRecord, previous: LockRecord | undefined): LockProblem[] {
  const problems: LockProblem[] = [];
  const expectedPrev = previous?.hash ?? null;
  if (record.prev !== expectedPrev) {
    problems.push({
      line,
      kind: "chain_broken",
      message:
        previous === undefined
          ? "the first record must have prev null: records before it were deleted, or it was moved"
          : `prev does not match the hash of the record on the line before: a record was deleted, inserted or moved`,
    });
  }
  const expectedSeq = previous === undefined ? 0 : previous.seq + 1;
  if (record.seq !== expectedSeq) {
    const missing = record.seq - expectedSeq;
    problems.push({
      line,
      kind: "sequence_mismatch",
      message:
        missing > 0
          ? `seq ${record.seq} where ${expectedSeq} was expected: ${missing} record(s) missing before this line`
          : `seq ${record.seq} where ${expectedSeq} was expected: records reordered or duplicated`,
    });
  }
  return problems;
}

/** Applies the record to the freeze state, reporting a seal over a lock or an unlock of nothing. */
function replayFreeze(line: number, record: LockRecord, frozen: Map<string, SealRecord>, sealsMayBeUnreadable: boolean): LockProblem[] {
  const key = lockKey(record.ir_hash, record.frontend);
  const current = frozen.get(key);
  if (record.kind === "seal") {
    if (current !== undefined) {
      // The first seal stays in force: that is what first-pass freezing means.
      return [
        {
          line,
          kind: "freeze_violation",
          message: `seals (IR ${record.ir_hash.slice(7, 19)}, ${record.frontend}) again without an unlock after seq ${current.seq}`,
        },
      ];
    }
    frozen.set(key, record);
    return [];
  }
  if (current === undefined) {
    if (sealsMayBeUnreadable) return []; // its seal may be on an unreadable line, already reported
    return [{ line, kind: "freeze_violation", message: `unlocks (IR ${record.ir_hash.slice(7, 19)}, ${record.frontend}), which is not locked` }];
  }
  frozen.delete(key);
  return [];
}
