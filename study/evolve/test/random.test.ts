import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SeededRandom } from "@silp/evolve";

describe("SeededRandom", () => {
  test("the same seed gives the same sequence; another seed another one", () => {
    const draw = (seed: number) => {
      const random = SeededRandom.fromSeed(seed);
      return Array.from({ length: 50 }, () => random.below(1000));
    };
    assert.deepEqual(draw(42), draw(42));
    assert.notDeepEqual(draw(42), draw(43));
  });

  test("a generator rebuilt from its state continues the same sequence", () => {
    const random = SeededRandom.fromSeed(7);
    for (let i = 0; i < 10; i++) random.next();
    const copy = SeededRandom.fromState(JSON.parse(JSON.stringify(random.state())));
    assert.deepEqual(
      Array.from({ length: 20 }, () => copy.next()),
      Array.from({ length: 20 }, () => random.next()),
    );
  });

  test("below(n) stays in range and covers it about evenly (chi-square, 5 bins, 5000 draws)", () => {
    const random = SeededRandom.fromSeed(1);
    const bins = [0, 0, 0, 0, 0];
    for (let i = 0; i < 5000; i++) {
      const value = random.below(5);
      assert.ok(Number.isInteger(value) && value >= 0 && value < 5);
      bins[value] = (bins[value] as number) + 1;
    }
    const chi2 = bins.reduce((sum, count) => sum + (count - 1000) ** 2 / 1000, 0);
    // 4 degrees of freedom: P(chi2 > 18.47) = 0.001.
    assert.ok(chi2 < 18.47, `chi2 ${chi2} for ${bins}`);
  });

  test("next() is in [0, 1)", () => {
    const random = SeededRandom.fromSeed(3);
    for (let i = 0; i < 1000; i++) {
      const value = random.next();
      assert.ok(value >= 0 && value < 1);
    }
  });

  test("bad seeds and states are RangeErrors", () => {
    assert.throws(() => SeededRandom.fromSeed(1.5), RangeError);
    assert.throws(() => SeededRandom.fromSeed(2 ** 40), RangeError);
    assert.throws(() => SeededRandom.fromState([1, 2, 3]), RangeError);
    assert.throws(() => SeededRandom.fromState([1, 2, 3, 0.5]), RangeError);
    assert.throws(() => SeededRandom.fromSeed(1).below(0), RangeError);
  });
});
