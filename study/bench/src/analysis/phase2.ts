/**
 * Phase-2 analysis from raw matrix records (case x frontend x model):
 * - the pass-rate matrix (frontend x model, ranked by the pooled average; `phase2_matrix.csv`),
 * - pairwise McNemar tests between frontends, paired by (case, model) (`mcnemar_pairwise.csv`),
 * - Spearman correlations between models over their per-(case, frontend) outcomes
 *   (`phase2_spearman.json`).
 * The study scored the matrix and McNemar on `first_pass` (the dual verdict) and the Spearman
 * file on `llm_verdict == "pass"` (an LLM-judge error counts as not passed); those are the
 * defaults here, and either can be swapped through `outcome`.
 */
import type { MatrixRecord } from "../records.js";
import { mcnemar, type McNemarResult } from "../stats/mcnemar.js";
import { spearman } from "../stats/spearman.js";
import { frontendOrder, sortedStrings } from "./order.js";
import { npRound, pyExp, pyFixed, PyFloat, pyJsonDump, pyRound } from "./pyformat.js";

export type Outcome = (record: MatrixRecord) => boolean;
export const firstPass: Outcome = (r) => r.first_pass;
export const llmPass: Outcome = (r) => r.llm_verdict === "pass";

export interface Tally {
  pass: number;
  total: number;
}

const rate = (t: Tally | undefined): number => (t && t.total > 0 ? t.pass / t.total : Number.NaN);

export interface PassRateMatrix {
  models: string[];
  /** Ranked: highest pooled average first (stable for ties, in the study's frontend order). */
  frontends: string[];
  cells: Map<string, Map<string, Tally>>;
  /** Pooled over all models, as a fraction. */
  average: Map<string, number>;
  /** 1 + number of frontends with a strictly higher average. */
  rank: Map<string, number>;
}

export function passRateMatrix(records: readonly MatrixRecord[], outcome: Outcome = firstPass): PassRateMatrix {
  const models = sortedStrings(records.map((r) => r.model));
  const frontends = frontendOrder(records.map((r) => r.frontend));
  const cells = new Map<string, Map<string, Tally>>(frontends.map((f) => [f, new Map()]));
  for (const r of records) {
    const row = cells.get(r.frontend)!;
    const tally = row.get(r.model) ?? { pass: 0, total: 0 };
    tally.total++;
    if (outcome(r)) tally.pass++;
    row.set(r.model, tally);
  }
  const average = new Map<string, number>();
  for (const f of frontends) {
    const pooled = [...cells.get(f)!.values()].reduce((s, t) => ({ pass: s.pass + t.pass, total: s.total + t.total }), { pass: 0, total: 0 });
    average.set(f, pooled.total > 0 ? pooled.pass / pooled.total : 0);
  }
  const ranked = [...frontends].sort((a, b) => average.get(b)! - average.get(a)!);
  const rank = new Map(frontends.map((f) => [f, 1 + frontends.filter((o) => average.get(o)! > average.get(f)!).length]));
  return { models, frontends: ranked, cells, average, rank };
}

export function passRate(matrix: PassRateMatrix, frontend: string, model: string): number {
  return rate(matrix.cells.get(frontend)?.get(model));
}

/** `phase2_matrix.csv`: percentages with one decimal, "N/A" for an empty cell. */
export function formatMatrixCsv(m: PassRateMatrix): string {
  const lines = [["frontend", ...m.models, "avg", "rank"].join(",")];
  for (const f of m.frontends) {
    const cells = m.models.map((model) => {
      const r = passRate(m, f, model);
      return Number.isNaN(r) ? "N/A" : `${pyFixed(r * 100, 1)}%`;
    });
    lines.push([f, ...cells, `${pyFixed(m.average.get(f)! * 100, 1)}%`, String(m.rank.get(f))].join(","));
  }
  return `${lines.join("\n")}\n`;
}

export interface McNemarRow extends McNemarResult {
  frontendA: string;
  frontendB: string;
  /** Pass rates over the shared (case, model) pairs, as fractions. */
  rateA: number;
  rateB: number;
  pairs: number;
}

/** Outcome per (case, model) for one frontend. */
function outcomesBy(records: readonly MatrixRecord[], frontend: string, outcome: Outcome): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const r of records) if (r.frontend === frontend) out.set(`${r.case_id}\u0000${r.model}`, outcome(r));
  return out;
}

