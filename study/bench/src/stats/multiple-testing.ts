/**
 * Multiple-comparison corrections, as R's p.adjust computes them (the study's oracle values
 * come from R). Hand-written because no light library has them (cephes is special functions;
 * simple-statistics and jStat have no p-value adjustment), and @stdlib/stats-padjust brought
 * 146 packages for the two loops below. NaN p-values (tests that could not run) are left out of
 * the family and stay NaN.
 */

/**
 * Benjamini-Hochberg false-discovery-rate adjustment (p.adjust method "BH"): with the p-values
 * sorted decreasing, p * m / rank, running minimum, capped at 1; returned in input order.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  return adjust(pValues, (sorted) => {
    const m = sorted.length;
    const out = new Array<number>(m);
    let running = 1;
    for (let k = m - 1; k >= 0; k--) {
      running = Math.min(running, ((sorted[k] as number) * m) / (k + 1));
      out[k] = running;
    }
    return out;
  });
}

/**
 * Holm's step-down correction (p.adjust method "holm"; family-wise error rate), for the starred
 * tests of a report: it holds under any dependence between the tests, which the pairwise
 * comparisons of one run have. Sorted increasing: p * (m - k), running maximum, capped at 1.
 */
export function holm(pValues: readonly number[]): number[] {
  return adjust(pValues, (sorted) => {
    const m = sorted.length;
    let running = 0;
    return sorted.map((p, k) => {
      running = Math.max(running, Math.min(1, p * (m - k)));
      return running;
    });
  });
}

/** Sorts the present p-values increasing, adjusts them with `method`, puts them back in input order. */
function adjust(pValues: readonly number[], method: (sorted: readonly number[]) => number[]): number[] {
  const present = pValues.map((p, i) => [p, i] as const).filter(([p]) => !Number.isNaN(p));
  present.sort((a, b) => a[0] - b[0]);
  const adjusted = method(present.map(([p]) => p));
  const out = pValues.map(() => Number.NaN);
  present.forEach(([, i], k) => {
    out[i] = adjusted[k] as number;
  });
  return out;
}
