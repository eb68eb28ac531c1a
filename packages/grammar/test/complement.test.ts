/**
 * The two regular constructions the grammar builds by hand are exact: "words except these words and
 * prefixes" (complement.ts) and "\u escapes of these code units" (hex-escape.ts). Checked by
 * enumerating every short string, against oracles written directly from the definitions.
 */
import assert from "node:assert/strict";
import { describe, it } from "vitest";
import { anyWordExcept, wordExcept } from "../src/complement.js";
import { unicodeEscape } from "../src/hex-escape.js";
import { matches } from "./expr-match.js";

const ALPHABET = ["a", "b", "t", "+"];

function allStrings(maxLength: number): string[] {
  const out = [""];
  let layer = [""];
  for (let length = 1; length <= maxLength; length++) {
    layer = layer.flatMap((prefix) => ALPHABET.map((char) => prefix + char));
    out.push(...layer);
  }
  return out;
}

describe("wordExcept / anyWordExcept", () => {
  const ascii = ALPHABET.map((char) => [char.charCodeAt(0), char.charCodeAt(0)] as const);
  const words = ["ab", "b", "tat", "a+t"];
  const prefixes = ["t+", "bb"];
  const oracle = (text: string, allowEmpty: boolean): boolean =>
    (allowEmpty || text.length > 0) && !words.includes(text) && !prefixes.some((prefix) => text.startsWith(prefix));

  it("accepts exactly the non-empty words that are not excluded (every string up to 5 characters)", () => {
    const expr = wordExcept({ ascii, opaque: [] }, { words, prefixes });
    for (const text of allStrings(5)) assert.equal(matches(expr, text), oracle(text, false), JSON.stringify(text));
  });

  it("the possibly-empty form also accepts the empty word", () => {
    const expr = anyWordExcept({ ascii, opaque: [] }, { words, prefixes });
    for (const text of allStrings(4)) assert.equal(matches(expr, text), oracle(text, true), JSON.stringify(text));
  });

  it("an opaque unit (an escape) never completes an excluded word", () => {
    const expr = wordExcept({ ascii, opaque: [{ kind: "literal", text: "\\n" }] }, { words: ["ab"], prefixes: ["t+"] });
    assert.equal(matches(expr, "ab"), false);
    assert.equal(matches(expr, "a\\nb"), true);
    assert.equal(matches(expr, "\\nt+"), true);
    assert.equal(matches(expr, "t\\n+"), true);
    assert.equal(matches(expr, "t+\\n"), false);
  });
});

describe("unicodeEscape", () => {
  it("spells exactly the lower-case \\uXXXX escapes of the given code units (all 65,536 checked)", () => {
    const units = [
      [0x00, 0x1f],
      [0x7f, 0x9f],
      [0xad, 0xad],
      [0x2028, 0x2029],
      [0xd800, 0xdfff],
      [0xfff0, 0xffff],
    ] as const;
    const expr = unicodeEscape(units);
    for (let unit = 0; unit <= 0xffff; unit++) {
      const hex = unit.toString(16).padStart(4, "0");
      const inside = units.some(([low, high]) => low <= unit && unit <= high);
      assert.equal(matches(expr, `\\u${hex}`), inside, hex);
      if (/[a-f]/.test(hex)) assert.equal(matches(expr, `\\u${hex.toUpperCase()}`), false, `upper-case ${hex}`);
    }
  });
});
