/**
 * Synthetic problems with known optima for the engine's tests (not dialects): OneMax, whose
 * optimum is every gene "1", and a two-objective problem whose Pareto front is known by hand.
 */
import type { Evaluation, GeneSpace, Genome } from "@silp/evolve";

export function oneMaxSpace(genes: number): GeneSpace {
  return Array.from({ length: genes }, (_, i) => ({ name: `g${String(i).padStart(2, "0")}`, options: ["0", "1"] }));
}

/** OneMax: score = number of "1" genes; objectives = [zeros, ones] (so no point dominates another). */
export function oneMax(genome: Genome): Evaluation {
  const ones = Object.values(genome).filter((value) => value === "1").length;
  return { feasible: true, score: ones, objectives: [Object.keys(genome).length - ones, ones] };
}

/**
 * Two genes a, b in 0..7; minimize f1 = a and f2 = (7 - a) + b. For any a, b = 0 is strictly
 * better on f2 and equal on f1, so the Pareto front is exactly the 8 points with b = 0; and a
 * point with a >= 6 is declared infeasible, so the feasible front is the 6 points a = 0..5, b = 0.
 */
export const TWO_OBJECTIVE_SPACE: GeneSpace = [
  { name: "a", options: ["0", "1", "2", "3", "4", "5", "6", "7"] },
  { name: "b", options: ["0", "1", "2", "3", "4", "5", "6", "7"] },
];

export function twoObjective(genome: Genome): Evaluation {
  const a = Number(genome.a);
  const b = Number(genome.b);
  return { feasible: a < 6, score: -(a + (7 - a) + b), objectives: [a, 7 - a + b] };
}
