/**
 * McNemar's exact test: under the null the b discordant pairs of the n = b + c are
 * Binomial(n, 1/2); the two-sided p is twice the smaller tail, capped at 1. Used to compare two
 * runs, where cells hold a few dozen pairs and the chi-square approximation (stats/mcnemar.ts,
 * kept for the study's tables) is poor.
 *
 * Up to EXACT_TAIL_MAX_PAIRS pairs the tail is summed exactly, in integers: the sum of C(n, i)
 * for i <= k, over 2^n, rounded once. Hand-written because the libraries' binomial CDFs go
 * through the incomplete beta function and miss the exact dyadic value by an ulp (cephes'
 * bdtr(3, 8, 1/2) is 0.3632812500000001, not 93/256), while a tail at p = 1/2 is a plain sum of
 * binomial coefficients. Beyond that size (cost grows with n^2 bits) cephes' bdtr answers, where
 * an ulp no longer shows in any printed digit.
 */
import { binomialCdf } from "./special-functions.js";

/** Largest n summed exactly: at most 512 terms of at most 1,024 bits. */
export const EXACT_TAIL_MAX_PAIRS = 1024;

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
  return { b, c, pValue: Math.min(1, 2 * symmetricBinomialTail(Math.min(b, c), n)) };
}

/** P(X <= k) for X ~ Binomial(n, 1/2): exact (correctly rounded) up to EXACT_TAIL_MAX_PAIRS. */
export function symmetricBinomialTail(k: number, n: number): number {
  if (!Number.isSafeInteger(k) || !Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`symmetricBinomialTail: k and n must be integers, n >= 0 (got ${k}, ${n})`);
  }
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (n > EXACT_TAIL_MAX_PAIRS) return binomialCdf(k, n, 0.5);
  let term = 1n; // C(n, 0)
  let sum = 1n;
  for (let i = 0; i < k; i++) {
    term = (term * BigInt(n - i)) / BigInt(i + 1);
    sum += term;
  }
  return dyadic(sum, n);
}

/**
 * sum / 2^n as the nearest double. The top 64 bits go through Number() (which rounds to nearest)
 * with a sticky bit for anything shifted out, so the one rounding is the correct one; the powers
 * of two are exact (split so the scale cannot underflow before the value does).
 */
function dyadic(sum: bigint, n: number): number {
  const bits = sum.toString(2).length;
  const shift = Math.max(0, bits - 64);
  const top = sum >> BigInt(shift);
  const sticky = top << BigInt(shift) === sum ? 0n : 1n;
  return Number(top | sticky) * 2 ** (shift - bits) * 2 ** (bits - n);
}
