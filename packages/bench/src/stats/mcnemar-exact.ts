/**
 * McNemar's exact test: under the null the b discordant pairs of the n = b + c are
 * Binomial(n, 1/2); the two-sided p is twice the smaller tail, capped at 1. Used to compare two
 * runs, where cells hold a few dozen pairs and the chi-square approximation (stats/mcnemar.ts,
 * kept for the study's tables) is poor. The binomial CDF is @stdlib's.
 */
import binomialCdf from "@stdlib/stats-base-dists-binomial-cdf";

export interface ExactMcNemar {
  /** Pairs where A passed and B failed. */
  b: number;
  /** Pairs where A failed and B passed. */
  c: number;
  pValue: number;
}

export function mcnemarExact(b: number, c: number): ExactMcNemar {
  const n = b + c;
  if (n === 0) return { b, c, pValue: 1 };
  return { b, c, pValue: Math.min(1, 2 * binomialCdf(Math.min(b, c), n, 0.5)) };
}
