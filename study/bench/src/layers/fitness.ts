/**
 * Layer 4 (spec section 6.1): the multi-objective fitness of a frontend for a model,
 *
 *   Fitness = alpha * task_success + alpha' * cross_model_fidelity + beta * compression
 *           - gamma * human_unreadability - delta * PPL - epsilon * tokenizer_variance
 *           - zeta * cross_model_ambiguity,
 *
 * subject to alpha + alpha' >= 0.6 and a hard fidelity floor. The spec names the terms only;
 * what each one measures here (all on a 0..1 scale, docs/bench.md "Layer 4"):
 * - task_success: the frontend's pass rate on this model;
 * - cross_model_fidelity: its pass rate pooled over all models;
 * - compression: 1 - tokens / tokens of the longest frontend (0 for the longest);
 * - human_unreadability, PPL: supplied by the caller (nothing here measures them), else 0;
 * - tokenizer_variance: mean coefficient of variation of token counts across tokenizers;
 * - cross_model_ambiguity: share of cases on which the models disagree (some pass, some fail).
 * The floor: a frontend whose task success on the model is below it is infeasible, whatever its
 * score, and ranks after every feasible one. Unmeasured terms count 0 and are listed, so a
 * ranking never hides what it ignored.
 */
import type { MatrixRecord } from "../records.js";
import { frontendOrder, sortedStrings } from "../analysis/order.js";
import type { FrontendTokenStats } from "../analysis/token-stats.js";

export interface FitnessWeights {
  alpha: number;
  alphaPrime: number;
  beta: number;
  gamma: number;
  delta: number;
  epsilon: number;
  zeta: number;
}

/** Defaults: success terms at the constraint's minimum, unmeasurable terms off. */
export const DEFAULT_WEIGHTS: Readonly<FitnessWeights> = Object.freeze({
  alpha: 0.4,
  alphaPrime: 0.2,
  beta: 0.15,
  gamma: 0,
  delta: 0,
  epsilon: 0.15,
  zeta: 0.1,
});

export const MIN_SUCCESS_WEIGHT = 0.6;
export const DEFAULT_FIDELITY_FLOOR = 0.5;

export type FitnessTerm =
  | "taskSuccess"
  | "crossModelFidelity"
  | "compression"
  | "humanUnreadability"
  | "perplexity"
  | "tokenizerVariance"
  | "crossModelAmbiguity";

export type FrontendMeasurements = { frontend: string } & Partial<Record<FitnessTerm, number>>;

const TERMS: ReadonlyArray<{ term: FitnessTerm; weight: keyof FitnessWeights; sign: 1 | -1 }> = [
  { term: "taskSuccess", weight: "alpha", sign: 1 },
  { term: "crossModelFidelity", weight: "alphaPrime", sign: 1 },
  { term: "compression", weight: "beta", sign: 1 },
  { term: "humanUnreadability", weight: "gamma", sign: -1 },
  { term: "perplexity", weight: "delta", sign: -1 },
  { term: "tokenizerVariance", weight: "epsilon", sign: -1 },
  { term: "crossModelAmbiguity", weight: "zeta", sign: -1 },
];

/** Checks the weights: finite, non-negative, and alpha + alpha' >= 0.6 (spec 6.1). */
export function resolveWeights(weights: Partial<FitnessWeights> = {}): FitnessWeights {
  const w = { ...DEFAULT_WEIGHTS, ...weights };
  for (const [name, value] of Object.entries(w)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`fitness weight ${name} must be a finite number >= 0, got ${value}`);
  }
  // A hair of tolerance so 0.4 + 0.2 (= 0.6000000000000001 or 0.5999999999999999) passes.
  if (w.alpha + w.alphaPrime < MIN_SUCCESS_WEIGHT - 1e-12) {
    throw new RangeError(`fitness weights must satisfy alpha + alpha' >= ${MIN_SUCCESS_WEIGHT}, got ${w.alpha} + ${w.alphaPrime}`);
  }
  return w;
}

export interface FitnessScore {
  frontend: string;
  score: number;
  /** Weighted contribution of each term (negative for penalties). */
  contributions: Record<FitnessTerm, number>;
  /** Terms with a non-zero weight that had no measurement (counted as 0). */
  unmeasured: FitnessTerm[];
  feasible: boolean;
}

