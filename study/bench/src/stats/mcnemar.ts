/**
 * McNemar's test for paired binary outcomes, with continuity correction, as the study ran it:
 * chi2 = (|b - c| - 1)^2 / (b + c) on the discordant counts, p from the chi-square distribution
 * with one degree of freedom. For one degree of freedom the survival function is exactly
 * erfc(sqrt(chi2 / 2)); cephes' erfc keeps full relative precision for tiny p, where
 * 1 - cdf would round to 0.
 */
import { erfc } from "./special-functions.js";

export interface McNemarResult {
  /** Pairs where A passed and B failed. */
  b: number;
  /** Pairs where A failed and B passed. */
  c: number;
  chi2: number;
  pValue: number;
}

export function mcnemar(b: number, c: number): McNemarResult {
  if (b + c === 0) return { b, c, chi2: 0, pValue: 1 };
  const chi2 = (Math.abs(b - c) - 1) ** 2 / (b + c);
  return { b, c, chi2, pValue: erfc(Math.sqrt(chi2 / 2)) };
}
