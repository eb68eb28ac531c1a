/**
 * Layer 5 (spec section 6.2): rank-preservation screening. A candidate proxy model (typically a
 * small, cheap one) may stand in for target models in frontend evaluation if it orders the
 * frontends as they do. For each target the Spearman rho between the proxy's per-frontend scores
 * and the target's is computed (ties share ranks); the proxy is accepted when the smallest rho
 * reaches the threshold (default 0.8) and every target has at least three shared frontends.
 * With five frontends a rho of 0.8 is one adjacent swap, and its p-value is necessarily coarse:
 * it is reported, not used for the decision.
 */
import { spearman } from "../stats/spearman.js";

export type FrontendScores = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface RankAgreement {
  target: string;
  rho: number;
  pValue: number;
  frontends: number;
  /** Whether proxy and target put the same frontend first. */
  sameTop: boolean;
}

export interface ScreeningResult {
  proxy: string;
  threshold: number;
  agreements: RankAgreement[];
  meanRho: number;
  minRho: number;
  preserved: boolean;
}

export const DEFAULT_RANK_THRESHOLD = 0.8;
const MIN_SHARED_FRONTENDS = 3;

function top(scores: ReadonlyMap<string, number>, among: readonly string[]): string | undefined {
  return [...among].sort((a, b) => scores.get(b)! - scores.get(a)!)[0];
}

export function screenProxy(
  scores: FrontendScores,
  proxy: string,
  targets: readonly string[] = [...scores.keys()].filter((m) => m !== proxy),
  threshold = DEFAULT_RANK_THRESHOLD,
): ScreeningResult {
  const proxyScores = scores.get(proxy);
  if (!proxyScores) throw new RangeError(`no scores for proxy model ${proxy}`);
  const agreements = targets.map((target) => {
    const targetScores = scores.get(target);
    if (!targetScores) throw new RangeError(`no scores for target model ${target}`);
    const shared = [...proxyScores.keys()].filter((f) => targetScores.has(f) && !Number.isNaN(proxyScores.get(f)!) && !Number.isNaN(targetScores.get(f)!));
    const { rho, pValue } = spearman(
      shared.map((f) => proxyScores.get(f)!),
      shared.map((f) => targetScores.get(f)!),
    );
    return { target, rho, pValue, frontends: shared.length, sameTop: top(proxyScores, shared) === top(targetScores, shared) };
  });
  const rhos = agreements.map((a) => a.rho);
  const minRho = rhos.length ? Math.min(...rhos) : Number.NaN;
  const preserved = agreements.length > 0 && agreements.every((a) => a.frontends >= MIN_SHARED_FRONTENDS && !Number.isNaN(a.rho)) && minRho >= threshold;
  return { proxy, threshold, agreements, meanRho: rhos.reduce((s, r) => s + r, 0) / rhos.length, minRho, preserved };
}

/** Screens every model as a proxy for all the others, best mean rho first. */
export function screenAllProxies(scores: FrontendScores, threshold = DEFAULT_RANK_THRESHOLD): ScreeningResult[] {
  return [...scores.keys()]
    .map((proxy) => screenProxy(scores, proxy, undefined, threshold))
    .sort((a, b) => (Number.isNaN(b.meanRho) ? -1 : b.meanRho) - (Number.isNaN(a.meanRho) ? -1 : a.meanRho));
}

/** Per-model frontend scores from a pass-rate table (fractions), the usual screening input. */
export function scoresFromRates(rates: Iterable<{ model: string; frontend: string; rate: number }>): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const { model, frontend, rate } of rates) {
    const m = out.get(model) ?? new Map<string, number>();
    m.set(frontend, rate);
    out.set(model, m);
  }
  return out;
}