export function fitness(m: FrontendMeasurements, weights: FitnessWeights, fidelityFloor: number): FitnessScore {
  const contributions = {} as Record<FitnessTerm, number>;
  const unmeasured: FitnessTerm[] = [];
  let score = 0;
  for (const { term, weight, sign } of TERMS) {
    const value = m[term];
    if (value === undefined || Number.isNaN(value)) {
      if (weights[weight] > 0) unmeasured.push(term);
      contributions[term] = 0;
      continue;
    }
    contributions[term] = sign * weights[weight] * value;
    score += contributions[term];
  }
  const feasible = (m.taskSuccess ?? 0) >= fidelityFloor;
  return { frontend: m.frontend, score, contributions, unmeasured, feasible };
}

export interface RankedFrontend extends FitnessScore {
  /** 1-based; feasible frontends first by score, then infeasible ones by score. */
  rank: number;
}

export interface RankOptions {
  weights?: Partial<FitnessWeights>;
  fidelityFloor?: number;
}

export function rankFrontends(measurements: readonly FrontendMeasurements[], options: RankOptions = {}): RankedFrontend[] {
  const weights = resolveWeights(options.weights);
  const floor = options.fidelityFloor ?? DEFAULT_FIDELITY_FLOOR;
  if (!(floor >= 0 && floor <= 1)) throw new RangeError(`fidelity floor must be within 0..1, got ${floor}`);
  const scored = measurements.map((m) => fitness(m, weights, floor));
  scored.sort((a, b) => Number(b.feasible) - Number(a.feasible) || b.score - a.score);
  return scored.map((s, i) => ({ ...s, rank: i + 1 }));
}

export interface MeasuredInputs {
  /** Token statistics per frontend (compression and tokenizer variance come from these). */
  tokens?: readonly FrontendTokenStats[];
  /** Caller-supplied 0..1 scores per frontend; nothing in this package measures them. */
  humanUnreadability?: Readonly<Record<string, number>>;
  perplexity?: Readonly<Record<string, number>>;
  outcome?: (record: MatrixRecord) => boolean;
}

/** Measurements of every frontend for every model, from matrix records and token statistics. */
export function measure(records: readonly MatrixRecord[], inputs: MeasuredInputs = {}): Map<string, FrontendMeasurements[]> {
  const outcome = inputs.outcome ?? ((r: MatrixRecord) => r.first_pass);
  const models = sortedStrings(records.map((r) => r.model));
  const frontends = frontendOrder(records.map((r) => r.frontend));
  const rate = (list: readonly MatrixRecord[]): number => (list.length ? list.filter(outcome).length / list.length : Number.NaN);

  const maxTokens = Math.max(0, ...(inputs.tokens ?? []).map((t) => t.meanTokens));
  const tokensOf = new Map((inputs.tokens ?? []).map((t) => [t.frontend, t]));

  const shared = new Map(
    frontends.map((f) => {
      const ofFrontend = records.filter((r) => r.frontend === f);
      const byCase = new Map<string, boolean[]>();
      for (const r of ofFrontend) {
        const outcomes = byCase.get(r.case_id) ?? [];
        outcomes.push(outcome(r));
        byCase.set(r.case_id, outcomes);
      }
      const judged = [...byCase.values()].filter((o) => o.length > 1);
      const split = judged.filter((o) => o.some(Boolean) && !o.every(Boolean)).length;
      const t = tokensOf.get(f);
      return [
        f,
        {
          crossModelFidelity: rate(ofFrontend),
          crossModelAmbiguity: judged.length ? split / judged.length : Number.NaN,
          compression: t && maxTokens > 0 ? 1 - t.meanTokens / maxTokens : Number.NaN,
          tokenizerVariance: t ? t.meanVariation : Number.NaN,
          humanUnreadability: inputs.humanUnreadability?.[f] ?? Number.NaN,
          perplexity: inputs.perplexity?.[f] ?? Number.NaN,
        },
      ];
    }),
  );
  return new Map(
    models.map((model) => [
      model,
      frontends.map((frontend) => ({
        frontend,
        taskSuccess: rate(records.filter((r) => r.model === model && r.frontend === frontend)),
        ...shared.get(frontend)!,
      })),
    ]),
  );
}

/** Ranks the frontends for every model (the Layer-4 output). */
export function rankFrontendsPerModel(records: readonly MatrixRecord[], inputs: MeasuredInputs = {}, options: RankOptions = {}): Map<string, RankedFrontend[]> {
  return new Map([...measure(records, inputs)].map(([model, list]) => [model, rankFrontends(list, options)]));
}
