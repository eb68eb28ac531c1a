import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import {
  asciiPrototype,
  createSanitizerHooks,
  sanitizePayload,
  scanPayload,
  type SanitizeOptions,
  type SanitizerHit,
  type SanitizerSession,
} from "silp/sanitizer";

/** Hooks over a payload; tests call them the way a decoder does, with offsets into the clean text. */
function session(payload: string, options?: SanitizeOptions): SanitizerSession {
  return createSanitizerHooks(sanitizePayload(payload, options));
}

function hitsOf(s: SanitizerSession): SanitizerHit[] {
  return s.report().hits;
}

describe("ASCII prototypes from the UTS #39 confusables data", () => {
  const expected: Record<string, string> = {
    с: "c",
    а: "a",
    е: "e",
    о: "o",
    р: "p",
    х: "x",
    у: "y",
    ѕ: "s",
    і: "i",
    ј: "j", // Cyrillic
    С: "C",
    А: "A",
    Е: "E",
    О: "O",
    Р: "P",
    Т: "T",
    І: "I", // Cyrillic capitals keep their case
    ο: "o",
    α: "a",
    ν: "v",
    ρ: "p",
    ι: "i",
    Ο: "O",
    Α: "A",
    Τ: "T", // Greek
    ｃ: "c",
    𝐜: "c",
    ı: "i", // fullwidth and mathematical letters, dotless i
  };
  for (const [char, ascii] of Object.entries(expected)) {
    test(`${char} (U+${char.codePointAt(0)?.toString(16)}) looks like ${ascii}`, () => {
      assert.equal(asciiPrototype(char), ascii);
    });
  }
  test("letters without an ASCII look-alike have none", () => {
    for (const char of ["東", "Δ", "ж", "é", "カ"]) assert.equal(asciiPrototype(char), undefined, char);
  });
});

describe("verbs and keywords must be ASCII: confusables are folded", () => {
  const cases: Array<[string, string, "verb" | "keyword"]> = [
    ["саncel", "cancel", "verb"], // Cyrillic с, а
    ["cancеl", "cancel", "verb"], // Cyrillic е
    ["stаrt", "start", "verb"], // Cyrillic а
    ["ѕtορ", "stop", "verb"], // Cyrillic ѕ, Greek ο ρ
    ["СANCEL", "CANCEL", "verb"], // Cyrillic С capital
    ["іf", "if", "keyword"], // Cyrillic і
    ["еlse", "else", "keyword"], // Cyrillic е
    ["αnd", "and", "keyword"], // Greek α
  ];
  for (const [written, folded, role] of cases) {
    test(`${role} ${written} -> ${folded}`, () => {
      const s = session(`x ${written}(y)`);
      assert.equal(s.hooks.structural(written, 2, role, false), folded);
      const hit = hitsOf(s)[0];
      assert.deepEqual(hit, {
        kind: "homoglyph",
        offset: 2,
        action: "normalized",
        codePoint: hit?.codePoint,
        text: written,
        role,
        replacement: folded,
      });
      assert.ok((hit?.codePoint ?? 0) > 0x7f);
      assert.equal(s.report().changed, true);
    });
  }

  test("the hit offset is in the original text, after stripped zero-width characters", () => {
    const original = "\u200b\u200bif !rain: \u200bсаn\u200bcel(x)";
    const clean = sanitizePayload(original);
    const s = createSanitizerHooks(clean);
    const at = clean.text.indexOf("саncel");
    assert.equal(s.hooks.structural("саncel", at, "verb", false), "cancel");
    const hit = hitsOf(s).find((h) => h.kind === "homoglyph");
    assert.equal(hit?.offset, original.indexOf("саn"));
  });

  test("quoted verbs are not folded, only flagged", () => {
    const s = session('{"intent":"!СANCEL"}');
    assert.equal(s.hooks.structural("!СANCEL", 10, "verb", true), "!СANCEL");
    assert.equal(hitsOf(s)[0]?.action, "flagged");
    assert.equal(hitsOf(s)[0]?.replacement, "!CANCEL");
  });

  test("partly foldable text is left for the grammar to reject, and flagged", () => {
    const s = session("сtaжt(x)");
    assert.equal(s.hooks.structural("сtaжt", 0, "verb", false), "сtaжt");
    assert.deepEqual(
      hitsOf(s).map((h) => [h.kind, h.action, h.replacement]),
      [["homoglyph", "flagged", undefined]],
    );
  });

  test("non-ASCII verbs with no look-alike produce no hit (the grammar rejects them)", () => {
    const s = session("東京(x)");
    assert.equal(s.hooks.structural("東京", 0, "verb", false), "東京");
    assert.deepEqual(hitsOf(s), []);
  });

  test('policy "flag" keeps the text and reports', () => {
    const s = session("саncel(x)", { homoglyphs: "flag" });
    assert.equal(s.hooks.structural("саncel", 0, "verb", false), "саncel");
    assert.equal(hitsOf(s)[0]?.action, "flagged");
    assert.equal(s.report().changed, false);
  });

  test('policy "reject" raises unsafe_content at the token', () => {
    const s = session("if x: саncel(y)", { homoglyphs: "reject" });
    assert.throws(
      () => s.hooks.structural("саncel", 6, "verb", false),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "unsafe_content");
        assert.equal(error.offset, 6);
        assert.match(error.message, /U\+0441/);
        return true;
      },
    );
  });

  test("ASCII text is returned as is with no hit", () => {
    const s = session("start(hike)");
    assert.equal(s.hooks.structural("start", 0, "verb", false), "start");
    assert.deepEqual(hitsOf(s), []);
  });
});

