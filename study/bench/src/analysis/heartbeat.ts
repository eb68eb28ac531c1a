/**
 * Heartbeat analysis from raw turn records (model x N x seed x turn):
 * - the summary table per (model, N): runs, passes, pass rate, mean context depth
 *   (`phase3_heartbeat_summary.csv`, models by file slug),
 * - error propagation per model: consecutive turns inside one heartbeat cycle (context depth
 *   grows by one) tabulated as [[pass->pass, pass->fail], [fail->pass, fail->fail]] and tested
 *   with a one-sided Fisher exact test ("greater": failing makes the next failure likelier),
 *   as the study's analysis script did,
 * - each N against the stateless baseline N = 1 per model: a two-sided Fisher exact test on
 *   [[pass_N, fail_N], [pass_1, fail_1]] with its sample odds ratio (our addition; the study
 *   printed rates only),
 * - Benjamini-Hochberg adjustment, separately within each of the two families above.
 * Outcomes are `first_pass` (the dual verdict), as in the study.
 */
import type { HeartbeatRecord } from "../records.js";
import { fisherExact, type FisherResult } from "../stats/fisher.js";
import { benjaminiHochberg } from "../stats/multiple-testing.js";
import { modelSlug, sortedStrings } from "./order.js";
import { pyFixed } from "./pyformat.js";

export interface HeartbeatSummaryRow {
  model: string;
  slug: string;
  nValue: number;
  total: number;
  pass: number;
  fail: number;
  passRate: number;
  meanContextTurns: number;
}

function byModelAndN(records: readonly HeartbeatRecord[]): Map<string, Map<number, HeartbeatRecord[]>> {
  const groups = new Map<string, Map<number, HeartbeatRecord[]>>();
  for (const model of sortedStrings(records.map((r) => r.model))) groups.set(model, new Map());
  for (const r of records) {
    const perN = groups.get(r.model)!;
    const group = perN.get(r.n_value) ?? [];
    group.push(r);
    perN.set(r.n_value, group);
  }
  for (const [model, perN] of groups) groups.set(model, new Map([...perN].sort(([a], [b]) => a - b)));
  return groups;
}

export function heartbeatSummary(records: readonly HeartbeatRecord[]): HeartbeatSummaryRow[] {
  const rows: HeartbeatSummaryRow[] = [];
  for (const [model, perN] of byModelAndN(records)) {
    for (const [nValue, group] of perN) {
      const pass = group.filter((r) => r.first_pass).length;
      rows.push({
        model,
        slug: modelSlug(model),
        nValue,
        total: group.length,
        pass,
        fail: group.length - pass,
        passRate: pass / group.length,
        meanContextTurns: group.reduce((s, r) => s + r.context_turns, 0) / group.length,
      });
    }
  }
  return rows;
}

export function formatHeartbeatSummaryCsv(rows: readonly HeartbeatSummaryRow[]): string {
  const lines = ["model,n_value,total,pass,fail,pass_rate_pct,mean_context_turns"];
  for (const r of rows) {
    lines.push([r.slug, r.nValue, r.total, r.pass, r.fail, pyFixed((r.pass / r.total) * 100, 1), pyFixed(r.meanContextTurns, 1)].join(","));
  }
  return `${lines.join("\n")}\n`;
}

export interface PropagationResult extends FisherResult {
  model: string;
  /** P(fail | previous turn passed), P(fail | previous failed), as fractions. */
  failAfterPass: number;
  failAfterFail: number;
  pAdjusted: number;
}

export function errorPropagation(records: readonly HeartbeatRecord[]): PropagationResult[] {
  const models = sortedStrings(records.map((r) => r.model));
  const results = models.map((model) => {
    const sessions = new Map<string, HeartbeatRecord[]>();
    for (const r of records) {
      if (r.model !== model) continue;
      const key = `${r.n_value}|${r.seed}`;
      const turns = sessions.get(key) ?? [];
      turns.push(r);
      sessions.set(key, turns);
    }
    let pp = 0;
    let pf = 0;
    let fp = 0;
    let ff = 0;
    for (const turns of sessions.values()) {
      turns.sort((a, b) => a.turn - b.turn);
      for (let j = 1; j < turns.length; j++) {
        const prev = turns[j - 1]!;
        const curr = turns[j]!;
        if (curr.context_turns !== prev.context_turns + 1) continue; // a heartbeat cut the chain
        if (prev.first_pass) curr.first_pass ? pp++ : pf++;
        else curr.first_pass ? fp++ : ff++;
      }
    }
    const test = fisherExact(
      [
        [pp, pf],
        [fp, ff],
      ],
      "greater",
    );
    return { model, ...test, failAfterPass: pf / (pp + pf), failAfterFail: ff / (fp + ff), pAdjusted: Number.NaN };
  });
  const adjusted = benjaminiHochberg(results.map((r) => r.pValue));
  results.forEach((r, i) => {
    r.pAdjusted = adjusted[i]!;
  });
  return results;
}

export interface BaselineComparison extends FisherResult {
  model: string;
  nValue: number;
  baselineN: number;
  passRate: number;
  baselineRate: number;
  pAdjusted: number;
}

/** Each N against N = `baselineN` (default the stateless N = 1), per model, BH-adjusted together. */
export function compareWithBaseline(records: readonly HeartbeatRecord[], baselineN = 1): BaselineComparison[] {
  const out: BaselineComparison[] = [];
  const tally = (group: readonly HeartbeatRecord[]) => {
    const pass = group.filter((r) => r.first_pass).length;
    return { pass, fail: group.length - pass };
  };
  for (const [model, perN] of byModelAndN(records)) {
    const baseline = perN.get(baselineN);
    if (!baseline) continue;
    const base = tally(baseline);
    for (const [nValue, group] of perN) {
      if (nValue === baselineN) continue;
      const t = tally(group);
      out.push({
        model,
        nValue,
        baselineN,
        passRate: t.pass / group.length,
        baselineRate: base.pass / baseline.length,
        pAdjusted: Number.NaN,
        ...fisherExact(
          [
            [t.pass, t.fail],
            [base.pass, base.fail],
          ],
          "two-sided",
        ),
      });
    }
  }
  const adjusted = benjaminiHochberg(out.map((r) => r.pValue));
  out.forEach((r, i) => {
    r.pAdjusted = adjusted[i]!;
  });
  return out;
}

/** Pass rate by context depth (turns since the last heartbeat), per model. */
export function passRateByContextDepth(records: readonly HeartbeatRecord[]): Map<string, Array<{ depth: number; pass: number; total: number }>> {
  const out = new Map<string, Array<{ depth: number; pass: number; total: number }>>();
  for (const model of sortedStrings(records.map((r) => r.model))) {
    const byDepth = new Map<number, { pass: number; total: number }>();
    for (const r of records) {
      if (r.model !== model) continue;
      const t = byDepth.get(r.context_turns) ?? { pass: 0, total: 0 };
      t.total++;
      if (r.first_pass) t.pass++;
      byDepth.set(r.context_turns, t);
    }
    out.set(
      model,
      [...byDepth].sort(([a], [b]) => a - b).map(([depth, t]) => ({ depth, ...t })),
    );
  }
  return out;
}
