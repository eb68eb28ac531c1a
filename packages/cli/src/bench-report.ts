/**
 * `silpc bench report`: builds the report model from the study folder or from results files,
 * writes the HTML, prints where it went and whether the published tables were reproduced.
 * Exit 1 when a published table differs from its recomputation.
 */
import { loadTokens } from "./optional-packages.js";
import { studyDirOption } from "./study-dir.js";
import { readFileSync, writeFileSync } from "node:fs";
import {
  buildReport,
  latestRecords,
  loadStudy,
  parseJsonLines,
  parseRecords,
  renderHtml,
  tokenStatsFromCounter,
  tokenStatsFromVarianceCsv,
  type AblationRecord,
  type FrontendTokenStats,
  type HeartbeatRecord,
  type MatrixRecord,
  type RecordKind,
  type ReportInputs,
} from "@silp/bench";
import { numberFlag } from "./flag-values.js";
import { EXIT_INVALID, EXIT_OK, UsageError, writeJson, writeOut } from "./io.js";
import { loadTokenizersWithProgress } from "./tokenizer-progress.js";

export interface BenchReportFlags {
  study?: string | boolean;
  results?: string[];
  out: string;
  title?: string;
  tokenizers?: string;
  fidelityFloor: string;
  quiet?: boolean;
  json?: boolean;
}

/** The kind of a results file, from its first record's distinguishing field. */
function kindOf(first: unknown, path: string): RecordKind {
  const r = first as Record<string, unknown>;
  if (r && "n_value" in r) return "heartbeat";
  if (r && "condition" in r) return "ablation";
  if (r && "frontend" in r) return "matrix";
  throw new UsageError(`${path}: not a results file of silpc bench run (no frontend, n_value or condition field)`);
}

function readResults(paths: readonly string[]): Pick<ReportInputs, "matrix" | "heartbeat" | "ablation"> {
  const matrix: MatrixRecord[] = [];
  const heartbeat: HeartbeatRecord[] = [];
  const ablation: AblationRecord[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const values = parseJsonLines(text, path, true);
    if (values.length === 0) continue;
    const kind = kindOf(values[0], path);
    const records = parseRecords(text, kind, path, true);
    if (kind === "matrix") matrix.push(...(records as MatrixRecord[]));
    else if (kind === "heartbeat") heartbeat.push(...(records as HeartbeatRecord[]));
    else ablation.push(...(records as AblationRecord[]));
  }
  return { matrix: latestRecords("matrix", matrix), heartbeat: latestRecords("heartbeat", heartbeat), ablation: latestRecords("ablation", ablation) };
}

async function countPayloadTokens(records: readonly MatrixRecord[], flags: BenchReportFlags): Promise<FrontendTokenStats[]> {
  const tokenizers = await loadTokenizersWithProgress({ tokenizers: flags.tokenizers!, ...(flags.quiet ? { quiet: true } : {}) });
  const { countTokens } = await loadTokens("--tokenizers");
  const byName = new Map(tokenizers.map((t) => [t.name as string, t]));
  const payloads = [
    ...new Map(records.filter((r) => r.encoded !== "").map((r) => [`${r.frontend}\u0000${r.encoded}`, { frontend: r.frontend, text: r.encoded }])).values(),
  ];
  return tokenStatsFromCounter(payloads, (text, name) => countTokens(byName.get(name)!, text), [...byName.keys()]);
}

export async function benchReport(flags: BenchReportFlags): Promise<number> {
  const results = flags.results ?? [];
  if (flags.study && results.length > 0) throw new UsageError("give either --study [DIR] or one or more --results FILE, not both");
  // Without results files the report is the study's, from the default folder unless one is named.
  const studyDir = results.length === 0 ? studyDirOption(flags.study ?? true) : undefined;
  const fidelityFloor = numberFlag("--fidelity-floor", flags.fidelityFloor, 0, 1);
  let inputs: ReportInputs;
  if (studyDir !== undefined) {
    if (flags.tokenizers) throw new UsageError("--tokenizers applies to --results; the study's token table (phase0) is used with --study");
    const study = loadStudy(studyDir);
    const variance = study.published.tokenizerVariance;
    inputs = {
      title: flags.title ?? "SILP study: recomputed from the published raw records",
      source: studyDir,
      matrix: study.phase2,
      heartbeat: study.heartbeat,
      ablation: study.ablation,
      published: study.published,
      ...(variance ? { tokens: tokenStatsFromVarianceCsv(variance), tokenSource: "the study's phase0/tokenizer_variance.csv (6 tokenizers, 9 cases)" } : {}),
      fitness: { fidelityFloor },
    };
  } else {
    const records = readResults(results);
    const tokens = flags.tokenizers && records.matrix?.length ? await countPayloadTokens(records.matrix, flags) : undefined;
    inputs = {
      title: flags.title ?? "SILP benchmark run",
      source: results.join(", "),
      ...records,
      ...(tokens ? { tokens, tokenSource: `payloads of the run counted on ${flags.tokenizers}` } : {}),
      fitness: { fidelityFloor },
    };
  }
  const model = buildReport(inputs);
  const html = renderHtml(model);
  writeFileSync(flags.out, html);
  const mismatches = model.reproduction.filter((c) => c.status === "mismatch");
  if (flags.json) {
    writeJson({ out: flags.out, bytes: Buffer.byteLength(html), counts: model.counts, reproduction: model.reproduction });
  } else {
    const lines = [
      `wrote ${flags.out} (${Buffer.byteLength(html)} bytes; ${model.counts.matrix} matrix, ${model.counts.heartbeat} heartbeat, ${model.counts.ablation} ablation records)`,
    ];
    for (const c of model.reproduction) {
      const detail = c.firstDifference
        ? ` (line ${c.firstDifference.line}: published "${c.firstDifference.published}", recomputed "${c.firstDifference.recomputed}")`
        : "";
      lines.push(`${c.status === "match" ? "reproduced" : c.status === "mismatch" ? "DIFFERS   " : "unpublished"} ${c.table}${detail}`);
    }
    writeOut(lines.join("\n"));
  }
  return mismatches.length > 0 ? EXIT_INVALID : EXIT_OK;
}
