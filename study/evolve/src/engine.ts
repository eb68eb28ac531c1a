/**
 * The genetic algorithm, generic over a gene space and an evaluation function:
 *
 *   population (random, plus any seed genomes) -> evaluate -> keep the `elitism` best unchanged
 *   -> fill the rest with children: two tournament winners, uniform crossover (with probability
 *   `crossoverRate`, else a copy of the first), per-gene mutation -> next generation.
 *
 * "Best" is the scalar fitness with feasibility first: every infeasible genome ranks after every
 * feasible one, whatever its score (spec 6.1's hard floor). Ties break on the genome's key, so
 * the order never depends on evaluation order. Every genome ever evaluated is kept in an archive
 * (the evaluation cache, and the source of the Pareto front over the objectives).
 *
 * The whole search state is plain data (`SearchState`): generation, population, archive and the
 * generator's state, so it can be written after every generation and resumed; a resumed search
 * continues exactly as the uninterrupted one would have.
 */
import { checkGeneSpace, type GeneSpace, type Genome, genomeKey, orderedGenome } from "./gene-space.js";
import { mutate, randomGenome, tournament, uniformCrossover } from "./operators.js";
import { paretoFront } from "./pareto.js";
import { SeededRandom } from "./random.js";

export interface Evaluation {
  /** False when a hard constraint fails (e.g. a dialect that loses information). */
  readonly feasible: boolean;
  /** The scalar fitness; higher is better. */
  readonly score: number;
  /** The objectives of the Pareto front, all minimized. */
  readonly objectives: readonly number[];
}

export interface SearchSettings {
  readonly seed: number;
  readonly populationSize: number;
  readonly generations: number;
  /** Probability that a child is a crossover of two parents rather than a copy of one. */
  readonly crossoverRate: number;
  /** Probability that each gene of a child mutates. */
  readonly mutationRate: number;
  readonly tournamentSize: number;
  /** Best genomes carried into the next generation unchanged. */
  readonly elitism: number;
}

export const DEFAULT_SEARCH_SETTINGS: Omit<SearchSettings, "seed" | "mutationRate"> = Object.freeze({
  populationSize: 32,
  generations: 20,
  crossoverRate: 0.9,
  tournamentSize: 2,
  elitism: 2,
});

export interface ArchiveEntry<E extends Evaluation = Evaluation> {
  readonly genome: Genome;
  readonly evaluation: E;
  /** The generation in which the genome was first evaluated (0 = the initial population). */
  readonly generation: number;
}

export interface SearchState<E extends Evaluation = Evaluation> {
  /** Generations completed. */
  readonly generation: number;
  /** The population about to be evaluated in the next generation (or the last one, when done). */
  readonly population: readonly Genome[];
  /** The generator's state after building `population`. */
  readonly random: readonly number[];
  /** Every genome evaluated so far, in the order first evaluated. */
  readonly archive: readonly ArchiveEntry<E>[];
}

export interface GenerationProgress<E extends Evaluation = Evaluation> {
  readonly generation: number;
  readonly generations: number;
  readonly best: ArchiveEntry<E> | undefined;
  readonly evaluated: number;
  readonly feasible: number;
}

