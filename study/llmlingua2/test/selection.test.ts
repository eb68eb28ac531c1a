import { describe, test } from "vitest";
import assert from "node:assert/strict";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { percentile, selectWords, thresholdPercentile } from "../src/selection.js";

const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

describe("percentile (NumPy's default linear method)", () => {
  // Expected values computed with numpy 2.4 np.percentile.
  test("matches NumPy on known inputs", () => {
    assert.equal(percentile([15, 20, 35, 40, 50], 40), 29);
    assert.equal(percentile([0.1, 0.2, 0.8, 0.9], 51), 0.518);
    assert.equal(percentile([0.1, 0.8, 0.9], 51), 0.802);
    assert.equal(percentile([1, 2, 3, 4], 50), 2.5);
    assert.equal(percentile([0, 1], 75), 0.75);
  });

  test("q 0 and 100 are the minimum and maximum; order of input does not matter", () => {
    assert.equal(percentile([3, 1, 2], 0), 1);
    assert.equal(percentile([3, 1, 2], 100), 3);
    assert.equal(percentile([7], 51), 7);
  });

  test("rejects an empty list and q outside [0, 100]", () => {
    assert.throws(() => percentile([], 50), RangeError);
    assert.throws(() => percentile([1], 101), RangeError);
    assert.throws(() => percentile([1], Number.NaN), RangeError);
  });

  test("stays within the range of the data", () => {
    assertProperty(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 100 }), (values, q) => {
        const p = percentile(values, q);
        return p >= Math.min(...values) && p <= Math.max(...values);
      }),
    );
  });
});

describe("thresholdPercentile (the original's int(100 * (1 - rate) + 1))", () => {
  test("reproduces Python's float arithmetic, including its off-by-one at 0.9", () => {
    assert.equal(thresholdPercentile(0.5), 51);
    assert.equal(thresholdPercentile(0.3), 71);
    assert.equal(thresholdPercentile(0.7), 31);
    assert.equal(thresholdPercentile(0.9), 10);
    assert.equal(thresholdPercentile(0.33), 68);
  });

  test("is capped at 100 where NumPy would reject 101 (rate 0)", () => {
    assert.equal(thresholdPercentile(0.005), 100);
    assert.equal(thresholdPercentile(0), 100);
  });
});

describe("selectWords with fixed probabilities", () => {
  test("keeps the words above the 51st percentile at the default rate, in order", () => {
    assert.deepEqual(selectWords([0.9, 0.1, 0.8, 0.2], ones(4), 0.5), [true, false, true, false]);
  });

  test("weighs each word by its token count", () => {
    // Equal weights: threshold 0.802, only 0.9 survives.
    assert.deepEqual(selectWords([0.9, 0.1, 0.8], [1, 1, 1], 0.5), [true, false, false]);
    // The long low-probability word fills the lower half: threshold 0.1, both others survive.
    assert.deepEqual(selectWords([0.9, 0.1, 0.8], [1, 4, 1], 0.5), [true, false, true]);
  });

  test("rate 1 keeps every word, even tied or zero ones", () => {
    assert.deepEqual(selectWords([0, 0.5, 0.5, 1], ones(4), 1), [true, true, true, true]);
  });

  test("rate 0 keeps nothing but words of probability exactly 1", () => {
    assert.deepEqual(selectWords([0.99, 0.5, 0.2], ones(3), 0), [false, false, false]);
    assert.deepEqual(selectWords([1, 0.5, 1], ones(3), 0), [true, false, true]);
  });

  test("very short input: no word, or one word that ties with itself", () => {
    assert.deepEqual(selectWords([], [], 0.5), []);
    assert.deepEqual(selectWords([0.7], [3], 0.5), [false]);
    assert.deepEqual(selectWords([0.7], [3], 1), [true]);
  });

  test("ties at the threshold are dropped", () => {
    assert.deepEqual(selectWords([0.5, 0.5, 0.5], ones(3), 0.5), [false, false, false]);
    assert.deepEqual(selectWords([0.9, 0.5, 0.5, 0.5, 0.1], ones(5), 0.5), [true, false, false, false, false]);
  });

  test("a threshold of exactly 1 keeps the words at 1 (forced words)", () => {
    assert.deepEqual(selectWords([1, 1, 0.2], ones(3), 0.5), [true, true, false]);
  });

  test("rejects rates outside [0, 1] and mismatched weights", () => {
    for (const rate of [-0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => selectWords([0.5], [1], rate), RangeError);
    }
    assert.throws(() => selectWords([0.5, 0.4], [1], 0.5), RangeError);
  });

  const probabilities = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 0, maxLength: 30 });
  const rate = fc.double({ min: 0, max: 1, noNaN: true });

  test("is a threshold: every kept word outranks every dropped word", () => {
    assertProperty(
      fc.property(probabilities, rate, (ps, r) => {
        const kept = selectWords(ps, ones(ps.length), r);
        const keptMin = Math.min(...ps.filter((_, i) => kept[i]));
        const droppedMax = Math.max(...ps.filter((_, i) => !kept[i]));
        return keptMin >= droppedMax;
      }),
    );
  });

  test("a higher rate keeps a superset of the words", () => {
    assertProperty(
      fc.property(probabilities, rate, rate, (ps, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const fewer = selectWords(ps, ones(ps.length), low);
        const more = selectWords(ps, ones(ps.length), high);
        return fewer.every((kept, i) => !kept || more[i] === true);
      }),
    );
  });
});
