/**
 * Loads the published study (the corpus folder described in its README): the 27 cases, the
 * compile lock of the exact strings shown to the models, the raw records of phase 2, the
 * heartbeat and the ablation, and the published tables they were summarised into.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SilpError } from "silp";
import { loadCaseFolder, type BenchCase } from "./cases.js";
import { parseJsonLines, parseRecords, type AblationRecord, type HeartbeatRecord, type MatrixRecord, type RecordByKind, type RecordKind } from "./records.js";

/** One line of phase2/compile.lock.jsonl, with the case it belongs to. */
export interface CompiledPayload {
  case_id: string;
  frontend: string;
  compiled: string;
}

export interface PublishedTables {
  phase2Matrix?: string;
  mcnemarPairwise?: string;
  spearmanJson?: string;
  heartbeatSummary?: string;
  ablationMatrix?: string;
  tokenizerVariance?: string;
}

export interface Study {
  dir: string;
  cases: BenchCase[];
  compiled: CompiledPayload[];
  phase2: MatrixRecord[];
  heartbeat: HeartbeatRecord[];
  ablation: AblationRecord[];
  published: PublishedTables;
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/** All `results-*.jsonl` of a phase folder, in file-name order. */
export function loadPhaseRecords<K extends RecordKind>(dir: string, kind: K): Array<RecordByKind[K]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.startsWith("results-") && name.endsWith(".jsonl"))
    .sort();
  return files.flatMap((name) => parseRecords(readFileSync(join(dir, name), "utf8"), kind, join(dir, name)));
}

/**
 * The compile lock lists five records per case in case order without naming the case, so the
 * case is recovered from the position (README: "in case order ..., five records per case").
 */
export function loadCompiledPayloads(path: string, cases: readonly BenchCase[]): CompiledPayload[] {
  const text = readIfExists(path);
  if (text === undefined) return [];
  const rows = parseJsonLines(text, path) as Array<Record<string, unknown>>;
  const perCase = cases.length === 0 ? 0 : rows.length / cases.length;
  if (!Number.isInteger(perCase) || perCase === 0) {
    throw new SilpError("decode_failed", `${path}: ${rows.length} records do not divide evenly over ${cases.length} cases`);
  }
  return rows.map((row, i) => {
    if (typeof row.frontend !== "string" || typeof row.compiled !== "string") {
      throw new SilpError("decode_failed", `${path} record ${i + 1}: frontend and compiled must be strings`);
    }
    return { case_id: cases[Math.floor(i / perCase)]!.id, frontend: row.frontend, compiled: row.compiled };
  });
}

export function loadPublishedTables(dir: string): PublishedTables {
  const tables: PublishedTables = {};
  const assign = (key: keyof PublishedTables, path: string): void => {
    const text = readIfExists(path);
    if (text !== undefined) tables[key] = text;
  };
  assign("phase2Matrix", join(dir, "phase2", "phase2_matrix.csv"));
  assign("mcnemarPairwise", join(dir, "phase2", "mcnemar_pairwise.csv"));
  assign("spearmanJson", join(dir, "phase2", "phase2_spearman.json"));
  assign("heartbeatSummary", join(dir, "phase3_heartbeat", "phase3_heartbeat_summary.csv"));
  assign("ablationMatrix", join(dir, "phase3_ablation", "ablation_matrix.csv"));
  assign("tokenizerVariance", join(dir, "phase0", "tokenizer_variance.csv"));
  return tables;
}

/** Loads a study folder laid out like the corpus. Missing phases load as empty. */
export function loadStudy(dir: string): Study {
  if (!existsSync(join(dir, "cases"))) {
    throw new SilpError("decode_failed", `${dir} is not a study folder (no cases/ inside)`);
  }
  const cases = loadCaseFolder(join(dir, "cases"));
  return {
    dir,
    cases,
    compiled: loadCompiledPayloads(join(dir, "phase2", "compile.lock.jsonl"), cases),
    phase2: loadPhaseRecords(join(dir, "phase2"), "matrix"),
    heartbeat: loadPhaseRecords(join(dir, "phase3_heartbeat"), "heartbeat"),
    ablation: loadPhaseRecords(join(dir, "phase3_ablation"), "ablation"),
    published: loadPublishedTables(dir),
  };
}
