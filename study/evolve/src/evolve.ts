/**
 * One search, end to end: score the reference payloads, start (or resume) the genetic
 * algorithm, save the state after every generation, and return the best dialect, the Pareto
 * front (mean tokens against unreadability) and the held-out report.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { DEFAULT_FIDELITY_FLOOR, DEFAULT_WEIGHTS, type FitnessWeights, resolveWeights } from "@silp/bench";
import type { ArgumentOrder } from "@silp/dialects";
import type { TokenizerSet } from "@silp/tokens";
import type { SuccessTerms } from "./bench-terms.js";
import { type DialectCodec, type DialectEvaluation, evaluateDialect } from "./dialect-fitness.js";
import {
  type ArchiveEntry,
  archiveFront,
  bestEntry,
  DEFAULT_SEARCH_SETTINGS,
  type GenerationProgress,
  initialState,
  type SearchSettings,
  type SearchState,
  search,
} from "./engine.js";
import { type GeneSpace, type Genome, orderedGenome } from "./gene-space.js";
import { builtinPayload, type HeldOutReport, heldOutReport } from "./held-out.js";
import { contentKey, type IrSets } from "./ir-sets.js";
import { assertResumable, readStateFile, type StateSettings, writeStateFile } from "./state-file.js";
import { CachedTokenCounter } from "./token-counter.js";

/**
 * Weights of a search: bench's defaults, plus gamma 0.05 because the search measures
 * unreadability (bench's default leaves it 0, unmeasured). alpha + alpha' stays 0.6.
 */
export const EVOLVE_WEIGHTS: Readonly<FitnessWeights> = Object.freeze({ ...DEFAULT_WEIGHTS, gamma: 0.05 });

/** The reference the compression term compares with: the natural prose (the cheapest payload the study had). */
export const REFERENCE_FRONTEND = "natural";

export interface EvolveOptions {
  readonly space: GeneSpace;
  readonly makeCodec: (genes: Genome, name: string) => DialectCodec;
  /**
   * The agreed argument order the codecs use for `keywords: ordered` (deriveArgumentOrder of the
   * search IRs); recorded in the state file's settings, since another table is another search.
   */
  readonly argumentOrder?: ArgumentOrder;
  /** Genomes put into the first population (e.g. today's code frontend). */
  readonly seeds?: readonly Genome[];
  readonly sets: IrSets;
  readonly tokenizers: TokenizerSet;
  readonly settings: Partial<SearchSettings> & { readonly seed: number };
  readonly weights?: Partial<FitnessWeights>;
  readonly fidelityFloor?: number;
  readonly success?: SuccessTerms;
  /** Resumable state file: resumed when it exists, rewritten after every generation. */
  readonly statePath?: string;
  readonly onGeneration?: (progress: GenerationProgress<DialectEvaluation>) => void;
}

export interface EvolvedDialect {
  readonly genes: Genome;
  readonly evaluation: DialectEvaluation;
}

export interface EvolveResult {
  readonly settings: SearchSettings;
  readonly weights: FitnessWeights;
  readonly state: SearchState<DialectEvaluation>;
  /** Generations already done when the search started (0 for a new search). */
  readonly resumedAt: number;
  readonly best: EvolvedDialect;
  readonly front: readonly EvolvedDialect[];
  readonly heldOut: HeldOutReport;
  /** Terms of spec 6.1 not measured in this search, and why. */
  readonly absent: readonly string[];
}

const digest = (value: unknown): string => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

export function searchSettings(space: GeneSpace, given: Partial<SearchSettings> & { readonly seed: number }): SearchSettings {
  return { ...DEFAULT_SEARCH_SETTINGS, mutationRate: 1 / space.length, ...given };
}

