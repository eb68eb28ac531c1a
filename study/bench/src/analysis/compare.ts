/**
 * Two runs side by side (`silpc bench report --compare A B`): every (case, frontend, model) both
 * runs answered is a pair; per model x frontend cell, McNemar's exact test on the discordant
 * pairs, Holm-corrected over all cells (the family a reader scans for stars), and the list of
 * cases whose outcome differs. Runs that ended in an error on either side are not paired; their
 * count is reported so nothing disappears.
 */
import type { MatrixRecord } from "../records.js";
import { mcnemarExact } from "../stats/mcnemar-exact.js";
import { holm } from "../stats/multiple-testing.js";
import { frontendOrder, sortedStrings } from "./order.js";
import { isAnswered, outcomeOf, type RunOutcome } from "./outcomes.js";

export interface ComparisonCell {
  model: string;
  frontend: string;
  /** Runs answered in both. */
  pairs: number;
  passA: number;
  passB: number;
  /** A passed, B failed. */
  b: number;
  /** A failed, B passed. */
  c: number;
  /** Exact two-sided McNemar p. */
  pValue: number;
  /** Holm-adjusted over every cell of the comparison. */
  pHolm: number;
  /** Keys present in both runs where at least one side ended in an error. */
  unpaired: number;
}

export interface CaseDifference {
  case_id: string;
  frontend: string;
  model: string;
  a: RunOutcome;
  b: RunOutcome;
}

export interface RunComparison {
  labels: { a: string; b: string };
  cells: ComparisonCell[];
  /** Paired runs whose outcome differs (pass on one side, fail on the other). */
  differences: CaseDifference[];
  /** Keys only one run has. */
  onlyA: number;
  onlyB: number;
  correction: "holm";
}

const keyOf = (r: MatrixRecord): string => `${r.case_id}\u0000${r.frontend}\u0000${r.model}`;

export function compareRuns(a: readonly MatrixRecord[], b: readonly MatrixRecord[], labels: { a: string; b: string }): RunComparison {
  const byKeyB = new Map(b.map((r) => [keyOf(r), r]));
  const keysA = new Set(a.map(keyOf));
  const cells = new Map<string, ComparisonCell>();
  const differences: CaseDifference[] = [];
  for (const ra of a) {
    const rb = byKeyB.get(keyOf(ra));
    if (!rb) continue;
    const id = `${ra.model}\u0000${ra.frontend}`;
    let cell = cells.get(id);
    if (!cell) {
      cell = { model: ra.model, frontend: ra.frontend, pairs: 0, passA: 0, passB: 0, b: 0, c: 0, pValue: 1, pHolm: 1, unpaired: 0 };
      cells.set(id, cell);
    }
    if (!isAnswered(ra) || !isAnswered(rb)) {
      cell.unpaired++;
      continue;
    }
    cell.pairs++;
    if (ra.first_pass) cell.passA++;
    if (rb.first_pass) cell.passB++;
    if (ra.first_pass && !rb.first_pass) cell.b++;
    if (!ra.first_pass && rb.first_pass) cell.c++;
    if (ra.first_pass !== rb.first_pass) {
      differences.push({ case_id: ra.case_id, frontend: ra.frontend, model: ra.model, a: outcomeOf(ra), b: outcomeOf(rb) });
    }
  }
  const models = sortedStrings([...cells.values()].map((c) => c.model));
  const frontends = frontendOrder([...cells.values()].map((c) => c.frontend));
  const ordered = models.flatMap((m) => frontends.flatMap((f) => cells.get(`${m}\u0000${f}`) ?? []));
  for (const cell of ordered) cell.pValue = mcnemarExact(cell.b, cell.c).pValue;
  const adjusted = holm(ordered.map((c) => c.pValue));
  ordered.forEach((cell, i) => {
    cell.pHolm = adjusted[i]!;
  });
  return {
    labels,
    cells: ordered,
    differences,
    onlyA: [...keysA].filter((k) => !byKeyB.has(k)).length,
    onlyB: [...byKeyB.keys()].filter((k) => !keysA.has(k)).length,
    correction: "holm",
  };
}
