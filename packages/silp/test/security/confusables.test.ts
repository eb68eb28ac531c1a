/**
 * The sanitizer's homoglyph and mixed-script classifier (security/confusables.ts) against
 * hand-written answers: which ASCII character a look-alike folds to
 * (case rules among `1 I l |` and `0 O`), the all-or-nothing fold with its first code point, the
 * ASCII test, and the linear prefilter's word boundaries and Latin blocks, one code point at a time.
 * The expected prototypes come from Unicode's confusables.txt (UTS #39) read by hand: U+0406, U+05C0
 * and U+217C all have the skeleton `l`, the same as ASCII `1`, `I`, `l` and `|`.
 *
 * Internals, on purpose: the confusables table and its folding have no public entry; the sanitizer
 * reports only their result.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { asciiPrototype, findMixedScriptWords, foldToAscii, isAscii, mayHoldMixedWord } from "../../src/security/confusables.js";

describe("asciiPrototype: the ASCII character a look-alike folds to", () => {
  test("an uppercase look-alike of `l` folds to the uppercase letter I, not to 1, l or |", () => {
    assert.equal(asciiPrototype("\u0406"), "I"); // CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I
    assert.equal(asciiPrototype("\u2160"), "I"); // ROMAN NUMERAL ONE
  });

  test("a lowercase look-alike of `l` folds to the lowercase letter l", () => {
    assert.equal(asciiPrototype("\u217c"), "l"); // SMALL ROMAN NUMERAL FIFTY
  });

  test("a caseless look-alike of `l` folds to the first letter I, never to the digit 1 or to |", () => {
    assert.equal(asciiPrototype("\u05c0"), "I"); // HEBREW PUNCTUATION PASEQ
    assert.equal(asciiPrototype("\u0661"), "I"); // ARABIC-INDIC DIGIT ONE
  });

  test("a caseless look-alike of O folds to the letter O, not to the digit 0", () => {
    assert.equal(asciiPrototype("\u07c0"), "O"); // NKO DIGIT ZERO
  });

  test("a character that resembles no ASCII text has no prototype", () => {
    assert.equal(asciiPrototype("\u6771"), undefined); // 東
    assert.equal(asciiPrototype("\u0080"), undefined); // a C1 control
  });

  test("a ligature folds to its multi-letter ASCII text", () => {
    assert.equal(asciiPrototype("\ufb01"), "fi");
  });
});

describe("foldToAscii: all or nothing, with the first non-ASCII code point", () => {
  test("ASCII characters are kept and the first folded code point is the first non-ASCII one", () => {
    assert.deepEqual(foldToAscii("x\u0441y\u0406"), { folded: "xcyI", codePoint: 0x441 });
  });

  test("pure ASCII text has nothing to fold", () => {
    assert.equal(foldToAscii("abc"), undefined);
    assert.equal(foldToAscii(""), undefined);
  });

  test("one character without a prototype (U+0080) leaves the whole text unfolded", () => {
    assert.equal(foldToAscii("\u0441\u0080"), undefined);
  });

  test("findMixedScriptWords proposes the folded word as replacement", () => {
    assert.deepEqual(findMixedScriptWords("pay p\u0430ypal now"), [{ index: 4, word: "p\u0430ypal", codePoint: 0x430, replacement: "paypal" }]);
  });
});

describe("isAscii", () => {
  test("true for ASCII text of any length, including none and DEL", () => {
    assert.equal(isAscii(""), true);
    assert.equal(isAscii("a"), true);
    assert.equal(isAscii("ab \u007f"), true);
  });

  test("false as soon as one character is not ASCII", () => {
    assert.equal(isAscii("ab\u0080"), false);
    assert.equal(isAscii("\u00e9"), false);
  });
});

describe("mayHoldMixedWord: the linear prefilter", () => {
  test("ASCII alone never holds a mixed word", () => {
    assert.equal(mayHoldMixedWord(""), false);
    assert.equal(mayHoldMixedWord("a"), false);
    assert.equal(mayHoldMixedWord("ab"), false);
    assert.equal(mayHoldMixedWord("a b"), false);
    assert.equal(mayHoldMixedWord("hello world 42_x"), false);
  });

  test("an ASCII letter and a non-Latin character in one run may hold a mixed word", () => {
    for (const letter of ["a", "z", "A", "Z"]) assert.equal(mayHoldMixedWord(`${letter}\u6771`), true, letter);
  });

  test("a digit alone is not Latin, but a digit or `_` continues the run of a letter", () => {
    assert.equal(mayHoldMixedWord("1\u6771"), false);
    assert.equal(mayHoldMixedWord("09\u6771"), false);
    for (const inner of ["0", "9", "_"]) assert.equal(mayHoldMixedWord(`A${inner}\u6771`), true, inner);
  });

  test("every ASCII character next to a word-character range ends the run", () => {
    // `, {, @, [, /, : and space sit just outside a-z, A-Z, 0-9; a non-ASCII letter after one starts a new run
    for (const separator of ["`", "{", "@", "[", "/", ":", " ", "-"]) {
      assert.equal(mayHoldMixedWord(`X${separator}\u0441`), false, JSON.stringify(separator));
      assert.equal(mayHoldMixedWord(`X${separator}\u6771`), false, JSON.stringify(separator));
    }
  });

  test("U+0080 is not ASCII: it counts as a possibly-Latin non-ASCII character", () => {
    assert.equal(mayHoldMixedWord("\u0080"), true);
  });

  test("a single non-ASCII code point holds a mixed word exactly when its block may be Latin", () => {
    // [code point, in a block with Latin (or Latin look-alike) letters]; edges of each block, by hand
    const cases: Array<[number, boolean]> = [
      [0x00e9, true],
      [0x02ff, true],
      [0x0300, false],
      [0x1cff, false],
      [0x1d00, true],
      [0x1eff, true],
      [0x1f00, false],
      [0x1fff, false],
      [0x2000, true],
      [0x218f, true],
      [0x2190, false],
      [0x2c5f, false],
      [0x2c60, true],
      [0x2c7f, true],
      [0x2c80, false],
      [0xa71f, false],
      [0xa720, true],
      [0xa7ff, true],
      [0xa800, false],
      [0xab2f, false],
      [0xab30, true],
      [0xab6f, true],
      [0xab70, false],
      [0xd7ff, false],
      [0xd800, true],
      [0xdfff, true],
      [0xe000, false],
      [0xfaff, false],
      [0xfb00, true],
      [0xfb4f, true],
      [0xfb50, false],
      [0xfeff, false],
      [0xff00, true],
      [0xffef, true],
      [0xfff0, false],
    ];
    for (const [code, expected] of cases) assert.equal(mayHoldMixedWord(String.fromCharCode(code)), expected, code.toString(16));
  });
});
