/**
 * The sanitizer's edges, pinned against hand-written values: where the variation selectors end,
 * which ASCII prototype a confusable folds to, and when a mixed-script hit carries a replacement.
 * Internal on purpose: each is one function's edge, which decode() reaches only behind other steps.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { asciiPrototype } from "../../src/security/confusables.js";
import { describeCodePoint, findInvisible } from "../../src/security/invisible.js";
import { scanPayload } from "../../src/security/scan.js";

describe("sanitizer: what is a variation selector, which prototype, which report fields", () => {
  test("U+E01F0, just past the variation selectors (U+E0100-U+E01EF), is an unknown invisible even after a base", () => {
    // An ideograph may carry a variation selector; U+E01F0 (unassigned, default-ignorable) is not one.
    assert.deepEqual([...findInvisible("\u65e5\u{e01f0}", "contextual")], [{ kind: "invisible", offset: 1, length: 2, codePoint: 0xe01f0, flagOnly: true }]);
    assert.equal(describeCodePoint(0xe01f0), "U+E01F0");
    assert.equal(describeCodePoint(0xe01ef), "U+E01EF VARIATION SELECTOR");
  });

  test("Cyrillic І (U+0406) looks like ASCII I, l, 1 and |, and folds to the capital letter I", () => {
    assert.equal(asciiPrototype("\u0406"), "I");
    assert.equal(asciiPrototype("\u0456"), "i");
  });

  test("a mixed-script hit has a replacement only when the word folds to ASCII", () => {
    // Ж has no ASCII look-alike, so "Жаb" (Cyrillic Ж, а, Latin b) has no replacement field.
    assert.deepEqual(scanPayload("\u0416\u0430b \u0406nfo").report.hits, [
      { kind: "mixed_script", offset: 0, action: "flagged", codePoint: 0x430, text: "\u0416\u0430b" },
      { kind: "mixed_script", offset: 4, action: "flagged", codePoint: 0x406, text: "\u0406nfo", replacement: "Info" },
    ]);
  });
});
