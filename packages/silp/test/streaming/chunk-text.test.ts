/**
 * ChunkText, the one way a stream keeps text that arrives in chunks: whatever the chunks, it
 * reads back as their concatenation, and `startsWith` and `slice` answer as the concatenated
 * string does, also across the batches it joins chunks into (1,024 chunks each), across the
 * pieces that reads between appends make and join (1,024 pieces each), and after `clear`.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { ChunkText } from "../../src/chunk-text.js";

/** Chunks of 0-3 characters, sometimes thousands of them: several batches and a partial one. */
const chunksArb = fc.oneof(
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 40 }),
  fc
    .integer({ min: 1000, max: 3500 })
    .chain((count) =>
      fc.array(fc.constantFrom("a", "bc", "", "\u00e9", "xyz", "\ud83d", "\ude00", "\ud800", "\u0000", '"', "\\"), { minLength: count, maxLength: count }),
    ),
);

function filled(chunks: readonly string[]): ChunkText {
  const text = new ChunkText();
  for (const chunk of chunks) text.append(chunk);
  return text;
}

describe("ChunkText", () => {
  test("reads back the concatenation of its chunks, and its length is the concatenation's", () => {
    assertProperty(
      fc.property(chunksArb, (chunks) => {
        const text = filled(chunks);
        const whole = chunks.join("");
        assert.equal(text.length, whole.length);
        assert.equal(text.read(), whole);
        assert.equal(text.read(), whole, "a second read gives the same text");
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  test("startsWith answers as the concatenated string does, at any offset, across batches", () => {
    assertProperty(
      fc.property(chunksArb, fc.nat(), fc.integer({ min: 0, max: 2100 }), (chunks, at, wanted) => {
        const text = filled(chunks);
        const whole = chunks.join("");
        const offset = whole.length === 0 ? 0 : at % (whole.length + 1);
        // Probes that match (a slice of the text, long enough to span a batch) and one that differs at its end.
        const slice = whole.slice(offset, offset + wanted);
        assert.equal(text.startsWith(slice, offset), true);
        if (slice.length > 0) {
          const differs = `${slice.slice(0, -1)}${slice.endsWith("#") ? "$" : "#"}`;
          assert.equal(text.startsWith(differs, offset), false);
        }
        assert.equal(text.startsWith("a", whole.length), false, "nothing starts at the end");
        assert.equal(text.startsWith("", -1), false, "a negative offset holds nothing");
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  test("a probe running past the end is false, even when the text's last characters match it", () => {
    const text = filled(["ab", "c"]);
    assert.equal(text.startsWith("bc", 1), true);
    assert.equal(text.startsWith("bcd", 1), false);
    assert.equal(text.startsWith("c", 2), true);
  });

  test("appending after a read goes on from the text read; clear empties it for reuse", () => {
    const text = new ChunkText();
    for (let i = 0; i < 2500; i++) text.append(String(i % 10));
    const first = text.read();
    text.append("end");
    assert.equal(text.read(), `${first}end`);
    assert.equal(text.startsWith("9end", first.length - 1), true);
    text.clear();
    assert.equal(text.length, 0);
    assert.equal(text.read(), "");
    assert.equal(text.startsWith("", 0), true);
    text.append("again");
    assert.equal(text.read(), "again");
    assert.equal(text.startsWith("gain", 1), true);
  });

  test("slice between appends reads as the concatenation's slice, however many pieces the reads made and joined", () => {
    // A stream reads a token after most chunks: each read makes a piece, and every 1,024 pieces are joined.
    const readsArb = fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 12 }), fc.integer({ min: -2, max: 12 })), {
      minLength: 1,
      maxLength: 3000,
    });
    assertProperty(
      fc.property(readsArb, fc.nat(), (steps, far) => {
        const text = new ChunkText();
        let whole = "";
        for (const [chunk, back, span] of steps) {
          text.append(chunk);
          whole += chunk;
          const from = whole.length - back;
          // Offsets are clamped to the text: a negative one is its start, not counted from its end as String's slice counts it.
          const clamp = (offset: number) => Math.min(Math.max(offset, 0), whole.length);
          assert.equal(text.slice(from, from + span), whole.slice(clamp(from), clamp(from + span)), `slice(${from}, ${from + span})`);
        }
        // A read reaching back over many pieces and joins, and ranges past either end.
        const from = whole.length === 0 ? 0 : far % whole.length;
        assert.equal(text.slice(from, whole.length), whole.slice(from));
        assert.equal(text.slice(-5, whole.length + 5), whole);
        assert.equal(text.slice(whole.length, whole.length + 1), "");
        assert.equal(text.read(), whole);
        assert.equal(text.startsWith(whole.slice(from), from), true);
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  test("an empty text slices to nothing, whatever the range", () => {
    const text = new ChunkText();
    assert.equal(text.slice(0, 0), "");
    assert.equal(text.slice(0, 5), "");
    assert.equal(text.slice(-2, 3), "");
    text.append("");
    assert.equal(text.slice(0, 0), "");
  });

  test("2,500 reads of one character each keep the text whole: the pieces they made are joined, not dropped", () => {
    const text = new ChunkText();
    let whole = "";
    for (let i = 0; i < 2500; i++) {
      const chunk = String.fromCharCode(0x41 + (i % 26));
      text.append(chunk);
      whole += chunk;
      assert.equal(text.slice(i, i + 1), chunk);
    }
    assert.equal(text.slice(0, 2500), whole);
    assert.equal(text.slice(1020, 1030), whole.slice(1020, 1030), "across the first join");
    assert.equal(text.slice(2040, 2060), whole.slice(2040, 2060), "across the second join");
  });
});
