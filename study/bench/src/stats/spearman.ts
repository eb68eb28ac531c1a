/**
 * Spearman's rank correlation as scipy.stats.spearmanr computes it (the study's method): the
 * Pearson correlation of average ranks (ties share their mean rank, ranks.ts), with a two-sided
 * p from Student's t with n - 2 degrees of freedom (cephes' stdtr, scipy's own, taken on -|t|
 * so small p keep their precision). A constant input has no ranks to correlate: rho and p NaN;
 * so does an input with NaN in it (scipy's default, nan_policy="propagate").
 */
import { averageRanks } from "./ranks.js";
import { studentTCdf } from "./special-functions.js";

export interface CorrelationResult {
  rho: number;
  pValue: number;
  n: number;
}

export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mean = (v: readonly number[]): number => v.reduce((s, a) => s + a, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return Number.NaN;
  // Clamp: rounding can push |r| a hair above 1 for perfectly (anti)correlated data.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

export function spearman(x: readonly number[], y: readonly number[]): CorrelationResult {
  if (x.length !== y.length) throw new RangeError(`spearman: lengths differ (${x.length} vs ${y.length})`);
  const n = x.length;
  if (n < 2 || x.some(Number.isNaN) || y.some(Number.isNaN)) return { rho: Number.NaN, pValue: Number.NaN, n };
  const rho = pearson(averageRanks(x), averageRanks(y));
  if (Number.isNaN(rho)) return { rho, pValue: Number.NaN, n };
  const df = n - 2;
  if (df === 0 || Math.abs(rho) === 1) return { rho, pValue: df === 0 ? 1 : 0, n };
  const t = rho * Math.sqrt(df / ((1 + rho) * (1 - rho)));
  return { rho, pValue: Math.min(1, 2 * studentTCdf(-Math.abs(t), df)), n };
}
