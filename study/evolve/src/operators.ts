/**
 * The genetic operators, each a small function of the seeded generator: a uniformly random
 * genome, tournament selection, uniform crossover and per-gene mutation. Every random draw goes
 * through `SeededRandom`, in a fixed order, so the same seed gives the same search.
 */
import type { GeneSpace, Genome } from "./gene-space.js";
import type { SeededRandom } from "./random.js";

export function randomGenome(space: GeneSpace, random: SeededRandom): Genome {
  const out: Record<string, string> = {};
  for (const gene of space) out[gene.name] = gene.options[random.below(gene.options.length)] as string;
  return out;
}

/**
 * Tournament selection: `size` contestants drawn with replacement, the best by `better` wins
 * (`better(a, b) < 0` when a is better). Returns the winner's index.
 */
export function tournament(count: number, size: number, random: SeededRandom, better: (a: number, b: number) => number): number {
  if (count < 1) throw new RangeError("tournament over an empty population");
  let winner = random.below(count);
  for (let round = 1; round < size; round++) {
    const challenger = random.below(count);
    if (better(challenger, winner) < 0) winner = challenger;
  }
  return winner;
}

/** Uniform crossover: each gene from either parent with probability 1/2. */
export function uniformCrossover(space: GeneSpace, first: Genome, second: Genome, random: SeededRandom): Genome {
  const out: Record<string, string> = {};
  for (const gene of space) out[gene.name] = (random.next() < 0.5 ? first[gene.name] : second[gene.name]) as string;
  return out;
}

/**
 * Per-gene mutation: each gene, with probability `rate`, takes one of its *other* options
 * uniformly (a mutation that redraws the same option would silently lower the rate).
 */
export function mutate(space: GeneSpace, genome: Genome, rate: number, random: SeededRandom): Genome {
  const out: Record<string, string> = {};
  for (const gene of space) {
    const current = genome[gene.name] as string;
    if (gene.options.length > 1 && random.next() < rate) {
      const others = gene.options.filter((option) => option !== current);
      out[gene.name] = others[random.below(others.length)] as string;
    } else out[gene.name] = current;
  }
  return out;
}
