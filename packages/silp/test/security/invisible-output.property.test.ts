/**
 * No payload any printing frontend produces (code, json, natural,
 * nl_json) contains a raw default-ignorable code point or a raw C0/C1 control, whatever the IR's
 * strings hold; a receiver's sanitizer would strip them and silently change the value, or a
 * reader would not see them. The oracle is the list below, copied from Unicode's
 * DerivedCoreProperties.txt (Default_Ignorable_Code_Point, as of Unicode 17.0), written out here
 * because the code under test uses V8's \p{Default_Ignorable_Code_Point} and so cannot be its own
 * oracle.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { INVISIBLE_SAMPLES, normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { compile, type SilpIR } from "silp";

/** DerivedCoreProperties.txt, Default_Ignorable_Code_Point, every range of the file. */
const DEFAULT_IGNORABLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], // SOFT HYPHEN
  [0x034f, 0x034f], // COMBINING GRAPHEME JOINER
  [0x061c, 0x061c], // ARABIC LETTER MARK
  [0x115f, 0x1160], // HANGUL CHOSEONG FILLER..HANGUL JUNGSEONG FILLER
  [0x17b4, 0x17b5], // KHMER VOWEL INHERENT AQ..AA
  [0x180b, 0x180d], // MONGOLIAN FREE VARIATION SELECTOR ONE..THREE
  [0x180e, 0x180e], // MONGOLIAN VOWEL SEPARATOR
  [0x180f, 0x180f], // MONGOLIAN FREE VARIATION SELECTOR FOUR
  [0x200b, 0x200f], // ZERO WIDTH SPACE..RIGHT-TO-LEFT MARK
  [0x202a, 0x202e], // LEFT-TO-RIGHT EMBEDDING..RIGHT-TO-LEFT OVERRIDE
  [0x2060, 0x2064], // WORD JOINER..INVISIBLE PLUS
  [0x2065, 0x2065], // <reserved-2065>
  [0x2066, 0x206f], // LEFT-TO-RIGHT ISOLATE..NOMINAL DIGIT SHAPES
  [0x3164, 0x3164], // HANGUL FILLER
  [0xfe00, 0xfe0f], // VARIATION SELECTOR-1..16
  [0xfeff, 0xfeff], // ZERO WIDTH NO-BREAK SPACE
  [0xffa0, 0xffa0], // HALFWIDTH HANGUL FILLER
  [0xfff0, 0xfff8], // <reserved-FFF0>..<reserved-FFF8>
  [0x1bca0, 0x1bca3], // SHORTHAND FORMAT LETTER OVERLAP..SHORTHAND FORMAT UP STEP
  [0x1d173, 0x1d17a], // MUSICAL SYMBOL BEGIN BEAM..END PHRASE
  [0xe0000, 0xe0000], // <reserved-E0000>
  [0xe0001, 0xe0001], // LANGUAGE TAG
  [0xe0002, 0xe001f], // <reserved>
  [0xe0020, 0xe007f], // TAG SPACE..CANCEL TAG
  [0xe0080, 0xe00ff], // <reserved>
  [0xe0100, 0xe01ef], // VARIATION SELECTOR-17..256
  [0xe01f0, 0xe0fff], // <reserved>
];

function isDefaultIgnorable(codePoint: number): boolean {
  return DEFAULT_IGNORABLE.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** C0 controls, DEL and C1 controls (Unicode general category Cc). */
function isControl(codePoint: number): boolean {
  return codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);
}

/** Every raw invisible character of `payload`, as U+XXXX at its UTF-16 offset. */
function rawInvisibles(payload: string): string[] {
  const found: string[] = [];
  let offset = 0;
  for (const char of payload) {
    const codePoint = char.codePointAt(0) as number;
    if (isDefaultIgnorable(codePoint) || isControl(codePoint) || codePoint === 0x2028 || codePoint === 0x2029) {
      found.push(`U+${codePoint.toString(16).toUpperCase().padStart(4, "0")} at ${offset}`);
    }
    offset += char.length;
  }
  return found;
}

const PRINTING_FRONTENDS = ["code", "json", "natural", "nl_json"] as const;
const RUNS = propertyRuns(1500);

describe("no payload carries a raw invisible character", () => {
  test("the oracle: samples the generator uses are invisible by the list, visible letters are not", () => {
    for (const sample of INVISIBLE_SAMPLES) {
      const codePoint = sample.codePointAt(0) as number;
      if (codePoint !== 0x200c && codePoint !== 0x200d) assert.equal(rawInvisibles(sample).length, 1, sample);
    }
    assert.deepEqual(rawInvisibles("a\u3164b\u034f"), ["U+3164 at 1", "U+034F at 3"]);
    assert.deepEqual(rawInvisibles("Москва 東京 é 😀 \u{e0100}"), ["U+E0100 at 15"]);
  });

  test("every printing frontend, on IRs whose strings hold default-ignorable and control characters", () => {
    assertProperty(
      fc.property(normalFormIrArb, fc.boolean(), (ir: SilpIR, inlineMeta) => {
        for (const frontend of PRINTING_FRONTENDS) {
          const payload = compile(ir, frontend, { whitelist: "off", inlineMeta });
          assert.deepEqual(rawInvisibles(payload), [], `${frontend}: ${JSON.stringify(payload)}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("each listed code point alone, in a value, a location and a constraint", () => {
    for (const [first, last] of DEFAULT_IGNORABLE) {
      for (const codePoint of new Set([first, last, (first + last) >> 1])) {
        const char = String.fromCodePoint(codePoint);
        const ir = {
          intent: "!START",
          entities: [{ id: "act", value: `a${char}b` }],
          constraints: [{ type: "weather", value: `${char}`, time: "t+1" }],
          alternatives: [{ action: "!CANCEL", target: "x", location: `in${char}door` }],
          meta: { req_id: "a1b2c3d4" },
        };
        for (const frontend of PRINTING_FRONTENDS) {
          const payload = compile(ir, frontend);
          assert.deepEqual(rawInvisibles(payload), [], `${frontend}: ${JSON.stringify(payload)}`);
        }
      }
    }
  });
});
