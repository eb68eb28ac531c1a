/**
 * Ablation analysis: pass counts per condition (original / shuffled / skeleton payloads) and
 * model, pooled "overall" (`ablation_matrix.csv`), plus McNemar tests between conditions paired
 * by (case, model), as the study's ablation script printed them. Outcomes are `first_pass`.
 */
import type { AblationRecord } from "../records.js";
import { mcnemar, type McNemarResult } from "../stats/mcnemar.js";
import { firstSeen, sortedStrings } from "./order.js";
import { pyFixed } from "./pyformat.js";
import type { Tally } from "./phase2.js";

export interface AblationMatrix {
  conditions: string[];
  models: string[];
  cells: Map<string, Map<string, Tally>>;
  overall: Map<string, Tally>;
}

export function ablationMatrix(records: readonly AblationRecord[]): AblationMatrix {
  const conditions = firstSeen(records.map((r) => r.condition));
  const models = sortedStrings(records.map((r) => r.model));
  const cells = new Map(conditions.map((c) => [c, new Map<string, Tally>(models.map((m) => [m, { pass: 0, total: 0 }]))]));
  const overall = new Map<string, Tally>(conditions.map((c) => [c, { pass: 0, total: 0 }]));
  for (const r of records) {
    for (const t of [cells.get(r.condition)!.get(r.model)!, overall.get(r.condition)!]) {
      t.total++;
      if (r.first_pass) t.pass++;
    }
  }
  return { conditions, models, cells, overall };
}

const cell = (t: Tally): string => (t.total === 0 ? "N/A" : `${t.pass}/${t.total} (${pyFixed((t.pass / t.total) * 100, 1)}%)`);

export function formatAblationCsv(m: AblationMatrix): string {
  const lines = [["condition", ...m.models, "overall"].join(",")];
  for (const c of m.conditions) lines.push([c, ...m.models.map((model) => cell(m.cells.get(c)!.get(model)!)), cell(m.overall.get(c)!)].join(","));
  return `${lines.join("\n")}\n`;
}

export interface ConditionComparison extends McNemarResult {
  conditionA: string;
  conditionB: string;
}

export function compareConditions(records: readonly AblationRecord[]): ConditionComparison[] {
  const conditions = firstSeen(records.map((r) => r.condition));
  const outcome = new Map(records.map((r) => [`${r.case_id}\u0000${r.model}\u0000${r.condition}`, r.first_pass]));
  const units = firstSeen(records.map((r) => `${r.case_id}\u0000${r.model}`));
  const out: ConditionComparison[] = [];
  for (let i = 0; i < conditions.length; i++) {
    for (let j = i + 1; j < conditions.length; j++) {
      let b = 0;
      let c = 0;
      for (const u of units) {
        const pa = outcome.get(`${u}\u0000${conditions[i]}`);
        const pb = outcome.get(`${u}\u0000${conditions[j]}`);
        if (pa === undefined || pb === undefined) continue;
        if (pa && !pb) b++;
        else if (!pa && pb) c++;
      }
      out.push({ conditionA: conditions[i]!, conditionB: conditions[j]!, ...mcnemar(b, c) });
    }
  }
  return out;
}
