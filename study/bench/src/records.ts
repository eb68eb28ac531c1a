/**
 * The study's result records (one JSON object per line) and their validation.
 *
 * Three kinds share one core: a matrix run (case x frontend x model), a heartbeat turn
 * (model x N x seed x turn) and an ablation run (case x condition x model). The runner writes
 * the same shapes, so a new run and the published study go through the same analysis.
 * Lines are untrusted: a malformed one is a positioned `invalid_syntax`, a line with missing or
 * mistyped fields a `decode_failed` naming the field; extra fields are kept.
 */
import { SilpError } from "silp";
import type { Verdict } from "./judge/types.js";

export interface RunRecordCore {
  case_id: string;
  model: string;
  encoded: string;
  model_response: string;
  judge_verdict: Verdict;
  judge_reason: string;
  /**
   * "dual", "dual_fallback", "rule", a judge model name, "error" (model failed), "judge_error"
   * (the LLM judge failed, --judge llm) or "compile_error".
   */
  judge: string;
  rule_verdict?: Verdict | null;
  rule_reason?: string | null;
  llm_verdict?: Verdict | "error" | null;
  llm_reason?: string | null;
  elapsed: number;
  retries: number;
  timestamp: string;
  first_pass: boolean;
  [extra: string]: unknown;
}

export interface MatrixRecord extends RunRecordCore {
  frontend: string;
}

export interface HeartbeatRecord extends RunRecordCore {
  n_value: number;
  seed: number;
  turn: number;
  session_id: string;
  context_turns: number;
}

export interface AblationRecord extends RunRecordCore {
  condition: string;
}

export interface RecordByKind {
  matrix: MatrixRecord;
  heartbeat: HeartbeatRecord;
  ablation: AblationRecord;
}

export type RecordKind = keyof RecordByKind;

type FieldCheck = "string" | "number" | "integer" | "boolean" | "verdict" | "optional-verdict" | "optional-string";

const CORE_FIELDS: Record<string, FieldCheck> = {
  case_id: "string",
  model: "string",
  encoded: "string",
  model_response: "string",
  judge_verdict: "verdict",
  judge_reason: "string",
  judge: "string",
  rule_verdict: "optional-verdict",
  rule_reason: "optional-string",
  llm_verdict: "optional-verdict",
  llm_reason: "optional-string",
  elapsed: "number",
  retries: "integer",
  timestamp: "string",
  first_pass: "boolean",
};

const KIND_FIELDS: Record<RecordKind, Record<string, FieldCheck>> = {
  matrix: { frontend: "string" },
  heartbeat: { n_value: "integer", seed: "integer", turn: "integer", session_id: "string", context_turns: "integer" },
  ablation: { condition: "string" },
};

function fieldOk(value: unknown, check: FieldCheck): boolean {
  switch (check) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return Number.isSafeInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "verdict":
      return value === "pass" || value === "fail";
    case "optional-verdict":
      return value === undefined || value === null || value === "pass" || value === "fail" || value === "error";
    case "optional-string":
      return value === undefined || value === null || typeof value === "string";
  }
}

/** Checks one parsed line against the record kind; returns it typed or throws `decode_failed`. */
export function asRecord<K extends RecordKind>(value: unknown, kind: K, where: string): RecordByKind[K] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SilpError("decode_failed", `${where}: a ${kind} record must be a JSON object`);
  }
  const obj = value as Record<string, unknown>;
  for (const [name, check] of Object.entries({ ...CORE_FIELDS, ...KIND_FIELDS[kind] })) {
    if (!fieldOk(obj[name], check)) {
      throw new SilpError("decode_failed", `${where}: field "${name}" of a ${kind} record must be ${check}`, {
        path: `/${name}`,
        expected: [check],
      });
    }
  }
  return obj as never;
}

/**
 * Splits JSON Lines text into parsed values. Blank lines are skipped. A line that is not JSON is
 * an `invalid_syntax` error positioned at the start of that line; `allowTruncatedTail` tolerates
 * a last line cut short by an interrupted writer (the runner's resume case) and drops it.
 */
export function parseJsonLines(text: string, source: string, allowTruncatedTail = false): unknown[] {
  const out: unknown[] = [];
  let offset = 0;
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === "") return;
    try {
      out.push(JSON.parse(line));
    } catch (error) {
      const isLast = lines.slice(index + 1).every((rest) => rest.trim() === "");
      if (allowTruncatedTail && isLast) return;
      throw new SilpError("invalid_syntax", `${source}: line ${index + 1} is not valid JSON`, {
        source: text,
        offset: start,
        cause: error,
      });
    }
  });
  return out;
}

/**
 * The line a run writes into its results file before its first record (docs/bench.md, "Run
 * header"): who ran what, with which settings. A resumed run appends its own header; records
 * name their header by `run_id`. The study's files have none.
 */
export interface RunHeader {
  silp_bench_run: 1;
  run_id: string;
  label: string | null;
  harness_version: string;
  mode: string;
  started: string;
  settings: Record<string, unknown>;
  [extra: string]: unknown;
}

export function isRunHeader(value: unknown): value is RunHeader {
  return typeof value === "object" && value !== null && (value as { silp_bench_run?: unknown }).silp_bench_run === 1;
}

/** Parses and validates a whole JSON Lines file of one record kind; run headers are skipped. */
export function parseRecords<K extends RecordKind>(text: string, kind: K, source: string, allowTruncatedTail = false): Array<RecordByKind[K]> {
  return parseJsonLines(text, source, allowTruncatedTail)
    .filter((value) => !isRunHeader(value))
    .map((value, i) => asRecord(value, kind, `${source} record ${i + 1}`));
}

/** The run headers of a results file, in order. */
export function parseRunHeaders(text: string, source: string): RunHeader[] {
  return parseJsonLines(text, source, true).filter(isRunHeader);
}
