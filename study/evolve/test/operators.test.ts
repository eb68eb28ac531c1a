import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { mutate, randomGenome, SeededRandom, tournament, uniformCrossover, type GeneSpace } from "@silp/evolve";

const SPACE: GeneSpace = [
  { name: "x", options: ["a", "b", "c"] },
  { name: "y", options: ["p", "q"] },
  { name: "z", options: ["only"] },
  { name: "w", options: ["0", "1", "2", "3"] },
];
const FIRST = { x: "a", y: "p", z: "only", w: "0" };
const SECOND = { x: "c", y: "q", z: "only", w: "3" };

describe("genetic operators", () => {
  test("random genomes pick an option of every gene", () => {
    const random = SeededRandom.fromSeed(5);
    for (let i = 0; i < 100; i++) {
      const genome = randomGenome(SPACE, random);
      for (const gene of SPACE) assert.ok(gene.options.includes(genome[gene.name] as string));
    }
  });

  test("mutation rate 0 changes nothing; rate 1 changes every gene that has another option", () => {
    const random = SeededRandom.fromSeed(9);
    assert.deepEqual(mutate(SPACE, FIRST, 0, random), FIRST);
    for (let i = 0; i < 50; i++) {
      const child = mutate(SPACE, FIRST, 1, random);
      assert.notEqual(child.x, "a");
      assert.equal(child.y, "q");
      assert.equal(child.z, "only", "a gene with one option cannot mutate");
      assert.notEqual(child.w, "0");
    }
  });

  test("per-gene mutation happens at about the rate asked for (2000 genes at 0.25)", () => {
    const random = SeededRandom.fromSeed(11);
    let changed = 0;
    for (let i = 0; i < 1000; i++) {
      const child = mutate(SPACE, FIRST, 0.25, random);
      changed += Number(child.x !== "a") + Number(child.w !== "0");
    }
    // Binomial(2000, 0.25): mean 500, sd 19.4; 5 sd either side.
    assert.ok(Math.abs(changed - 500) < 97, `${changed} changes`);
  });

  test("uniform crossover takes every gene from one parent, and both parents contribute", () => {
    const random = SeededRandom.fromSeed(13);
    let fromFirst = 0;
    for (let i = 0; i < 500; i++) {
      const child = uniformCrossover(SPACE, FIRST, SECOND, random);
      for (const gene of SPACE) {
        const value = child[gene.name];
        assert.ok(value === FIRST[gene.name as keyof typeof FIRST] || value === SECOND[gene.name as keyof typeof SECOND]);
      }
      fromFirst += Number(child.x === "a");
    }
    assert.ok(fromFirst > 200 && fromFirst < 300, `${fromFirst} of 500 x genes from the first parent`);
  });

  test("tournament: size 1 draws uniformly; a large tournament almost always returns the best", () => {
    const random = SeededRandom.fromSeed(17);
    const better = (a: number, b: number) => a - b; // lower index is better
    const wins = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const winner = tournament(4, 1, random, better);
      wins[winner] = (wins[winner] as number) + 1;
    }
    for (const count of wins) assert.ok(count > 850 && count < 1150, `${wins}`);
    let best = 0;
    for (let i = 0; i < 200; i++) best += Number(tournament(4, 30, random, better) === 0);
    // P(index 0 never drawn in 30 draws) = 0.75^30 < 2e-4.
    assert.ok(best >= 195, `${best} of 200`);
  });
});
