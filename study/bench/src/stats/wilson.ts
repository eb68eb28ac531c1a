/**
 * Wilson score interval for a binomial proportion: the interval a reader should see beside a
 * pass rate of a few dozen runs (the normal approximation collapses at 0 % and 100 %; Wilson does
 * not). The normal quantile is cephes' ndtri; the interval itself is the textbook formula, which
 * no maintained package exposes on its own (simple-statistics and jStat have none).
 */
import { normalQuantile } from "./special-functions.js";

export interface Interval {
  low: number;
  high: number;
}

export function wilson(successes: number, n: number, confidence = 0.95): Interval {
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = successes / n;
  const z2n = (z * z) / n;
  const center = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}