export function pairwiseMcNemar(records: readonly MatrixRecord[], outcome: Outcome = firstPass): McNemarRow[] {
  const frontends = frontendOrder(records.map((r) => r.frontend));
  const rows: McNemarRow[] = [];
  for (let i = 0; i < frontends.length; i++) {
    for (let j = i + 1; j < frontends.length; j++) {
      const a = outcomesBy(records, frontends[i]!, outcome);
      const b = outcomesBy(records, frontends[j]!, outcome);
      const keys = [...a.keys()].filter((k) => b.has(k));
      let onlyA = 0;
      let onlyB = 0;
      let passA = 0;
      let passB = 0;
      for (const k of keys) {
        const pa = a.get(k)!;
        const pb = b.get(k)!;
        if (pa) passA++;
        if (pb) passB++;
        if (pa && !pb) onlyA++;
        if (!pa && pb) onlyB++;
      }
      rows.push({
        frontendA: frontends[i]!,
        frontendB: frontends[j]!,
        rateA: keys.length ? passA / keys.length : Number.NaN,
        rateB: keys.length ? passB / keys.length : Number.NaN,
        pairs: keys.length,
        ...mcnemar(onlyA, onlyB),
      });
    }
  }
  return rows;
}

export function formatMcNemarCsv(rows: readonly McNemarRow[], alpha = 0.05): string {
  const lines = ["frontend_a,frontend_b,rate_a,rate_b,b,c,chi2,p_value,significant"];
  for (const r of rows) {
    lines.push(
      [
        r.frontendA,
        r.frontendB,
        `${pyFixed(r.rateA * 100, 1)}%`,
        `${pyFixed(r.rateB * 100, 1)}%`,
        r.b,
        r.c,
        pyFixed(r.chi2, 4),
        pyFixed(r.pValue, 6),
        r.pValue < alpha ? "yes" : "no",
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

export interface SpearmanPair {
  modelA: string;
  modelB: string;
  rho: number;
  pValue: number;
  n: number;
  ratesA: Map<string, number>;
  ratesB: Map<string, number>;
}

export interface SpearmanReport {
  models: string[];
  frontends: string[];
  cases: string[];
  pairs: SpearmanPair[];
}

/**
 * Correlates every pair of models over the (case, frontend) points both ran: 1 for a pass,
 * 0 otherwise. With binary outcomes this is the rank correlation of the raw points, not of the
 * five per-frontend rates (which are reported alongside, as the study did).
 */
export function crossModelSpearman(records: readonly MatrixRecord[], outcome: Outcome = llmPass): SpearmanReport {
  const models = sortedStrings(records.map((r) => r.model));
  const frontends = frontendOrder(records.map((r) => r.frontend));
  const cases = sortedStrings(records.map((r) => r.case_id));
  const byModel = new Map<string, Map<string, boolean>>(models.map((m) => [m, new Map()]));
  for (const r of records) byModel.get(r.model)!.set(`${r.case_id}\u0000${r.frontend}`, outcome(r));
  const ratesOf = (model: string): Map<string, number> => {
    const rates = new Map<string, number>();
    for (const f of sortedStrings(frontends)) {
      const points = records.filter((r) => r.model === model && r.frontend === f);
      rates.set(f, points.length ? points.filter(outcome).length / points.length : Number.NaN);
    }
    return rates;
  };
  const pairs: SpearmanPair[] = [];
  for (let i = 0; i < models.length; i++) {
    for (let j = i + 1; j < models.length; j++) {
      const a = byModel.get(models[i]!)!;
      const b = byModel.get(models[j]!)!;
      const keys = [...a.keys()].filter((k) => b.has(k)).sort();
      const result = spearman(
        keys.map((k) => Number(a.get(k))),
        keys.map((k) => Number(b.get(k))),
      );
      pairs.push({
        modelA: models[i]!,
        modelB: models[j]!,
        rho: result.rho,
        pValue: result.pValue,
        n: result.n,
        ratesA: ratesOf(models[i]!),
        ratesB: ratesOf(models[j]!),
      });
    }
  }
  return { models, frontends, cases, pairs };
}

/** `phase2_spearman.json`, in the study's layout and number formatting. */
export function formatSpearmanJson(report: SpearmanReport): string {
  const rates = (m: Map<string, number>) => Object.fromEntries([...m].map(([f, r]) => [f, new PyFloat(pyRound(r, 4))]));
  const n = report.pairs[0]?.n ?? report.cases.length * report.frontends.length;
  return pyJsonDump({
    n_models: report.models.length,
    n_frontends: report.frontends.length,
    n_cases: report.cases.length,
    n_data_points: n,
    method: "scipy.stats.spearmanr (Pearson correlation of ranks, handles ties correctly)",
    pairs: report.pairs.map((p) => ({
      model_a: p.modelA,
      model_b: p.modelB,
      spearman_rho: new PyFloat(npRound(p.rho, 4)),
      spearman_p: pyExp(p.pValue, 6),
      n_data_points: p.n,
      rates_a: rates(p.ratesA),
      rates_b: rates(p.ratesB),
    })),
  });
}
