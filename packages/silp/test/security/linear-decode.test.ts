/**
 * The structural sanitizer pass must stay linear on long values full of
 * mixed-script words. It used to re-locate the whole value once per word (quadratic: 200K
 * characters took 51 s). These are bounds far above linear time, not tight timings: a linear
 * decoder passes them by an order of magnitude, the quadratic one misses them by minutes.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode } from "silp";
import { assertLinearTime } from "@silp/testkit/linear-time.js";

/** `words` mixed-script words "pа" (Cyrillic а), each followed by a space. */
const mixedValue = (words: number): string => "p\u0430 ".repeat(words);

const PAYLOADS: Record<string, (words: number) => string> = {
  code: (words) => `start("${mixedValue(words)}")`,
  json: (words) => JSON.stringify({ intent: "!START", act: mixedValue(words) }),
};

for (const [frontend, payload] of Object.entries(PAYLOADS)) {
  describe(`${frontend}: decode time is linear in mixed-script values`, () => {
    test("8x the words takes far less than 64x the time, and 1 MB decodes in seconds", () => {
      // Linear is 8x, quadratic 64x (testkit/linear-time.ts).
      assertLinearTime(frontend, (input) => decode(input, frontend), payload(48_000 / 3), payload((8 * 48_000) / 3));

      const megabyte = payload(1_000_000 / 3);
      const started = performance.now();
      decode(megabyte, frontend);
      const elapsed = performance.now() - started;
      assert.ok(elapsed < 5_000, `1 MB took ${elapsed.toFixed(0)} ms`);
    });

    test("past the hit cap, words are counted exactly and the report says it was truncated", () => {
      const words = 5_000;
      const { sanitizer } = decode(payload(words), frontend, { sanitize: { maxHits: 10 } });
      assert.equal(sanitizer.hits.length, 10);
      assert.equal(sanitizer.counts.mixed_script, words);
      assert.equal(sanitizer.truncated, true);
      // The kept hits are the first words, each at its own offset in the payload.
      const first = payload(words).indexOf("p\u0430");
      assert.deepEqual(
        sanitizer.hits.map((hit) => hit.offset),
        Array.from({ length: 10 }, (_, i) => first + 3 * i),
      );
      assert.deepEqual(sanitizer.hits[0], {
        kind: "mixed_script",
        offset: first,
        action: "flagged",
        codePoint: 0x430,
        text: "p\u0430",
        replacement: "pa",
        role: "value",
      });
    });
  });
}
