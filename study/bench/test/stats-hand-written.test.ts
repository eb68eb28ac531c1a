/**
 * The statistics pieces written here rather than taken from cephes (docs/bench.md, Statistics
 * library): average ranks, the exact symmetric binomial tail behind McNemar's exact test, and
 * Spearman's answer to NaN. Oracles: scipy.stats.rankdata(method="average") by hand on small
 * inputs, and Python's fractions.Fraction(sum(comb(n, i) for i <= k), 2**n) converted by
 * float() (correctly rounded), computed outside this code.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { EXACT_TAIL_MAX_PAIRS, mcnemarExact, symmetricBinomialTail } from "../src/stats/mcnemar-exact.js";
import { averageRanks } from "../src/stats/ranks.js";
import { spearman } from "../src/stats/spearman.js";
import { close } from "./tolerance.js";

describe("average ranks (scipy.stats.rankdata, method average)", () => {
  test("ties share their mean rank, in input order", () => {
    assert.deepEqual(averageRanks([1, 2, 2, 3, 5, 4]), [1, 2.5, 2.5, 4, 6, 5]);
    assert.deepEqual(averageRanks([7, 7, 7]), [2, 2, 2]);
    assert.deepEqual(averageRanks([0.3, -1, 0.3, 10, -1, 0.3]), [4, 1.5, 4, 6, 1.5, 4]);
    assert.deepEqual(averageRanks([]), []);
  });
});

describe("the symmetric binomial tail", () => {
  test("is the exact fraction, correctly rounded, up to the exact-sum limit", () => {
    const exact: [number, number, number][] = [
      [3, 8, 0.36328125],
      [50, 100, 0.5397946186935894],
      [0, 1024, 5.562684646268003e-309],
      [400, 1024, 1.3150214043912016e-12],
      [511, 1024, 0.48753609705351025],
    ];
    for (const [k, n, expected] of exact) assert.equal(symmetricBinomialTail(k, n), expected, `P(X <= ${k}), n = ${n}`);
    assert.equal(EXACT_TAIL_MAX_PAIRS, 1024);
  });

  test("beyond it, cephes' bdtr within 1e-10 relative", () => {
    close(symmetricBinomialTail(900, 2000), 4.228544767751963e-6, 1e-10);
    close(symmetricBinomialTail(1450, 3000), 0.03533452240587887, 1e-10);
    close(symmetricBinomialTail(1000, 2025), 0.29690686886091877, 1e-10);
  });

  test("edges: below the support, at its top, bad arguments", () => {
    assert.equal(symmetricBinomialTail(-1, 5), 0);
    assert.equal(symmetricBinomialTail(5, 5), 1);
    assert.throws(() => symmetricBinomialTail(1.5, 5), RangeError);
    assert.throws(() => symmetricBinomialTail(1, -2), RangeError);
    // Twice the tail of 50 of 100 exceeds 1: capped.
    assert.equal(mcnemarExact(50, 50).pValue, 1);
  });
});

describe("Spearman on NaN", () => {
  test("a NaN in either input gives rho and p NaN (scipy's nan_policy propagate)", () => {
    for (const result of [spearman([1, Number.NaN, 3], [1, 2, 3]), spearman([1, 2, 3], [3, Number.NaN, 1])]) {
      assert.ok(Number.isNaN(result.rho) && Number.isNaN(result.pValue));
      assert.equal(result.n, 3);
    }
  });
});