describe("names are never rewritten except bare mixed-script look-alikes", () => {
  test("bare mixed-script name folding to ASCII is folded and reported", () => {
    const s = session("start(lоc=x)");
    assert.equal(s.hooks.structural("lоc", 6, "name", false), "loc");
    assert.deepEqual(
      hitsOf(s).map((h) => [h.kind, h.action, h.offset, h.replacement]),
      [["homoglyph", "normalized", 6, "loc"]],
    );
  });

  test("quoted mixed-script name is kept and flagged as mixed_script", () => {
    const s = session('{"lоc":"x"}');
    assert.equal(s.hooks.structural("lоc", 1, "name", true), "lоc");
    assert.deepEqual(
      hitsOf(s).map((h) => [h.kind, h.action, h.offset, h.role]),
      [["mixed_script", "flagged", 2, "name"]],
    );
  });

  test("pure non-Latin names are untouched with no hit, even when whole-script confusable", () => {
    for (const name of ["имя", "сор", "город", "東京", "الموقع"]) {
      const s = session(name);
      assert.equal(s.hooks.structural(name, 0, "name", false), name);
      assert.deepEqual(hitsOf(s), [], name);
    }
  });

  test("mixed-script name that does not fold entirely is flagged, not rewritten", () => {
    const s = session("cаfé");
    assert.equal(s.hooks.structural("cаfé", 0, "name", false), "cаfé");
    assert.equal(hitsOf(s)[0]?.kind, "mixed_script");
  });

  test('policy "reject" rejects mixed-script names', () => {
    const s = session("lоc", { homoglyphs: "reject" });
    assert.throws(() => s.hooks.structural("lоc", 0, "name", true), { code: "unsafe_content" });
  });
});

describe("values are never rewritten", () => {
  const untouched: Record<string, string> = {
    Russian: "Москва, Красная площадь",
    Chinese: "北京市朝阳区",
    Japanese: "東京タワーへ行く",
    Arabic: "القاهرة الجديدة",
    Greek: "Αθήνα",
    emoji: "🎉👍🏽 👨‍👩‍👧 🏳️‍🌈",
    "Latin and CJK as separate words": "Tokyo 東京 Beijing 北京",
    "digits and punctuation": "0O1l|I 42% t+1am 5_Tianfu_Ave",
    "Latin with accents": "naïve café Zürich",
  };
  for (const [name, value] of Object.entries(untouched)) {
    test(`${name}: no hit`, () => {
      const payload = `find("${value}")`;
      const clean = sanitizePayload(payload);
      assert.equal(clean.text, payload);
      const s = createSanitizerHooks(clean);
      s.hooks.value(value, 6);
      assert.deepEqual(hitsOf(s), []);
    });
  }

  test("a mixed-script word in a value is flagged at its own position, and the value is kept", () => {
    const value = "pay to pаypal now";
    const s = session(`pay("${value}")`);
    assert.equal(s.hooks.value(value, 4), undefined);
    assert.deepEqual(hitsOf(s), [
      { kind: "mixed_script", offset: 5 + 7, action: "flagged", codePoint: 0x430, text: "pаypal", role: "value", replacement: "paypal" },
    ]);
  });

  test("Greek capital in a Latin word is flagged", () => {
    const s = session("ΑlaskaJazz");
    s.hooks.value("ΑlaskaJazz", 0);
    assert.equal(hitsOf(s)[0]?.codePoint, 0x391);
  });

  test('values are only flagged even under "reject"', () => {
    const s = session("pаypal", { homoglyphs: "reject" });
    s.hooks.value("pаypal", 0);
    assert.equal(hitsOf(s)[0]?.action, "flagged");
  });

  test("an unescaped value (not a literal slice) is reported at the token offset", () => {
    const s = session('find("p\\u0430ypal")');
    s.hooks.value("pаypal", 5);
    assert.equal(hitsOf(s)[0]?.offset, 5);
  });
});

describe("report", () => {
  test("hook hits and raw-pass hits come back in offset order", () => {
    const original = "саncel(\u200bx)";
    const clean = sanitizePayload(original);
    const s = createSanitizerHooks(clean);
    s.hooks.value("x", 7);
    s.hooks.structural("саncel", 0, "verb", false);
    assert.deepEqual(
      s.report().hits.map((h) => [h.kind, h.offset]),
      [
        ["homoglyph", 0],
        ["zero_width", 7],
      ],
    );
    assert.deepEqual(s.report().counts, { zero_width: 1, invisible: 0, bidi: 0, homoglyph: 1, mixed_script: 0 });
  });

  test("scanPayload flags mixed-script words without folding", () => {
    const result = scanPayload("саncel(x) stаrt(Москва)");
    assert.equal(result.text, "саncel(x) stаrt(Москва)");
    assert.deepEqual(
      result.report.hits.map((h) => [h.kind, h.offset, h.replacement]),
      [
        ["mixed_script", 0, "cancel"],
        ["mixed_script", 10, "start"],
      ],
    );
  });
});
