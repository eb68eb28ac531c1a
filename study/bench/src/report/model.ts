/**
 * Everything a report shows, computed once from raw records: the data model behind both the
 * HTML report and `silpc bench report --json`. Sections are present only when their records are
 * (a new matrix run has no heartbeat section, and so on).
 */
import { ablationMatrix, compareConditions, formatAblationCsv, type AblationMatrix, type ConditionComparison } from "../analysis/ablation.js";
import {
  compareWithBaseline,
  errorPropagation,
  formatHeartbeatSummaryCsv,
  heartbeatSummary,
  passRateByContextDepth,
  type BaselineComparison,
  type HeartbeatSummaryRow,
  type PropagationResult,
} from "../analysis/heartbeat.js";
import {
  crossModelSpearman,
  formatMatrixCsv,
  formatMcNemarCsv,
  formatSpearmanJson,
  pairwiseMcNemar,
  passRate,
  passRateMatrix,
  type McNemarRow,
  type PassRateMatrix,
  type SpearmanReport,
} from "../analysis/phase2.js";
import type { FrontendTokenStats } from "../analysis/token-stats.js";
import type { RunComparison } from "../analysis/compare.js";
import { isAnswered, outcomeTable, type OutcomeOptions, type OutcomeTable } from "../analysis/outcomes.js";
import { holm } from "../stats/multiple-testing.js";
import { rankFrontendsPerModel, type RankedFrontend, type RankOptions } from "../layers/fitness.js";
import { screenAllProxies, scoresFromRates, type ScreeningResult } from "../layers/migration.js";
import type { AblationRecord, HeartbeatRecord, MatrixRecord, RunHeader } from "../records.js";
import type { PublishedTables } from "../study.js";
import { compareTable, type ReproductionCheck } from "./reproduction.js";

export interface ReportInputs {
  title: string;
  /** Where the records came from, shown in the header. */
  source: string;
  matrix?: readonly MatrixRecord[];
  heartbeat?: readonly HeartbeatRecord[];
  ablation?: readonly AblationRecord[];
  tokens?: readonly FrontendTokenStats[];
  tokenSource?: string;
  published?: PublishedTables;
  fitness?: RankOptions;
  /** How errors enter pass rates (default: excluded, counted beside the rate). */
  outcomes?: OutcomeOptions;
  /** Run headers of the results files (provenance shown in the report). */
  runs?: readonly RunHeader[];
  /** A comparison of two runs (`--compare A B`). */
  compare?: RunComparison;
  /** Which file won where --results files shared keys. */
  overlap?: { keys: number; prefer: "earlier" | "later" };
  /** USD per million prompt / completion tokens, per model, for the cost column. */
  prices?: ReadonlyMap<string, { prompt: number; completion: number }>;
}

export interface JudgeAgreement {
  both: number;
  agree: number;
  /** LLM pass, rule fail: the rule judge's false negatives if the LLM judge is right. */
  ruleStricter: number;
  /** LLM fail, rule pass. */
  ruleLaxer: number;
}

export interface ReportModel {
  title: string;
  source: string;
  generatedAt: string;
  counts: { matrix: number; heartbeat: number; ablation: number };
  /** Every run by failure category, per frontend x model, per category, per model. */
  outcomes?: OutcomeTable;
  runs: readonly RunHeader[];
  compare?: RunComparison;
  overlap?: { keys: number; prefer: "earlier" | "later" };
  prices?: ReadonlyMap<string, { prompt: number; completion: number }>;
  phase2?: {
    matrix: PassRateMatrix;
    mcnemar: McNemarRow[];
    /** Holm-adjusted p of each McNemar row (the stars use these). */
    mcnemarHolm: number[];
    spearman: SpearmanReport;
    agreement: JudgeAgreement;
    fitness: Map<string, RankedFrontend[]>;
    screening: ScreeningResult[];
  };
  heartbeat?: {
    summary: HeartbeatSummaryRow[];
    propagation: PropagationResult[];
    baseline: BaselineComparison[];
    depth: Map<string, Array<{ depth: number; pass: number; total: number }>>;
  };
  ablation?: { matrix: AblationMatrix; comparisons: ConditionComparison[]; comparisonsHolm: number[] };
  tokens?: { stats: readonly FrontendTokenStats[]; source: string };
  reproduction: ReproductionCheck[];
}

