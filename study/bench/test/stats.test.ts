/**
 * Statistics wrappers against reference values. Expected numbers come from scipy 1.17.1
 * (spearmanr, fisher_exact) and R's p.adjust, computed independently of this code; the
 * tolerance is relative 1e-9 unless stated.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { fisherExact } from "../src/stats/fisher.js";
import { mcnemar } from "../src/stats/mcnemar.js";
import { benjaminiHochberg } from "../src/stats/multiple-testing.js";
import { spearman } from "../src/stats/spearman.js";
import { close } from "./tolerance.js";
import { npRound, pyExp, pyFixed, pyFloatRepr, PyFloat, pyJsonDump } from "../src/analysis/pyformat.js";

describe("statistics", () => {
  test("McNemar with continuity correction", () => {
    const r = mcnemar(16, 14);
    close(r.chi2, 1 / 30);
    close(r.pValue, 0.8551321405847059, 1e-12); // math.erfc(math.sqrt(chi2 / 2)) in CPython
    assert.deepEqual(mcnemar(0, 0), { b: 0, c: 0, chi2: 0, pValue: 1 });
    // Tiny p keeps its precision (1 - cdf would be 0 here).
    close(mcnemar(200, 0).pValue, 5.691099965684629e-45, 1e-9);
  });

  test("Spearman with ties matches scipy.stats.spearmanr", () => {
    const r = spearman([1, 2, 2, 3, 5, 4], [2, 1, 3, 3, 6, 5]);
    close(r.rho, 0.8676470588235294, 1e-12);
    close(r.pValue, 0.025116718400162802, 1e-9);
    assert.ok(Number.isNaN(spearman([1, 1, 1, 1], [1, 2, 3, 4]).rho));
    assert.equal(spearman([1, 2, 3], [3, 2, 1]).rho, -1);
    assert.throws(() => spearman([1], [1, 2]), RangeError);
  });

  test("Fisher exact test matches scipy.stats.fisher_exact", () => {
    const tea = fisherExact([
      [3, 1],
      [1, 3],
    ]);
    close(tea.oddsRatio, 9);
    close(tea.pValue, 0.48571428571428565);
    close(
      fisherExact(
        [
          [3, 1],
          [1, 3],
        ],
        "greater",
      ).pValue,
      0.24285714285714283,
    );
    close(
      fisherExact(
        [
          [3, 1],
          [1, 3],
        ],
        "less",
      ).pValue,
      0.9857142857142858,
    );
    const zero = fisherExact([
      [0, 5],
      [7, 2],
    ]);
    assert.equal(zero.oddsRatio, 0);
    close(zero.pValue, 0.020979020979020983);
    assert.equal(
      fisherExact([
        [4, 0],
        [0, 4],
      ]).oddsRatio,
      Infinity,
    );
    const empty = fisherExact([
      [0, 0],
      [3, 4],
    ]);
    assert.ok(Number.isNaN(empty.oddsRatio));
    assert.equal(empty.pValue, 1);
    assert.ok(
      fisherExact([
        [1000, 2],
        [3, 1500],
      ]).pValue < 1e-300 ||
        fisherExact([
          [1000, 2],
          [3, 1500],
        ]).pValue === 0,
    );
    assert.throws(
      () =>
        fisherExact([
          [1.5, 0],
          [0, 1],
        ]),
      RangeError,
    );
  });

  test("Benjamini-Hochberg matches R's p.adjust(method = 'BH')", () => {
    const adjusted = benjaminiHochberg([0.008, 0.03, 0.123, 0.6, 0.2]);
    [0.04, 0.075, 0.205, 0.6, 0.25].forEach((e, i) => {
      close(adjusted[i]!, e, 1e-12);
    });
    const withNaN = benjaminiHochberg([0.01, Number.NaN, 0.04]);
    assert.ok(Number.isNaN(withNaN[1]!));
    close(withNaN[0]!, 0.02);
    close(withNaN[2]!, 0.04);
    assert.deepEqual(benjaminiHochberg([]), []);
  });
});

describe("Python-compatible number formatting", () => {
  test("fixed point rounds exact ties to even, like CPython", () => {
    assert.equal(pyFixed(76.25, 1), "76.2"); // exactly representable: tie, to even
    assert.equal((76.25).toFixed(1), "76.3"); // what JavaScript alone would print
    assert.equal(pyFixed(76.35, 1), "76.3"); // 76.35 is stored below the tie
    assert.equal(pyFixed(0.5, 0), "0");
    assert.equal(pyFixed(1.5, 0), "2");
    assert.equal(pyFixed(85.92592592592592, 1), "85.9");
    assert.equal(pyFixed(-0.05, 1), "-0.1");
    assert.equal(pyFixed(99.96, 1), "100.0");
    assert.equal(pyFixed(0.000778, 6), "0.000778");
  });

  test("exponent, float repr, numpy rounding and json.dump layout", () => {
    assert.equal(pyExp(7.554868106385626e-7, 6), "7.554868e-07");
    assert.equal(pyExp(1.23e120, 2), "1.23e+120");
    assert.equal(pyFloatRepr(1), "1.0");
    assert.equal(pyFloatRepr(0.309), "0.309");
    assert.equal(pyFloatRepr(1e-5), "1e-05");
    assert.equal(npRound(0.41061836658531353, 4), 0.4106);
    // numpy: rint(x * 10^d) / 10^d, ties to even (values from numpy 2.x).
    assert.equal(npRound(0.00025, 4), 0.0002);
    assert.equal(npRound(0.125, 2), 0.12);
    assert.equal(npRound(0.41065, 4), 0.4106);
    assert.equal(pyJsonDump({ a: [new PyFloat(1), 2], b: {}, c: [] }), '{\n  "a": [\n    1.0,\n    2\n  ],\n  "b": {},\n  "c": []\n}');
  });
});
