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
  compareRuns,
  isRunHeader,
  latestRecords,
  parseRunHeaders,
  recordKey,
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
  type OutcomeTable,
  type RecordKind,
  type ReportInputs,
  type ReportModel,
  type RunHeader,
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
  prefer?: string;
  compare?: string[];
  errorsAsFailures?: boolean;
  price?: string[];
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

interface ResultsFileContent {
  path: string;
  kind: RecordKind | undefined;
  records: Array<MatrixRecord | HeartbeatRecord | AblationRecord>;
  headers: RunHeader[];
}

function readResultsFile(path: string): ResultsFileContent {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const values = parseJsonLines(text, path, true).filter((v) => !isRunHeader(v));
  const headers = parseRunHeaders(text, path);
  if (values.length === 0) return { path, kind: undefined, records: [], headers };
  const kind = kindOf(values[0], path);
  // Within one file the latest record of a key wins (a resumed run retried it).
  return { path, kind, records: latestRecords(kind, parseRecords(text, kind, path, true) as never[]), headers };
}

/**
 * Merges results files. A key present in two files is two measurements of one run: an error,
 * unless --prefer says which file wins (and the report says so).
 */
function readResults(
  paths: readonly string[],
  prefer: "earlier" | "later" | undefined,
): Pick<ReportInputs, "matrix" | "heartbeat" | "ablation" | "runs" | "overlap"> {
  const byKind: Record<RecordKind, Map<string, { record: unknown; path: string }>> = { matrix: new Map(), heartbeat: new Map(), ablation: new Map() };
  const runs: RunHeader[] = [];
  const overlapping: string[] = [];
  for (const path of paths) {
    const file = readResultsFile(path);
    runs.push(...file.headers);
    if (!file.kind) continue;
    const seen = byKind[file.kind];
    for (const record of file.records) {
      const key = recordKey(file.kind, record);
      const earlier = seen.get(key);
      if (earlier && earlier.path !== path) {
        overlapping.push(`${key} (${earlier.path}, ${path})`);
        if (prefer !== "later") continue;
      }
      seen.set(key, { record, path });
    }
  }
  if (overlapping.length > 0 && prefer === undefined) {
    throw new UsageError(
      `${overlapping.length} keys appear in more than one --results file, e.g. ${overlapping.slice(0, 3).join("; ")}; ` +
        "merge them deliberately with --prefer earlier|later, or compare two runs with --compare A B",
    );
  }
  const values = <T>(kind: RecordKind) => [...byKind[kind].values()].map((v) => v.record as T);
  return {
    matrix: values<MatrixRecord>("matrix"),
    heartbeat: values<HeartbeatRecord>("heartbeat"),
    ablation: values<AblationRecord>("ablation"),
    runs,
    ...(overlapping.length > 0 && prefer ? { overlap: { keys: overlapping.length, prefer } } : {}),
  };
}

/** A run's label: its last header's, else its records', else the file name. */
function labelOf(file: ResultsFileContent): string {
  const fromHeader = file.headers.at(-1)?.label;
  if (typeof fromHeader === "string" && fromHeader !== "") return fromHeader;
  const fromRecord = file.records.find((r) => typeof r.run_label === "string" && r.run_label !== "")?.run_label;
  return typeof fromRecord === "string" ? fromRecord : file.path;
}

function parsePrices(values: readonly string[] | undefined): Map<string, { prompt: number; completion: number }> | undefined {
  if (!values?.length) return undefined;
  const out = new Map<string, { prompt: number; completion: number }>();
  for (const value of values) {
    const match = /^(.+)=([0-9.]+):([0-9.]+)$/.exec(value);
    if (!match) throw new UsageError(`--price must be MODEL=PROMPT:COMPLETION in USD per million tokens, got "${value}"`);
    out.set(match[1]!, { prompt: numberFlag("--price", match[2]!, 0, Number.MAX_VALUE), completion: numberFlag("--price", match[3]!, 0, Number.MAX_VALUE) });
  }
  return out;
}

/** The outcome table as plain JSON (Maps become objects). */
function outcomesJson(t: OutcomeTable | undefined): unknown {
  if (!t) return null;
  const nested = (m: Map<string, Map<string, unknown>>) => Object.fromEntries([...m].map(([k, v]) => [k, Object.fromEntries(v)]));
  return { errorsAsFailures: t.errorsAsFailures, byModel: Object.fromEntries(t.byModel), cells: nested(t.cells), byCategory: nested(t.byCategory) };
}

function reportJson(model: ReportModel, out: string, bytes: number): unknown {
  return {
    out,
    bytes,
    counts: model.counts,
    reproduction: model.reproduction,
    outcomes: outcomesJson(model.outcomes),
    runs: model.runs,
    ...(model.overlap ? { overlap: model.overlap } : {}),
    ...(model.compare ? { compare: model.compare } : {}),
  };
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
  if (flags.prefer !== undefined && flags.prefer !== "earlier" && flags.prefer !== "later")
    throw new UsageError(`--prefer must be earlier or later, got "${flags.prefer}"`);
  if (flags.compare && flags.compare.length !== 2) throw new UsageError(`--compare takes two results files, got ${flags.compare.length}`);
  if (flags.compare && (flags.study || results.length > 0)) throw new UsageError("--compare A B stands alone: no --study or --results with it");
  // Without results files the report is the study's, from the default folder unless one is named.
  const studyDir = results.length === 0 && !flags.compare ? studyDirOption(flags.study ?? true) : undefined;
  const fidelityFloor = numberFlag("--fidelity-floor", flags.fidelityFloor, 0, 1);
  const prices = parsePrices(flags.price);
  const outcomes = { errorsAsFailures: flags.errorsAsFailures === true };
  let inputs: ReportInputs;
  if (flags.compare) {
    const [a, b] = flags.compare.map(readResultsFile) as [ResultsFileContent, ResultsFileContent];
    for (const file of [a, b]) if (file.kind !== "matrix") throw new UsageError(`--compare needs matrix results files; ${file.path} is not one`);
    const labels = { a: labelOf(a), b: labelOf(b) };
    if (labels.a === labels.b) Object.assign(labels, { a: `${labels.a} (${a.path})`, b: `${labels.b} (${b.path})` });
    inputs = {
      title: flags.title ?? `SILP benchmark: ${labels.a} vs ${labels.b}`,
      source: flags.compare.join(" vs "),
      runs: [...a.headers, ...b.headers],
      compare: compareRuns(a.records as MatrixRecord[], b.records as MatrixRecord[], labels),
      outcomes,
      ...(prices ? { prices } : {}),
    };
  } else if (studyDir !== undefined) {
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
    const records = readResults(results, flags.prefer as "earlier" | "later" | undefined);
    const tokens = flags.tokenizers && records.matrix?.length ? await countPayloadTokens(records.matrix, flags) : undefined;
    inputs = {
      title: flags.title ?? "SILP benchmark run",
      source: results.join(", "),
      ...records,
      ...(tokens ? { tokens, tokenSource: `payloads of the run counted on ${flags.tokenizers}` } : {}),
      fitness: { fidelityFloor },
      outcomes,
      ...(prices ? { prices } : {}),
    };
  }
  const model = buildReport(inputs);
  const html = renderHtml(model);
  writeFileSync(flags.out, html);
  const mismatches = model.reproduction.filter((c) => c.status === "mismatch");
  if (flags.json) {
    writeJson(reportJson(model, flags.out, Buffer.byteLength(html)));
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
