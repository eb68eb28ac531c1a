/**
 * Checks lock files in the reference implementation's format (one JSON object per line with
 * `frontend`, `compiled`, `ir_hash`, `output_hash`, `timestamp`, `verified`; no chain), such as
 * the study corpus's phase2/compile.lock.jsonl. Only `output_hash == sha256(compiled)` can be
 * checked: the reference's `ir_hash` is over its own pydantic serialization, which has no
 * specification to recompute it from, and its stored `verified` flag is self-asserted, so it is
 * ignored. Without a chain, deleted or reordered records cannot be detected (docs/lock.md).
 */
import { HASH_PATTERN } from "./hash.js";
import { isPlainObject } from "silp/util";
import { parseLines } from "./lines.js";
import { type LockProblem, type LockReport, ProblemList } from "./problems.js";
import { outputHash } from "./record.js";

export interface LegacyRecord {
  frontend: string;
  compiled: string;
  output_hash: string;
  ir_hash?: string;
  timestamp?: string;
  verified?: boolean;
}

/** The defect of one legacy record, or undefined when its output hash verifies. */
export function legacyRecordProblem(value: unknown): Pick<LockProblem, "kind" | "message"> | undefined {
  if (!isPlainObject(value)) return { kind: "invalid_record", message: "a record must be a JSON object" };
  for (const field of ["frontend", "compiled", "output_hash"]) {
    if (typeof value[field] !== "string") return { kind: "invalid_record", message: `${field} must be a string` };
  }
  const stored = value.output_hash as string;
  if (!HASH_PATTERN.test(stored)) {
    return { kind: "invalid_record", message: 'output_hash must be "sha256:" followed by 64 lowercase hex digits' };
  }
  if (outputHash(value.compiled as string) !== stored) {
    return { kind: "output_hash_mismatch", message: "output_hash is not the SHA-256 of compiled" };
  }
  return undefined;
}

/** Verifies every line of a legacy lock file; `head` is always null (there is no chain). */
export function verifyLegacyLockText(text: string): LockReport {
  const parsed = parseLines(text);
  const problems = new ProblemList();
  let records = 0;
  let next = 0;
  // In line order (a line's parse problem first), so the cap keeps the file's first problems.
  for (const { line, value } of parsed.lines) {
    for (; next < parsed.problems.length && (parsed.problems[next]?.line ?? 0) <= line; next++) problems.add(parsed.problems[next] as LockProblem);
    if (value === undefined) continue;
    const problem = legacyRecordProblem(value);
    if (problem === undefined || problem.kind !== "invalid_record") records++;
    if (problem !== undefined) problems.add({ line, ...problem });
  }
  return { ok: problems.size === 0, lines: parsed.lines.length, records, head: null, problems: problems.listed, problemsDropped: problems.dropped };
}