export function checkSettings(settings: SearchSettings): void {
  const integer = (name: keyof SearchSettings, min: number) => {
    const value = settings[name];
    if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
  };
  const rate = (name: keyof SearchSettings) => {
    const value = settings[name];
    if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be within 0..1, got ${value}`);
  };
  integer("populationSize", 2);
  integer("generations", 0);
  integer("tournamentSize", 1);
  integer("elitism", 0);
  rate("crossoverRate");
  rate("mutationRate");
  if (settings.elitism >= settings.populationSize)
    throw new RangeError(`elitism (${settings.elitism}) must be below the population size (${settings.populationSize})`);
  SeededRandom.fromSeed(settings.seed);
}

/** Orders archive entries best first: feasible before infeasible, then score, then key. */
export function compareEntries(space: GeneSpace): (a: ArchiveEntry, b: ArchiveEntry) => number {
  return (a, b) =>
    Number(b.evaluation.feasible) - Number(a.evaluation.feasible) ||
    b.evaluation.score - a.evaluation.score ||
    (genomeKey(space, a.genome) < genomeKey(space, b.genome) ? -1 : genomeKey(space, a.genome) > genomeKey(space, b.genome) ? 1 : 0);
}

/**
 * The starting state: the seed genomes (e.g. today's code frontend, so the search starts from a
 * known lossless point), then random genomes up to the population size.
 */
export function initialState<E extends Evaluation>(space: GeneSpace, settings: SearchSettings, seeds: readonly Genome[] = []): SearchState<E> {
  checkGeneSpace(space);
  checkSettings(settings);
  const random = SeededRandom.fromSeed(settings.seed);
  const population = seeds.slice(0, settings.populationSize).map((genome) => orderedGenome(space, genome));
  while (population.length < settings.populationSize) population.push(randomGenome(space, random));
  return { generation: 0, population, random: random.state(), archive: [] };
}

export type Evaluate<E extends Evaluation> = (genome: Genome) => E;

/** Evaluates a population through the archive (each distinct genome once, ever). */
function evaluatePopulation<E extends Evaluation>(
  space: GeneSpace,
  state: SearchState<E>,
  evaluate: Evaluate<E>,
): { entries: ArchiveEntry<E>[]; archive: ArchiveEntry<E>[] } {
  const archive = [...state.archive];
  const known = new Map(archive.map((entry) => [genomeKey(space, entry.genome), entry]));
  const entries = state.population.map((genome) => {
    const key = genomeKey(space, genome);
    let entry = known.get(key);
    if (entry === undefined) {
      entry = { genome, evaluation: evaluate(genome), generation: state.generation };
      known.set(key, entry);
      archive.push(entry);
    }
    return entry;
  });
  return { entries, archive };
}

/** One generation: evaluate, select, breed. Pure in the state; the evaluation must be deterministic. */
export function step<E extends Evaluation>(space: GeneSpace, settings: SearchSettings, state: SearchState<E>, evaluate: Evaluate<E>): SearchState<E> {
  const { entries, archive } = evaluatePopulation(space, state, evaluate);
  const compare = compareEntries(space);
  const ranked = [...entries].sort(compare);
  const random = SeededRandom.fromState(state.random);
  const next: Genome[] = [];
  const eliteKeys = new Set<string>();
  for (const entry of ranked) {
    if (next.length >= settings.elitism) break;
    const key = genomeKey(space, entry.genome);
    if (eliteKeys.has(key)) continue;
    eliteKeys.add(key);
    next.push(entry.genome);
  }
  const better = (a: number, b: number): number => compare(entries[a] as ArchiveEntry, entries[b] as ArchiveEntry);
  while (next.length < settings.populationSize) {
    const first = (entries[tournament(entries.length, settings.tournamentSize, random, better)] as ArchiveEntry<E>).genome;
    const second = (entries[tournament(entries.length, settings.tournamentSize, random, better)] as ArchiveEntry<E>).genome;
    const child = random.next() < settings.crossoverRate ? uniformCrossover(space, first, second, random) : first;
    next.push(mutate(space, child, settings.mutationRate, random));
  }
  return { generation: state.generation + 1, population: next, random: random.state(), archive };
}

/**
 * Runs generations until `settings.generations` are done, calling `afterGeneration` with each
 * new state (to save it) and progress. A finished state's last population is evaluated too, so
 * the archive holds every genome the search produced.
 */
export function search<E extends Evaluation>(
  space: GeneSpace,
  settings: SearchSettings,
  start: SearchState<E>,
  evaluate: Evaluate<E>,
  afterGeneration: (state: SearchState<E>, progress: GenerationProgress<E>) => void = () => {},
): SearchState<E> {
  checkSettings(settings);
  let state = start;
  while (state.generation < settings.generations) {
    state = step(space, settings, state, evaluate);
    if (state.generation === settings.generations) state = { ...state, archive: evaluatePopulation(space, state, evaluate).archive };
    afterGeneration(state, progressOf(space, settings, state));
  }
  return state;
}

export function progressOf<E extends Evaluation>(space: GeneSpace, settings: SearchSettings, state: SearchState<E>): GenerationProgress<E> {
  return {
    generation: state.generation,
    generations: settings.generations,
    best: bestEntry(space, state.archive),
    evaluated: state.archive.length,
    feasible: state.archive.filter((entry) => entry.evaluation.feasible).length,
  };
}

/** The best genome ever evaluated (feasible first, then score, then key). */
export function bestEntry<E extends Evaluation>(space: GeneSpace, archive: readonly ArchiveEntry<E>[]): ArchiveEntry<E> | undefined {
  return [...archive].sort(compareEntries(space))[0];
}

/** The Pareto front of the feasible archive over the objectives, sorted by the first objective. */
export function archiveFront<E extends Evaluation>(space: GeneSpace, archive: readonly ArchiveEntry<E>[]): ArchiveEntry<E>[] {
  const feasible = archive.filter((entry) => entry.evaluation.feasible);
  const front = paretoFront(feasible.map((entry) => entry.evaluation.objectives)).map((i) => feasible[i] as ArchiveEntry<E>);
  const compare = compareEntries(space);
  return front.sort((a, b) => {
    const [x, y] = [a.evaluation.objectives, b.evaluation.objectives];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return compare(a, b);
  });
}