/** Builds what a resumed search must share with the search that wrote the state. */
function stateSettings(options: EvolveOptions, settings: SearchSettings, weights: FitnessWeights, floor: number): StateSettings {
  return {
    ...settings,
    weights,
    fidelityFloor: floor,
    tokenizers: options.tokenizers.map((t) => t.name),
    space: digest(options.space.map((gene) => [gene.name, gene.options])),
    seeds: digest(options.seeds ?? []),
    argumentOrder: digest(options.argumentOrder ?? null),
    searchSet: digest(options.sets.search.irs.map(contentKey)),
    bench: options.success === undefined ? null : digest([...options.success.byFrontend]),
  };
}

export function absentTerms(weights: FitnessWeights, success: SuccessTerms | undefined): string[] {
  const out = [`PPL (delta ${weights.delta}): absent, no local model is configured for perplexity`];
  if (success === undefined) {
    out.push(
      `task success (alpha ${weights.alpha}) and cross-model fidelity (alpha' ${weights.alphaPrime}): absent, no --bench results; run silpc bench run with the dialect as a frontend to measure them`,
    );
  }
  return out;
}

export function evolve(options: EvolveOptions): EvolveResult {
  const settings = searchSettings(options.space, options.settings);
  const weights = resolveWeights(options.weights ?? EVOLVE_WEIGHTS);
  const floor = options.fidelityFloor ?? DEFAULT_FIDELITY_FLOOR;
  if (!(floor >= 0 && floor <= 1)) throw new RangeError(`fidelity floor must be within 0..1, got ${floor}`);
  if (options.sets.search.irs.length === 0) throw new RangeError("the search set is empty");
  const counter = new CachedTokenCounter(options.tokenizers);
  const reference = options.sets.search.irs.map((ir) => counter.counts(builtinPayload(ir, REFERENCE_FRONTEND)));
  const evaluate = (genes: Genome): DialectEvaluation =>
    evaluateDialect(
      {
        space: options.space,
        makeCodec: options.makeCodec,
        irs: options.sets.search.irs,
        counter,
        reference,
        weights,
        fidelityFloor: floor,
        ...(options.success === undefined ? {} : { success: options.success }),
      },
      genes,
    );

  const fingerprint = stateSettings(options, settings, weights, floor);
  let start: SearchState<DialectEvaluation>;
  if (options.statePath !== undefined && existsSync(options.statePath)) {
    const file = readStateFile<DialectEvaluation>(options.statePath);
    assertResumable(file.settings, fingerprint, options.statePath);
    start = { ...file.state, population: file.state.population.map((genome) => orderedGenome(options.space, genome)) };
  } else start = initialState<DialectEvaluation>(options.space, settings, options.seeds ?? []);
  const resumedAt = start.generation;

  const save = (state: SearchState<DialectEvaluation>): void => {
    if (options.statePath !== undefined) writeStateFile(options.statePath, { format: "silp-evolve-state", version: 1, settings: fingerprint, state });
  };
  if (resumedAt === 0) save(start);
  let state = search(options.space, settings, start, evaluate, (next, progress) => {
    save(next);
    options.onGeneration?.(progress);
  });
  // A search of 0 generations (or a finished one resumed) still scores its population.
  if (state.archive.length === 0)
    state = { ...state, archive: state.population.map((genome) => ({ genome, evaluation: evaluate(genome), generation: state.generation })) };

  const best = bestEntry(options.space, state.archive) as ArchiveEntry<DialectEvaluation>;
  const bestCodec = options.makeCodec(best.genome, best.evaluation.name);
  const heldOut = heldOutReport({
    set: options.sets.heldOut.name,
    irs: options.sets.heldOut.irs,
    dialectName: best.evaluation.name,
    dialect: bestCodec,
    counter,
  });
  return {
    settings,
    weights,
    state,
    resumedAt,
    best: { genes: best.genome, evaluation: best.evaluation },
    front: archiveFront(options.space, state.archive).map((entry) => ({ genes: entry.genome, evaluation: entry.evaluation })),
    heldOut,
    absent: absentTerms(weights, options.success),
  };
}