function judgeAgreement(records: readonly MatrixRecord[]): JudgeAgreement {
  const out = { both: 0, agree: 0, ruleStricter: 0, ruleLaxer: 0 };
  for (const r of records) {
    if ((r.llm_verdict !== "pass" && r.llm_verdict !== "fail") || (r.rule_verdict !== "pass" && r.rule_verdict !== "fail")) continue;
    out.both++;
    if (r.llm_verdict === r.rule_verdict) out.agree++;
    else if (r.llm_verdict === "pass") out.ruleStricter++;
    else out.ruleLaxer++;
  }
  return out;
}

export function buildReport(inputs: ReportInputs): ReportModel {
  const reproduction: ReproductionCheck[] = [];
  const model: ReportModel = {
    title: inputs.title,
    source: inputs.source,
    generatedAt: new Date().toISOString(),
    counts: { matrix: inputs.matrix?.length ?? 0, heartbeat: inputs.heartbeat?.length ?? 0, ablation: inputs.ablation?.length ?? 0 },
    reproduction,
    runs: inputs.runs ?? [],
    ...(inputs.compare ? { compare: inputs.compare } : {}),
    ...(inputs.overlap ? { overlap: inputs.overlap } : {}),
    ...(inputs.prices ? { prices: inputs.prices } : {}),
  };
  const published = inputs.published;
  const check = (table: string, text: string | undefined, recomputed: string): void => {
    if (published) reproduction.push(compareTable(table, text, recomputed));
  };

  if (inputs.matrix?.length) {
    model.outcomes = outcomeTable(inputs.matrix, inputs.outcomes);
    // Rates and tests over answered runs unless errors count as failures; the study's records
    // hold no errors, so its tables are unchanged by this.
    const scored = inputs.outcomes?.errorsAsFailures ? inputs.matrix : inputs.matrix.filter(isAnswered);
    const matrix = passRateMatrix(scored);
    const mcnemar = pairwiseMcNemar(scored);
    const spearman = crossModelSpearman(scored);
    const rates = matrix.models.flatMap((m) => matrix.frontends.map((f) => ({ model: m, frontend: f, rate: passRate(matrix, f, m) })));
    model.phase2 = {
      matrix,
      mcnemar,
      mcnemarHolm: holm(mcnemar.map((r) => r.pValue)),
      spearman,
      agreement: judgeAgreement(inputs.matrix),
      fitness: rankFrontendsPerModel(scored, inputs.tokens ? { tokens: inputs.tokens } : {}, inputs.fitness),
      screening: matrix.models.length > 1 ? screenAllProxies(scoresFromRates(rates)) : [],
    };
    check("phase2/phase2_matrix.csv", published?.phase2Matrix, formatMatrixCsv(matrix));
    check("phase2/mcnemar_pairwise.csv", published?.mcnemarPairwise, formatMcNemarCsv(mcnemar));
    check("phase2/phase2_spearman.json", published?.spearmanJson, formatSpearmanJson(spearman));
  }
  if (inputs.heartbeat?.length) {
    const summary = heartbeatSummary(inputs.heartbeat);
    model.heartbeat = {
      summary,
      propagation: errorPropagation(inputs.heartbeat),
      baseline: compareWithBaseline(inputs.heartbeat),
      depth: passRateByContextDepth(inputs.heartbeat),
    };
    check("phase3_heartbeat/phase3_heartbeat_summary.csv", published?.heartbeatSummary, formatHeartbeatSummaryCsv(summary));
  }
  if (inputs.ablation?.length) {
    const matrix = ablationMatrix(inputs.ablation);
    const comparisons = compareConditions(inputs.ablation);
    model.ablation = { matrix, comparisons, comparisonsHolm: holm(comparisons.map((c) => c.pValue)) };
    check("phase3_ablation/ablation_matrix.csv", published?.ablationMatrix, formatAblationCsv(matrix));
  }
  if (inputs.tokens?.length) model.tokens = { stats: inputs.tokens, source: inputs.tokenSource ?? "supplied" };
  return model;
}
