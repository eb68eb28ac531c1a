import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { sanitizePayload, type InvisiblePolicy, type SanitizerHit } from "silp/sanitizer";

const ch = (cp: number): string => String.fromCodePoint(cp);

/** One representative set per class the sanitizer handles (docs/security.md, "Character classes"). */
const ZERO_WIDTH = [0x200b, 0x200c, 0x200d, 0xfeff];
const INVISIBLE = [0x00ad, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x180e, 0x206a, 0xfff9, 0x1d173, 0xe0041, 0xe0001];
/** Default-ignorable but not Cf: letters/marks that render blank, unassigned ignorables. */
const FLAG_ONLY = [0x3164, 0x115f, 0xffa0, 0x034f, 0x17b4, 0xe0080, 0xfff0];
const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];

function only(hits: readonly SanitizerHit[]): SanitizerHit {
  assert.equal(hits.length, 1, JSON.stringify(hits));
  return hits[0] as SanitizerHit;
}

describe("zero-width characters of spec 8.1", () => {
  for (const cp of ZERO_WIDTH) {
    for (const policy of ["strip", "reject", "flag"] as const) {
      test(`U+${cp.toString(16)} is stripped and reported under policy ${policy}`, () => {
        const result = sanitizePayload(`start(hi${ch(cp)}ke)`, { invisible: policy });
        assert.equal(result.text, "start(hike)");
        assert.deepEqual(only(result.report.hits), { kind: "zero_width", offset: 8, action: "stripped", codePoint: cp });
        assert.equal(result.report.changed, true);
      });
    }
  }

  test("a BOM at the start is stripped too", () => {
    const result = sanitizePayload("\ufeffstart(hike)");
    assert.equal(result.text, "start(hike)");
    assert.equal(only(result.report.hits).offset, 0);
  });

  test("clean text passes through unchanged with an empty report", () => {
    const text = 'if !rain(t+1): start(hike) else: start(cards@indoor) "Москва" 北京市 😀';
    const result = sanitizePayload(text);
    assert.equal(result.text, text);
    assert.deepEqual(result.report.hits, []);
    assert.equal(result.report.changed, false);
    assert.equal(result.offsets.identity, true);
  });
});

describe("invisible and bidi controls follow the policy", () => {
  const groups = [
    ["invisible", INVISIBLE],
    ["bidi", BIDI],
  ] as const;
  for (const [kind, codePoints] of groups) {
    for (const cp of codePoints) {
      const label = `U+${cp.toString(16).toUpperCase()}`;
      const payload = `cancel(ord${ch(cp)}er)`;
      test(`${label} (${kind}) stripped under "strip"`, () => {
        const result = sanitizePayload(payload, { invisible: "strip" });
        assert.equal(result.text, "cancel(order)");
        assert.deepEqual(only(result.report.hits), { kind, offset: 10, action: "stripped", codePoint: cp });
      });
      test(`${label} (${kind}) kept and reported under "flag"`, () => {
        const result = sanitizePayload(payload, { invisible: "flag" });
        assert.equal(result.text, payload);
        assert.deepEqual(only(result.report.hits), { kind, offset: 10, action: "flagged", codePoint: cp });
        assert.equal(result.report.changed, false);
      });
      test(`${label} (${kind}) rejected under "reject" with code and offset`, () => {
        assert.throws(
          () => sanitizePayload(`x\n${payload}`, { invisible: "reject" }),
          (error: unknown) => {
            assert.ok(error instanceof SilpError);
            assert.equal(error.code, "unsafe_content");
            assert.equal(error.offset, 12);
            assert.equal(error.line, 2);
            assert.equal(error.column, 11);
            assert.equal((error.details?.hit as SanitizerHit | undefined)?.action, "rejected");
            return true;
          },
        );
      });
    }
  }

  for (const cp of FLAG_ONLY) {
    test(`U+${cp.toString(16).toUpperCase()} (default-ignorable, not Cf) is flagged under every policy`, () => {
      for (const policy of ["strip", "reject", "flag"] as const) {
        const payload = `find(x${ch(cp)}y)`;
        const result = sanitizePayload(payload, { invisible: policy });
        assert.equal(result.text, payload);
        assert.deepEqual(only(result.report.hits), { kind: "invisible", offset: 6, action: "flagged", codePoint: cp });
      }
    });
  }

  test("the default policy is strip", () => {
    assert.equal(sanitizePayload("a\u202eb").text, "ab");
  });

  test("reject reports the FIRST offending character, after zero-width ones were stripped", () => {
    assert.throws(
      () => sanitizePayload("a\u200bb\u2066c\u202ed", { invisible: "reject" }),
      (error: unknown) => error instanceof SilpError && error.offset === 3,
    );
  });

  test("unknown policies are invalid_options", () => {
    assert.throws(() => sanitizePayload("x", { invisible: "drop" as InvisiblePolicy }), { code: "invalid_options" });
    assert.throws(() => sanitizePayload("x", { maxHits: -1 }), { code: "invalid_options" });
  });
});

