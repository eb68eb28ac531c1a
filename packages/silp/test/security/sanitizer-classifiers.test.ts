/**
 * The sanitizer's invisible-character classifier, its structure hooks and the decode seam, pinned
 * against hand-written expectations: which candidate is legitimate
 * text in which context, the exact findings, the code-point labels of error messages, the hook
 * outputs per role and policy, and the fast path of `prepareForDecode`.
 *
 * Internals, on purpose: the classifiers behind the sanitizer's report are checked one by one, each
 * against the character classes of docs/security.md.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError, type SanitizeOptions } from "silp";
import { DEFAULT_OPTIONS, resolveOptions } from "../../src/options.js";
import { prepareForDecode } from "../../src/security/decode-guard.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";
import { codePointBefore, describeCodePoint, findInvisible, type InvisibleFinding } from "../../src/security/invisible.js";
import { sanitizePayload } from "../../src/security/sanitize.js";
import { createSanitizerHooks } from "../../src/security/sanitizer-hooks.js";

const NO_COUNTS = { zero_width: 0, invisible: 0, bidi: 0, homoglyph: 0, mixed_script: 0 };

function findings(text: string, joiners: "contextual" | "strip" = "contextual"): InvisibleFinding[] {
  return [...findInvisible(text, joiners)];
}

function flagged(offset: number, codePoint: number, length = 1): InvisibleFinding {
  return { kind: "invisible", offset, length, codePoint, flagOnly: true };
}

describe("codePointBefore: surrogate pairs and their broken halves", () => {
  test("nothing precedes offset 0", () => {
    assert.equal(codePointBefore("abc", 0), undefined);
    assert.equal(codePointBefore("\u{1f600}", 0), undefined);
  });

  test("a whole surrogate pair is read as one astral code point, at the edges of the ranges", () => {
    assert.equal(codePointBefore("\ud800\udc00", 2), 0x10000);
    assert.equal(codePointBefore("\udbff\udfff", 2), 0x10ffff);
    assert.equal(codePointBefore("x\u{1f600}", 3), 0x1f600);
  });

  test("a unit that only looks half of a pair is returned alone", () => {
    // High surrogate followed by a non-low unit (ASCII, just above and just below the low range).
    assert.equal(codePointBefore("\ud83da", 2), 0x61);
    assert.equal(codePointBefore("\ud83d\ue000", 2), 0xe000);
    assert.equal(codePointBefore("\ud83d\udbff", 2), 0xdbff);
    // Low surrogate after a non-high unit, and a lone low surrogate at the start.
    assert.equal(codePointBefore("a\udc00", 2), 0xdc00);
    assert.equal(codePointBefore("\ue000\udc00", 2), 0xdc00);
    assert.equal(codePointBefore("\udc00", 1), 0xdc00);
    // Between the halves of a pair: the high half.
    assert.equal(codePointBefore("\u{1f600}", 1), 0xd83d);
  });
});

describe("findInvisible: format characters with a visible glyph are text", () => {
  test("Arabic, Syriac and Kaithi prepended concatenation marks produce no finding", () => {
    for (const cp of [0x0600, 0x0603, 0x0605, 0x06dd, 0x070f, 0x0890, 0x0891, 0x08e2, 0x110bd, 0x110cd]) {
      const text = `${String.fromCodePoint(cp)}\u0661`;
      assert.deepEqual(findings(text), [], `U+${cp.toString(16)}`);
    }
  });

  test("the next format character outside those is a finding", () => {
    assert.deepEqual(findings("\u0606\u0606"), []); // U+0606 is a symbol, not a candidate
    assert.deepEqual(findings("a\u00ad"), [{ kind: "invisible", offset: 1, length: 1, codePoint: 0xad }]);
  });
});

describe("findInvisible: variation selectors", () => {
  test("a selector right after its base is text, at each end of every selector range", () => {
    for (const cp of [0xfe00, 0xfe0f, 0xe0100, 0xe01ef, 0x180b, 0x180d, 0x180f]) {
      assert.deepEqual(findings(`\u5b57${String.fromCodePoint(cp)}`), [], `U+${cp.toString(16)}`);
    }
  });

  test("a selector at the start of the text is flagged, never stripped", () => {
    assert.deepEqual(findings("\ufe0fa"), [flagged(0, 0xfe0f)]);
    assert.deepEqual(findings("\u{e0100}"), [flagged(0, 0xe0100, 2)]);
  });

  test("a selector after another selector has no base", () => {
    assert.deepEqual(findings("\u5b57\ufe0f\ufe0f"), [flagged(2, 0xfe0f)]);
  });

  test("the Mongolian vowel separator after a Mongolian letter is a format character, not a selector", () => {
    assert.deepEqual(findings("\u1820\u180e"), [{ kind: "invisible", offset: 1, length: 1, codePoint: 0x180e }]);
  });

  test("ASCII bases: only keycap bases [0-9#*] take U+FE0E/U+FE0F", () => {
    assert.deepEqual(findings("0\ufe0f"), []);
    assert.deepEqual(findings("5\ufe0f"), []);
    assert.deepEqual(findings("9\ufe0e"), []);
    assert.deepEqual(findings("#\ufe0f*\ufe0e"), []);
    assert.deepEqual(findings("!\ufe0f"), [flagged(1, 0xfe0f)]);
    assert.deepEqual(findings("/\ufe0f"), [flagged(1, 0xfe0f)]);
    assert.deepEqual(findings(":\ufe0f"), [flagged(1, 0xfe0f)]);
    assert.deepEqual(findings("a\ufe0f"), [flagged(1, 0xfe0f)]);
    assert.deepEqual(findings("1\ufe00"), [flagged(1, 0xfe00)]);
  });
});

describe("findInvisible: ZWJ and ZWNJ in context", () => {
  test("a ZWJ or ZWNJ at the start of the text is a finding", () => {
    assert.deepEqual(findings("\u200d\u{1f600}"), [{ kind: "zero_width", offset: 0, length: 1, codePoint: 0x200d }]);
    assert.deepEqual(findings("\u200c\u0628"), [{ kind: "zero_width", offset: 0, length: 1, codePoint: 0x200c }]);
  });

  test("ZWJ joins emoji after a pictograph, an emoji modifier, U+FE0F or a flag's CANCEL TAG", () => {
    assert.deepEqual(findings("\u{1f469}\u200d\u{1f4bb}"), []);
    assert.deepEqual(findings("\u{1f469}\u{1f3fd}\u200d\u{1f4bb}"), []);
    assert.deepEqual(findings("\u{1f3f3}\ufe0f\u200d\u{1f308}"), []);
    assert.deepEqual(findings("\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}\u200d\u{1f525}"), []);
  });

  test("ZWJ is a finding when only one side is emoji", () => {
    assert.deepEqual(findings("a\u200d\u{1f600}"), [{ kind: "zero_width", offset: 1, length: 1, codePoint: 0x200d }]);
    assert.deepEqual(findings("\u{1f600}\u200da"), [{ kind: "zero_width", offset: 2, length: 1, codePoint: 0x200d }]);
  });

  test("ZWNJ between emoji is a finding (only ZWJ builds emoji sequences)", () => {
    assert.deepEqual(findings("\u{1f600}\u200c\u{1f600}"), [{ kind: "zero_width", offset: 2, length: 1, codePoint: 0x200c }]);
  });

  test("ZWSP and BOM between Arabic letters are findings; joiners there are not", () => {
    assert.deepEqual(findings("\u0628\u200b\u0628\ufeff\u0628\u200c\u0628"), [
      { kind: "zero_width", offset: 1, length: 1, codePoint: 0x200b },
      { kind: "zero_width", offset: 3, length: 1, codePoint: 0xfeff },
    ]);
  });

  test('joiners "strip" reports the Persian ZWNJ and the emoji ZWJ too', () => {
    assert.deepEqual(findings("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "strip"), [{ kind: "zero_width", offset: 2, length: 1, codePoint: 0x200c }]);
    assert.deepEqual(findings("\u{1f469}\u200d\u{1f4bb}", "strip"), [{ kind: "zero_width", offset: 2, length: 1, codePoint: 0x200d }]);
  });
});

describe("findInvisible: tag characters and non-format default-ignorables", () => {
  test("a subdivision flag's tags after the black flag are text", () => {
    assert.deepEqual(findings("\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}!"), []);
  });

  test("the same tags without the black flag are each a finding", () => {
    const text = "a\u{e0067}\u{e0062}\u{e007f}";
    assert.deepEqual(findings(text), [
      { kind: "invisible", offset: 1, length: 2, codePoint: 0xe0067 },
      { kind: "invisible", offset: 3, length: 2, codePoint: 0xe0062 },
      { kind: "invisible", offset: 5, length: 2, codePoint: 0xe007f },
    ]);
  });

  test("a default-ignorable letter or mark is flagged only, also right after the black flag", () => {
    assert.deepEqual(findings("a\u034f"), [flagged(1, 0x34f)]);
    assert.deepEqual(findings("\u3164"), [flagged(0, 0x3164)]);
    assert.deepEqual(findings("\u{1f3f4}\u034f"), [flagged(2, 0x34f)]);
    // Unassigned default-ignorable just past the tag block.
    assert.deepEqual(findings("\u{1f3f4}\u{e0080}"), [flagged(2, 0xe0080, 2)]);
  });
});

describe("describeCodePoint: the label used in error messages", () => {
  test("named characters, upper-case hex padded to four digits", () => {
    assert.equal(describeCodePoint(0x202e), "U+202E RIGHT-TO-LEFT OVERRIDE");
    assert.equal(describeCodePoint(0xad), "U+00AD SOFT HYPHEN");
    assert.equal(describeCodePoint(0xfeff), "U+FEFF ZERO WIDTH NO-BREAK SPACE (BOM)");
  });

  test("tag characters, variation selectors, and the rest bare", () => {
    assert.equal(describeCodePoint(0xe0000), "U+E0000 TAG CHARACTER");
    assert.equal(describeCodePoint(0xe0001), "U+E0001 TAG CHARACTER");
    assert.equal(describeCodePoint(0xe007f), "U+E007F TAG CHARACTER");
    assert.equal(describeCodePoint(0xe0080), "U+E0080");
    assert.equal(describeCodePoint(0xdffff), "U+DFFFF");
    assert.equal(describeCodePoint(0x41), "U+0041");
    assert.equal(describeCodePoint(0xfe0f), "U+FE0F VARIATION SELECTOR");
    assert.equal(describeCodePoint(0xe01ef), "U+E01EF VARIATION SELECTOR");
    assert.equal(describeCodePoint(0x441), "U+0441");
  });
});

function session(text: string, options?: SanitizeOptions) {
  return createSanitizerHooks(sanitizePayload(text, options));
}

describe("sanitizer hooks: positions of value hits", () => {
  test("a value found literally in the clean text reports each word at its own offset", () => {
    const s = session('x "ab \u041coscow"');
    s.hooks.value("ab \u041coscow", 3);
    assert.deepEqual(s.report().hits, [
      { kind: "mixed_script", offset: 6, action: "flagged", codePoint: 0x41c, text: "\u041coscow", role: "value", replacement: "Moscow" },
    ]);
  });

  test("an unescaped value not found literally reports the token's offset", () => {
    const s = session('q "ab\\t\u041coscow"');
    s.hooks.value("ab\t\u041coscow", 2);
    assert.deepEqual(s.report().hits, [
      { kind: "mixed_script", offset: 2, action: "flagged", codePoint: 0x41c, text: "\u041coscow", role: "value", replacement: "Moscow" },
    ]);
  });

  test("a mixed-script word with no ASCII look-alike has no replacement key", () => {
    const s = session("\u041c\u0436ow");
    s.hooks.value("\u041c\u0436ow", 0);
    assert.deepEqual(s.report().hits, [{ kind: "mixed_script", offset: 0, action: "flagged", codePoint: 0x41c, text: "\u041c\u0436ow", role: "value" }]);
  });

  test("past maxHits, mixed-script words are counted as mixed_script and the report is truncated", () => {
    const text = "\u041c\u0436a \u041c\u0436b \u041c\u0436c";
    const s = session(text, { maxHits: 1 });
    s.hooks.value(text, 0);
    assert.deepEqual(s.report(), {
      hits: [{ kind: "mixed_script", offset: 0, action: "flagged", codePoint: 0x41c, text: "\u041c\u0436a", role: "value" }],
      counts: { ...NO_COUNTS, mixed_script: 3 },
      truncated: true,
      changed: false,
    });
  });
});

describe("sanitizer hooks: names", () => {
  test('under "flag" a bare mixed-script name is kept and flagged, not folded', () => {
    const s = session("\u041coscow", { homoglyphs: "flag" });
    assert.equal(s.hooks.structural("\u041coscow", 0, "name", false), "\u041coscow");
    assert.deepEqual(s.report().hits, [
      { kind: "mixed_script", offset: 0, action: "flagged", codePoint: 0x41c, text: "\u041coscow", role: "name", replacement: "Moscow" },
    ]);
  });

  test('under "normalize" a quoted mixed-script name is kept', () => {
    const s = session('"\u041coscow"');
    assert.equal(s.hooks.structural("\u041coscow", 0, "name", true), "\u041coscow");
    assert.equal(s.report().hits[0]?.action, "flagged");
  });

  test('under "normalize" a single-script Cyrillic name is neither folded nor reported', () => {
    const s = session("\u0421\u043e\u0441");
    assert.equal(s.hooks.structural("\u0421\u043e\u0441", 0, "name", false), "\u0421\u043e\u0441");
    assert.deepEqual(s.report().hits, []);
  });
});

describe("sanitizer hooks: reject messages name the text, the character and its look-alike", () => {
  function rejection(run: () => unknown): SilpError {
    try {
      run();
    } catch (error) {
      assert.ok(error instanceof SilpError);
      return error;
    }
    assert.fail("expected a rejection");
  }

  test("a homoglyph verb", () => {
    const text = "\u0441\u0430ncel";
    const error = rejection(() => session(`!${text}`, { homoglyphs: "reject" }).hooks.structural(text, 1, "verb", false));
    assert.equal(error.code, "unsafe_content");
    assert.equal(error.offset, 1);
    assert.equal(error.message, `verb "${text}" contains U+0441 (looks like "cancel"); rejected by the sanitizer policy "reject"`);
  });

  test("a mixed-script name with no look-alike", () => {
    const text = "ab \u041c\u0436ow";
    const error = rejection(() => session(text, { homoglyphs: "reject" }).hooks.structural(text, 0, "name", false));
    assert.equal(error.code, "unsafe_content");
    assert.equal(error.offset, 3);
    assert.equal(error.message, `name "\u041c\u0436ow" contains U+041C; rejected by the sanitizer policy "reject"`);
  });
});

describe("sanitizer hooks: the report cap never lets a rejected word through", () => {
  test('under "reject" a mixed-script name is rejected even when the report is already full', () => {
    const text = "\u00ad\u041c\u0436ow";
    const s = session(text, { invisible: "flag", homoglyphs: "reject", maxHits: 1 });
    assert.equal(s.report().hits.length, 1);
    assert.throws(
      () => s.hooks.structural("\u041c\u0436ow", 1, "name", false),
      (error: unknown) => error instanceof SilpError && error.code === "unsafe_content" && error.offset === 1,
    );
  });
});

describe("sanitizer hooks: preview folds only what structural would fold", () => {
  test('under "flag" nothing is folded', () => {
    const s = session("x", { homoglyphs: "flag" });
    assert.equal(s.hooks.preview("\u0441\u0430ncel", "verb"), "\u0441\u0430ncel");
    assert.equal(s.hooks.preview("\u041coscow", "name"), "\u041coscow");
  });

  test('under "normalize": verbs fold any confusable, names only mixed-script words', () => {
    const s = session("x");
    assert.equal(s.hooks.preview("\u0441\u0430ncel", "verb"), "cancel");
    assert.equal(s.hooks.preview("\u0421\u043e\u0441", "keyword"), "Coc");
    assert.equal(s.hooks.preview("\u0421\u043e\u0441", "name"), "\u0421\u043e\u0441");
    assert.equal(s.hooks.preview("\u041coscow", "name"), "Moscow");
    assert.equal(s.hooks.preview("\u65e5\u672c", "verb"), "\u65e5\u672c");
    assert.deepEqual(s.report().hits, []);
  });
});

describe("prepareForDecode: the fast path and the switch", () => {
  test("printable ASCII: untouched, identity hooks, an empty unchanged report", () => {
    const prepared = prepareForDecode("!cancel(x)\n", DEFAULT_OPTIONS);
    assert.equal(prepared.text, "!cancel(x)\n");
    assert.equal(prepared.changed, false);
    assert.equal(prepared.hooks, IDENTITY_HOOKS);
    assert.equal(prepared.originalOffset(7), 7);
    assert.deepEqual(prepared.report(), { hits: [], counts: NO_COUNTS, truncated: false, changed: false });
  });

  test("sanitize: false leaves invisible characters in place", () => {
    const prepared = prepareForDecode("a\u200bb", resolveOptions({ sanitize: false }));
    assert.equal(prepared.text, "a\u200bb");
    assert.equal(prepared.changed, false);
    assert.equal(prepared.hooks, IDENTITY_HOOKS);
    assert.deepEqual(prepared.report(), { hits: [], counts: NO_COUNTS, truncated: false, changed: false });
  });

  test("by default a zero-width space is stripped and positions map back", () => {
    const prepared = prepareForDecode("a\u200bb", DEFAULT_OPTIONS);
    assert.equal(prepared.text, "ab");
    assert.equal(prepared.changed, true);
    assert.equal(prepared.originalOffset(1), 2);
    assert.deepEqual(prepared.report(), {
      hits: [{ kind: "zero_width", offset: 1, action: "stripped", codePoint: 0x200b }],
      counts: { ...NO_COUNTS, zero_width: 1 },
      truncated: false,
      changed: true,
    });
  });
});
