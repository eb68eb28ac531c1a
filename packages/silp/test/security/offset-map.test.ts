import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { locateHits, OffsetMap, sanitizePayload } from "silp/sanitizer";

describe("OffsetMap", () => {
  test("identity until something is removed", () => {
    const map = new OffsetMap();
    assert.equal(map.identity, true);
    assert.equal(map.toOriginal(5), 5);
  });

  test("runs at the same clean offset merge; later offsets shift by all removals before them", () => {
    const map = new OffsetMap();
    map.recordRemoval(2, 1);
    map.recordRemoval(2, 2); // adjacent removed characters: one run of 3
    map.recordRemoval(4, 2);
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((o) => map.toOriginal(o)),
      [0, 1, 5, 6, 9, 10],
    );
  });
});

describe("locateHits", () => {
  test("line and column in code points, in one pass", () => {
    const text = "😀\u200b\nab\u202e";
    const located = locateHits(text, sanitizePayload(text, { invisible: "flag" }).report.hits);
    assert.deepEqual(
      located.map((h) => [h.offset, h.line, h.column]),
      [
        [2, 1, 2],
        [6, 2, 3],
      ],
    );
  });

  test("hits out of order are a RangeError", () => {
    const hit = { kind: "bidi", action: "flagged", codePoint: 0x202e } as const;
    assert.throws(
      () =>
        locateHits("abc", [
          { ...hit, offset: 2 },
          { ...hit, offset: 1 },
        ]),
      RangeError,
    );
  });
});
