/**
 * Fisher's exact test on a 2x2 table [[a, b], [c, d]], as scipy.stats.fisher_exact: the sample
 * odds ratio (a*d)/(b*c) (Infinity when b*c = 0 < a*d; NaN with p = 1 when a row or column is
 * empty) and a p-value from the hypergeometric distribution of `a` given the margins. Tails are
 * summed term by term, never as 1 - cdf, so small p stay exact. Two-sided p sums every table no
 * more likely than the observed one, with scipy's relative tolerance (1 + 1e-7) for ties.
 *
 * The hypergeometric PMF is C(K, x) C(N - K, n - x) / C(N, n) from log-gamma (cephes' lgam),
 * the formula @stdlib's PMF used (cephes and simple-statistics have no hypergeometric PMF).
 */
import { logGamma } from "./special-functions.js";

const logChoose = (n: number, k: number): number => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/** P(X = x) for X ~ Hypergeometric(population N, successes K, draws n); x within its support. */
function hypergeometricPmf(x: number, population: number, successes: number, draws: number): number {
  return Math.exp(logChoose(successes, x) + logChoose(population - successes, draws - x) - logChoose(population, draws));
}

export type Alternative = "two-sided" | "greater" | "less";

export interface FisherResult {
  table: [[number, number], [number, number]];
  oddsRatio: number;
  pValue: number;
  alternative: Alternative;
}

const TIE_TOLERANCE = 1 + 1e-7;

export function fisherExact(table: [[number, number], [number, number]], alternative: Alternative = "two-sided"): FisherResult {
  const [[a, b], [c, d]] = table;
  for (const v of [a, b, c, d]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`fisherExact: counts must be non-negative integers, got ${v}`);
  }
  const result = (oddsRatio: number, pValue: number): FisherResult => ({ table, oddsRatio, pValue: Math.min(1, pValue), alternative });
  if (a + b === 0 || c + d === 0 || a + c === 0 || b + d === 0) return result(Number.NaN, 1);
  const oddsRatio = b > 0 && c > 0 ? (a * d) / (b * c) : Number.POSITIVE_INFINITY;

  const population = a + b + c + d;
  const successes = a + b; // first row
  const draws = a + c; // first column
  const lo = Math.max(0, draws - (c + d));
  const hi = Math.min(successes, draws);
  const pmf = (x: number): number => hypergeometricPmf(x, population, successes, draws);
  let p = 0;
  if (alternative === "greater") {
    for (let x = a; x <= hi; x++) p += pmf(x);
  } else if (alternative === "less") {
    for (let x = lo; x <= a; x++) p += pmf(x);
  } else {
    const observed = pmf(a) * TIE_TOLERANCE;
    for (let x = lo; x <= hi; x++) {
      const px = pmf(x);
      if (px <= observed) p += px;
    }
  }
  return result(oddsRatio, p);
}
