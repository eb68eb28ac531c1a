import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import {
  archiveFront,
  bestEntry,
  compareEntries,
  type Evaluation,
  initialState,
  readStateFile,
  type SearchSettings,
  type SearchState,
  search,
  step,
  writeStateFile,
} from "@silp/evolve";
import { oneMax, oneMaxSpace, TWO_OBJECTIVE_SPACE, twoObjective } from "./synthetic-problems.js";

const SPACE = oneMaxSpace(16);
const SETTINGS: SearchSettings = { seed: 2026, populationSize: 16, generations: 25, crossoverRate: 0.9, mutationRate: 1 / 16, tournamentSize: 2, elitism: 2 };

function run(settings: SearchSettings = SETTINGS): SearchState {
  return search(SPACE, settings, initialState(SPACE, settings), oneMax);
}

describe("the genetic algorithm on OneMax (optimum: all 16 genes 1)", () => {
  test("finds the optimum", () => {
    const best = bestEntry(SPACE, run().archive);
    assert.ok(best);
    assert.equal(best.evaluation.score, 16, `best genome ${JSON.stringify(best.genome)}`);
  });

  test("the same seed gives the same search; another seed another one", () => {
    assert.deepEqual(run(), run());
    assert.notDeepEqual(run().archive, run({ ...SETTINGS, seed: 7 }).archive);
  });

  test("elitism: the population's best never gets worse from one generation to the next", () => {
    let state: SearchState = initialState(SPACE, SETTINGS);
    let previous = -1;
    for (let g = 0; g < 15; g++) {
      const populationBest = Math.max(...state.population.map((genome) => oneMax(genome).score));
      assert.ok(populationBest >= previous, `generation ${g}: ${populationBest} < ${previous}`);
      previous = populationBest;
      state = step(SPACE, SETTINGS, state, oneMax);
    }
  });

  test("each distinct genome is evaluated once", () => {
    let calls = 0;
    const counted = (genome: Record<string, string>): Evaluation => {
      calls++;
      return oneMax(genome);
    };
    const state = search(SPACE, SETTINGS, initialState(SPACE, SETTINGS), counted);
    assert.equal(calls, state.archive.length);
    assert.equal(new Set(state.archive.map((entry) => JSON.stringify(entry.genome))).size, state.archive.length);
  });

  test("resuming from a state file written midway gives the uninterrupted result", () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-evolve-"));
    try {
      const file = join(dir, "state.json");
      const first = search(SPACE, { ...SETTINGS, generations: 9 }, initialState(SPACE, SETTINGS), oneMax);
      writeStateFile(file, { format: "silp-evolve-state", version: 1, settings: { seed: SETTINGS.seed }, state: first });
      const resumed = search(SPACE, SETTINGS, readStateFile(file).state, oneMax);
      const uninterrupted = run();
      assert.deepEqual(resumed.population, uninterrupted.population);
      assert.deepEqual(resumed.random, uninterrupted.random);
      assert.deepEqual(
        resumed.archive.map((entry) => [entry.genome, entry.evaluation.score]),
        uninterrupted.archive.map((entry) => [entry.genome, entry.evaluation.score]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("seed genomes start the population", () => {
    const allOnes = Object.fromEntries(SPACE.map((gene) => [gene.name, "1"]));
    const state = initialState(SPACE, SETTINGS, [allOnes]);
    assert.deepEqual(state.population[0], allOnes);
    assert.equal(state.population.length, SETTINGS.populationSize);
  });

  test("bad settings are RangeErrors", () => {
    assert.throws(() => initialState(SPACE, { ...SETTINGS, populationSize: 1 }), RangeError);
    assert.throws(() => initialState(SPACE, { ...SETTINGS, elitism: 16 }), RangeError);
    assert.throws(() => initialState(SPACE, { ...SETTINGS, mutationRate: 1.5 }), RangeError);
    assert.throws(() => initialState([], SETTINGS), RangeError);
    assert.throws(() => initialState([{ name: "x", options: [] }], SETTINGS), RangeError);
  });
});

describe("ranking and the Pareto front", () => {
  test("infeasible entries rank after every feasible one, whatever their score", () => {
    const entries = [
      { genome: { a: "7", b: "0" }, evaluation: { feasible: false, score: 100, objectives: [0, 0] }, generation: 0 },
      { genome: { a: "1", b: "0" }, evaluation: { feasible: true, score: -5, objectives: [1, 6] }, generation: 0 },
      { genome: { a: "2", b: "0" }, evaluation: { feasible: true, score: 3, objectives: [2, 5] }, generation: 0 },
      { genome: { a: "6", b: "0" }, evaluation: { feasible: false, score: 50, objectives: [0, 0] }, generation: 0 },
    ];
    const order = [...entries].sort(compareEntries(TWO_OBJECTIVE_SPACE)).map((entry) => entry.genome.a);
    assert.deepEqual(order, ["2", "1", "7", "6"]);
  });

  test("on the two-objective problem the search's front is the known one: b = 0, a < 6, sorted by f1", () => {
    const settings: SearchSettings = { ...SETTINGS, populationSize: 12, generations: 20, mutationRate: 0.5 };
    const state = search(TWO_OBJECTIVE_SPACE, settings, initialState(TWO_OBJECTIVE_SPACE, settings), twoObjective);
    const front = archiveFront(TWO_OBJECTIVE_SPACE, state.archive);
    assert.ok(front.length >= 3, `front of ${front.length}`);
    for (const entry of front) {
      assert.equal(entry.genome.b, "0", `${JSON.stringify(entry.genome)} is not on the known front`);
      assert.ok(Number(entry.genome.a) < 6, "an infeasible point is on the front");
    }
    const f1 = front.map((entry) => entry.evaluation.objectives[0] as number);
    assert.deepEqual(
      f1,
      [...f1].sort((x, y) => x - y),
    );
  });

  test("the front of a hand-built archive", () => {
    const entry = (a: number, b: number) => ({
      genome: { a: String(a), b: String(b) },
      evaluation: twoObjective({ a: String(a), b: String(b) }),
      generation: 0,
    });
    const archive = [entry(3, 2), entry(3, 0), entry(1, 1), entry(7, 0), entry(5, 0), entry(1, 0)];
    assert.deepEqual(
      archiveFront(TWO_OBJECTIVE_SPACE, archive).map((e) => [e.genome.a, e.genome.b]),
      [
        ["1", "0"],
        ["3", "0"],
        ["5", "0"],
      ],
    );
  });
});
