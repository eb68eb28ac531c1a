import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { dominates, nonDominatedSort, paretoFront } from "@silp/evolve";

describe("non-dominated sorting (hand-written examples)", () => {
  test("dominance: no worse everywhere and better somewhere", () => {
    assert.equal(dominates([1, 2], [2, 2]), true);
    assert.equal(dominates([1, 2], [1, 2]), false, "equal points do not dominate each other");
    assert.equal(dominates([1, 3], [2, 2]), false);
    assert.equal(dominates([2, 2], [1, 3]), false);
  });

  test("fronts of seven points in two objectives", () => {
    //       index:   0       1       2       3       4       5       6
    const points = [
      [1, 5],
      [2, 3],
      [3, 4],
      [4, 1],
      [2, 6],
      [5, 5],
      [2, 3],
    ];
    // Front 0: (1,5), (2,3), (4,1) and the duplicate (2,3); front 1: (3,4) [by (2,3)], (2,6) [by (1,5)];
    // front 2: (5,5) [by (3,4)].
    assert.deepEqual(nonDominatedSort(points), [[0, 1, 3, 6], [2, 4], [5]]);
    assert.deepEqual(paretoFront(points), [0, 1, 3, 6]);
  });

  test("three objectives, and the empty input", () => {
    assert.deepEqual(
      nonDominatedSort([
        [1, 1, 1],
        [0, 2, 2],
        [2, 2, 2],
      ]),
      [[0, 1], [2]],
    );
    assert.deepEqual(nonDominatedSort([]), []);
    assert.deepEqual(paretoFront([]), []);
  });
});