describe("legitimate uses of invisible characters are left alone", () => {
  const legitimate: Record<string, string> = {
    "emoji ZWJ sequence": "👨‍👩‍👧 and 👩🏽‍💻 and 🏳️‍🌈",
    "Persian ZWNJ": "می‌خواهم",
    "Devanagari ZWJ after virama": "क्‍ष",
    "emoji presentation selector": "❤️",
    keycap: "1️⃣ #️⃣",
    "CJK ideographic variation sequence": "葛󠄀城",
    "subdivision flag tag sequence": "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    "Arabic number sign (visible format character)": "؀١٢",
  };
  for (const [name, text] of Object.entries(legitimate)) {
    test(name, () => {
      const result = sanitizePayload(`find("${text}")`);
      assert.equal(result.text, `find("${text}")`);
      assert.deepEqual(result.report.hits, []);
    });
  }

  test('joiners: "strip" removes them even in emoji', () => {
    const result = sanitizePayload("👨‍👩", { joiners: "strip" });
    assert.equal(result.text, "👨👩");
    assert.equal(result.report.counts.zero_width, 1);
  });

  test("ZWJ/ZWNJ between Latin letters is always stripped", () => {
    assert.equal(sanitizePayload("can\u200dcel can\u200ccel").text, "cancel cancel");
  });

  test("tag characters outside a flag (ASCII smuggling) are hits", () => {
    const smuggled = [..."ignore"].map((c) => ch(0xe0000 + c.charCodeAt(0))).join("");
    const result = sanitizePayload(`start(hike)${smuggled}`);
    assert.equal(result.text, "start(hike)");
    assert.equal(result.report.counts.invisible, 6);
    // A flag base followed by something that is not a subdivision tag spec is not exempt.
    assert.equal(sanitizePayload(`🏴${smuggled}`).report.counts.invisible, 6);
  });

  test("a run of variation selectors (data hidden after an emoji) is flagged past the first", () => {
    const result = sanitizePayload("😀\ufe0f\ufe01\ufe02");
    assert.equal(result.text, "😀\ufe0f\ufe01\ufe02");
    assert.deepEqual(
      result.report.hits.map((h) => [h.offset, h.action]),
      [
        [3, "flagged"],
        [4, "flagged"],
      ],
    );
  });

  test("a variation selector after an ASCII letter is flagged", () => {
    assert.deepEqual(
      sanitizePayload("cancel\ufe0f").report.hits.map((h) => [h.offset, h.codePoint]),
      [[6, 0xfe0f]],
    );
  });
});

describe("offsets point into the original text", () => {
  test("astral characters before a hit count as two UTF-16 units", () => {
    const text = "𝒳😀\u{1F468}\u200D\u{1F469}x\u200by\u202e";
    const result = sanitizePayload(text);
    assert.deepEqual(
      result.report.hits.map((hit) => [hit.kind, hit.offset]),
      [
        ["zero_width", 10],
        ["bidi", 12],
      ],
    );
    assert.equal(text.codePointAt(10), 0x200b);
    assert.equal(text.codePointAt(12), 0x202e);
  });

  test("the offset map sends every clean offset back to the same character", () => {
    const text = "\ufeffa\u200b\u200bb\u{E0041}c𝒳\u202ed\u00ad";
    const result = sanitizePayload(text);
    assert.equal(result.text, "abc𝒳d");
    for (let offset = 0; offset < result.text.length; offset++) {
      assert.equal(text[result.offsets.toOriginal(offset)], result.text[offset], `clean offset ${offset}`);
    }
    assert.equal(result.offsets.toOriginal(result.text.length), text.length);
  });
});

describe("hostile input", () => {
  test("1 MB of random invisible characters mixed with text finishes and counts exactly", () => {
    const pool = [0x200b, 0x200c, 0x200d, 0xfeff, 0x00ad, 0x2060, 0x202e, 0x2066, 0xe0041, 0x61];
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const parts: string[] = [];
    let length = 0;
    const expected = { zero_width: 0, invisible: 0, bidi: 0 };
    let letters = 0;
    while (length < 1024 * 1024) {
      const cp = pool[random() % pool.length] as number;
      const char = ch(cp);
      parts.push(char);
      length += char.length;
      if (cp === 0x61) letters++;
      else if (cp === 0x202e || cp === 0x2066) expected.bidi++;
      else if (cp === 0x00ad || cp === 0x2060 || cp === 0xe0041) expected.invisible++;
      // Contextual joiners never apply: their neighbours are never non-Latin letters or emoji.
      else expected.zero_width++;
    }
    const result = sanitizePayload(parts.join(""), { maxHits: 100 });
    assert.equal(result.text, "a".repeat(letters));
    assert.deepEqual(result.report.counts, { ...expected, homoglyph: 0, mixed_script: 0 });
    assert.equal(result.report.hits.length, 100);
    assert.equal(result.report.truncated, true);
    assert.equal(result.offsets.toOriginal(result.text.length), length);
  });

  test("lone surrogates and control characters do not crash the scan", () => {
    const text = "\ud800x\u200b\udc00\u0000\u202e";
    const result = sanitizePayload(text);
    assert.equal(result.text, "\ud800x\udc00\u0000");
  });
});
