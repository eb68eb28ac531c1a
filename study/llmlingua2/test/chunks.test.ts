import { describe, test } from "vitest";
import assert from "node:assert/strict";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { chunkRanges } from "../src/chunks.js";

const END = new Set([".", "\n"]);

describe("chunkRanges", () => {
  test("a sequence that fits is one chunk; an empty one is none", () => {
    assert.deepEqual(chunkRanges(["a", "b", "."], 5, END), [[0, 3]]);
    assert.deepEqual(chunkRanges(["a", "b", "c", "d", "e"], 5, END), [[0, 5]]);
    assert.deepEqual(chunkRanges([], 5, END), []);
  });

  test("a chunk ends after the last end token that fits", () => {
    const tokens = ["a", ".", "b", ".", "c", "d", "e", "f"];
    assert.deepEqual(chunkRanges(tokens, 5, END), [
      [0, 4],
      [4, 8],
    ]);
  });

  test("without an end token the chunk is cut at the limit", () => {
    assert.deepEqual(chunkRanges(["a", "b", "c", "d", "e", "f", "g"], 3, END), [
      [0, 3],
      [3, 6],
      [6, 7],
    ]);
  });

  test("an end token at the chunk's first position does not end it", () => {
    assert.deepEqual(chunkRanges([".", "a", "b", "c"], 3, END), [
      [0, 3],
      [3, 4],
    ]);
  });

  test("rejects a limit below 1", () => {
    assert.throws(() => chunkRanges(["a"], 0, END), RangeError);
  });

  test("chunks cover the sequence in order, without gaps or overlap, within the limit", () => {
    assertProperty(
      fc.property(fc.array(fc.constantFrom("a", "b", ".", "\n"), { maxLength: 200 }), fc.integer({ min: 1, max: 20 }), (tokens, max) => {
        const ranges = chunkRanges(tokens, max, END);
        let next = 0;
        for (const [start, end] of ranges) {
          if (start !== next || end <= start || end - start > max) return false;
          next = end;
        }
        return next === tokens.length;
      }),
    );
  });
});
