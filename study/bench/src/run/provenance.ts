/**
 * Provenance of a run (docs/bench.md, "Run header" and "Record format"): the settings that make
 * two records comparable, the hashes that tell whether a case or a prompt changed, and the
 * checks a resumed run makes before it appends to a file written with other settings.
 */
import { createHash, randomUUID } from "node:crypto";
import { VERSION } from "silp/util";
import type { BenchCase } from "../cases.js";
import type { RunHeader, RunRecordCore } from "../records.js";

/** Lower-case hex SHA-256 of a UTF-8 text. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A case's fingerprint: SHA-256 of its IR as JSON, in the key order of its file. */
export function caseHash(c: Pick<BenchCase, "ir">): string {
  return sha256Hex(JSON.stringify(c.ir));
}

/** What every record of one run shares beyond its generation settings. */
export interface RunProvenance {
  runId: string;
  label?: string;
  /** The judge model's id (llm and dual judges); null for the rule judge. */
  judgeModel?: string | null;
}

export function newRunId(): string {
  return randomUUID();
}

/** The harness version written into headers and records: the codec's VERSION. */
export const HARNESS_VERSION: string = VERSION;

/**
 * The settings a resumed run must share with the file it appends to. Models map name ->
 * { id, endpoint }; a model only one side has is new work, not a conflict.
 */
export interface RunSettings {
  label: string | null;
  mode: string;
  judge: string;
  judge_model: string | null;
  judge_endpoint: string | null;
  temperature: number;
  max_tokens: number;
  request_seed: number | null;
  stream: boolean;
  payloads: string;
  models: Record<string, { id: string; endpoint: string | null }>;
}

export function runHeader(runId: string, settings: RunSettings, extra: Record<string, unknown> = {}): RunHeader {
  return {
    silp_bench_run: 1,
    run_id: runId,
    label: settings.label,
    harness_version: HARNESS_VERSION,
    mode: settings.mode,
    started: new Date().toISOString(),
    settings: { ...settings },
    ...extra,
  };
}

/** Human-readable differences between the settings a file was run with and the current ones. */
export function settingsConflicts(previous: Record<string, unknown>, current: RunSettings): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(current)) {
    if (name === "models") continue;
    if (!(name in previous)) continue;
    if (JSON.stringify(previous[name]) !== JSON.stringify(value)) out.push(`${name}: ${JSON.stringify(previous[name])} -> ${JSON.stringify(value)}`);
  }
  const before = (previous.models ?? {}) as Record<string, { id?: string; endpoint?: string | null }>;
  for (const [name, now] of Object.entries(current.models)) {
    const then = before[name];
    if (!then) continue;
    if (then.id !== now.id) out.push(`model ${name} id: ${JSON.stringify(then.id)} -> ${JSON.stringify(now.id)}`);
    if ((then.endpoint ?? null) !== now.endpoint) out.push(`model ${name} endpoint: ${then.endpoint ?? "none"} -> ${now.endpoint ?? "none"}`);
  }
  return out;
}

/**
 * Keys whose latest record was written for another version of its case (its case_sha256
 * differs from the case's hash now). A key re-run since has a current latest record.
 */
export function changedCaseRecords<R extends RunRecordCore>(records: readonly R[], cases: readonly BenchCase[], keyOf: (r: R) => string): string[] {
  const hashes = new Map(cases.map((c) => [c.id, caseHash(c)]));
  const latest = new Map<string, R>();
  for (const r of records) latest.set(keyOf(r), r);
  const out: string[] = [];
  for (const [key, r] of latest) {
    const now = hashes.get(r.case_id);
    if (typeof r.case_sha256 === "string" && now !== undefined && r.case_sha256 !== now) out.push(key);
  }
  return out;
}
