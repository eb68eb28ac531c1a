/** Statistics and the Python-dialect CSV writers (no tokenizer needed). */
import { pythonRepr } from "../src/python-repr.js";
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { HOMOGLYPHS, ZERO_WIDTH_CHARACTERS, probeCases, pythonJsonList, roundTo, spread, textTable, toCsv } from "../src/index.js";

describe("spread", () => {
  test("min, max, range, mean, sample stdev and coefficient of variation", () => {
    const result = spread([2, 4, 4, 4, 5, 5, 7, 9]);
    assert.equal(result.min, 2);
    assert.equal(result.max, 9);
    assert.equal(result.range, 7);
    assert.equal(result.mean, 5);
    assert.ok(Math.abs(result.stdev - Math.sqrt(32 / 7)) < 1e-12);
    assert.ok(Math.abs(result.cv - Math.sqrt(32 / 7) / 5) < 1e-12);
  });

  test("one value has no spread; zero mean gives CV 0; no value is an error", () => {
    assert.deepEqual(spread([7]), { min: 7, max: 7, range: 0, mean: 7, stdev: 0, cv: 0 });
    assert.equal(spread([0, 0]).cv, 0);
    assert.throws(() => spread([]), RangeError);
  });

  test("roundTo rounds like Python's round(x, 2) on the study's values", () => {
    assert.equal(roundTo(200 / 6), 33.33);
    assert.equal(roundTo(3.4448), 3.44);
    assert.equal(roundTo(1.005), 1); // 1.005 is 1.00499999... in binary, as Python also rounds it
    assert.equal(roundTo(16), 16);
  });
});

describe("Python-dialect CSV", () => {
  test("quotes only fields with commas, quotes or line breaks; Python booleans", () => {
    assert.equal(
      toCsv(
        ["a", "b", "c", "d"],
        [
          ["x,y", 'say "hi"', true, "line\nbreak"],
          ["plain", 3, false, ""],
        ],
      ),
      'a,b,c,d\n"x,y","say ""hi""",True,"line\nbreak"\nplain,3,False,\n',
    );
  });

  test("json.dumps list spelling with ', ' separators and non-ASCII kept", () => {
    assert.equal(pythonJsonList(["if", " auth", "中", '"', "\n"]), '["if", " auth", "中", "\\"", "\\n"]');
    assert.equal(pythonJsonList([]), "[]");
  });

  test("repr: quote choice, escapes of invisible characters, printable Unicode kept", () => {
    assert.equal(pythonRepr("can\u200bcel"), "'can\\u200bcel'");
    assert.equal(pythonRepr("i\ufefff"), "'i\\ufefff'");
    assert.equal(pythonRepr("c\u0430ncel"), "'cаncel'");
    assert.equal(pythonRepr("it's"), `"it's"`);
    assert.equal(pythonRepr(`it's "x"`), `'it\\'s "x"'`);
    assert.equal(pythonRepr("a\\b\n\t\u0007\u00a0\ue000😀\u{e0001}"), "'a\\\\b\\n\\t\\x07\\xa0\\ue000😀\\U000e0001'");
  });
});

describe("probe cases", () => {
  test("5 verbs x 4 zero-width characters at the middle, then 4 homoglyph swaps = 24 strings", () => {
    const cases = probeCases();
    assert.equal(cases.length, 24);
    assert.equal(ZERO_WIDTH_CHARACTERS.length * 5, cases.filter((probe) => probe.test === "zerowidth_inject").length);
    for (const probe of cases) {
      assert.notEqual(probe.injected, probe.verb);
      assert.equal(probe.injected.replace(/[\u200b-\u200d\ufeff]/g, ""), probe.test === "zerowidth_inject" ? probe.verb : probe.injected);
    }
    const swaps = cases.filter((probe) => probe.test === "homoglyph_substitution").map((probe) => probe.injected);
    assert.deepEqual(swaps, ["c\u0430ncel", "st\u0430rt", "canc\u0435l", "\u0441an\u0441el"]);
    assert.ok(HOMOGLYPHS.every((glyph) => glyph.latin !== glyph.cyrillic));
  });
});

describe("textTable", () => {
  test("pads columns, right-aligns numbers", () => {
    assert.equal(
      textTable(
        ["name", "n"],
        [
          ["a", "1"],
          ["bb", "10"],
        ],
      ),
      "name   n\n----  --\na      1\nbb    10",
    );
  });
});
