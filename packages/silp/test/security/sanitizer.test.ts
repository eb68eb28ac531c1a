/**
 * The sanitizer's raw-text pass, options and report pinned against hand-written reports: which action each policy takes for each class, the exact hits
 * with their original offsets, the offset map back, the cap, and the option errors.
 *
 * Internals, on purpose: the raw-text pass and its offset map are checked where they are made; the
 * public sanitizePayload shows the report, not the map.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError, decode } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { resolveSanitizeOptions } from "../../src/security/options.js";
import { HitCollector, locateHits } from "../../src/security/report.js";
import { sanitizePayload } from "../../src/security/sanitize.js";
import { scanPayload } from "../../src/security/scan.js";

const NO_COUNTS = { zero_width: 0, invisible: 0, bidi: 0, homoglyph: 0, mixed_script: 0 };

describe("sanitizePayload: each class under each policy", () => {
  test("strip (default): zero-width and bidi removed, offsets kept in the original", () => {
    const payload = sanitizePayload("a\u200bb\u202ec");
    assert.equal(payload.text, "abc");
    assert.equal(payload.original, "a\u200bb\u202ec");
    assert.deepEqual(payload.report, {
      hits: [
        { kind: "zero_width", offset: 1, action: "stripped", codePoint: 0x200b },
        { kind: "bidi", offset: 3, action: "stripped", codePoint: 0x202e },
      ],
      counts: { ...NO_COUNTS, zero_width: 1, bidi: 1 },
      truncated: false,
      changed: true,
    });
    assert.equal(payload.offsets.toOriginal(0), 0);
    assert.equal(payload.offsets.toOriginal(1), 2);
    assert.equal(payload.offsets.toOriginal(2), 4);
    assert.ok(Object.isFrozen(payload));
  });

  test("flag: the four zero-width characters are still stripped, the rest only reported", () => {
    const payload = sanitizePayload("a\u200bb\u202ec", { invisible: "flag" });
    assert.equal(payload.text, "ab\u202ec");
    assert.deepEqual(
      payload.report.hits.map((hit) => [hit.kind, hit.offset, hit.action]),
      [
        ["zero_width", 1, "stripped"],
        ["bidi", 3, "flagged"],
      ],
    );
    const only = sanitizePayload("a\u2060b", { invisible: "flag" });
    assert.equal(only.text, "a\u2060b");
    assert.equal(only.report.changed, false);
    assert.deepEqual(only.report.hits, [{ kind: "invisible", offset: 1, action: "flagged", codePoint: 0x2060 }]);
  });

  test("reject: a bidi control or invisible format character is unsafe_content at its offset", () => {
    for (const [text, offset, kind, what, codePoint] of [
      ["ab\u202ec", 2, "bidi", "bidirectional control ", 0x202e],
      ["a\u2060b", 1, "invisible", "invisible character ", 0x2060],
    ] as const) {
      assert.throws(
        () => sanitizePayload(text, { invisible: "reject" }),
        (error: unknown) => {
          assert.ok(error instanceof SilpError);
          assert.equal(error.code, "unsafe_content");
          assert.equal(error.offset, offset);
          assert.ok(error.message.startsWith(what), error.message);
          assert.ok(error.message.endsWith('rejected by the sanitizer policy "reject"'), error.message);
          assert.deepEqual(error.details, { hit: { kind, offset, action: "rejected", codePoint } });
          return true;
        },
      );
    }
  });

  test("reject still strips zero-width characters and only flags blank letters", () => {
    const payload = sanitizePayload("a\u200bb\u3164c", { invisible: "reject" });
    assert.equal(payload.text, "ab\u3164c");
    assert.deepEqual(payload.report.hits, [
      { kind: "zero_width", offset: 1, action: "stripped", codePoint: 0x200b },
      { kind: "invisible", offset: 3, action: "flagged", codePoint: 0x3164 },
    ]);
  });

  test("an astral tag character is removed whole and the map skips both units", () => {
    const payload = sanitizePayload("a\u{e0041}b");
    assert.equal(payload.text, "ab");
    assert.deepEqual(payload.report.hits, [{ kind: "invisible", offset: 1, action: "stripped", codePoint: 0xe0041 }]);
    assert.equal(payload.offsets.toOriginal(1), 3);
  });

  test("joiners: kept inside Persian words and emoji sequences unless joiners is strip", () => {
    const persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645";
    assert.equal(sanitizePayload(persian).text, persian);
    assert.deepEqual(sanitizePayload(persian).report.hits, []);
    const stripped = sanitizePayload(persian, { joiners: "strip" });
    assert.equal(stripped.text, persian.replace("\u200c", ""));
    assert.deepEqual(stripped.report.hits, [{ kind: "zero_width", offset: 2, action: "stripped", codePoint: 0x200c }]);
    const emoji = "\u{1f469}\u200d\u{1f4bb}";
    assert.equal(sanitizePayload(emoji).text, emoji);
    assert.equal(sanitizePayload("a\u200db").text, "ab");
  });

  test("no hit: the same string back, unchanged", () => {
    const payload = sanitizePayload("plain text");
    assert.equal(payload.text, "plain text");
    assert.deepEqual(payload.report, { hits: [], counts: NO_COUNTS, truncated: false, changed: false });
  });

  test("maxHits caps the list, not the counts", () => {
    const payload = sanitizePayload("\u200bx\u200b", { maxHits: 1 });
    assert.equal(payload.text, "x");
    assert.deepEqual(payload.report.hits, [{ kind: "zero_width", offset: 0, action: "stripped", codePoint: 0x200b }]);
    assert.equal(payload.report.counts.zero_width, 2);
    assert.equal(payload.report.truncated, true);
    const none = sanitizePayload("\u200b", { maxHits: 0 });
    assert.deepEqual(none.report.hits, []);
    assert.equal(none.report.truncated, true);
  });
});

describe("scanPayload: mixed-script words of the cleaned text, at original offsets", () => {
  test("a Cyrillic a in a Latin word is flagged with its ASCII replacement", () => {
    const result = scanPayload("\u200bp\u0430ypal ok");
    assert.equal(result.text, "p\u0430ypal ok");
    assert.deepEqual(result.report.hits, [
      { kind: "zero_width", offset: 0, action: "stripped", codePoint: 0x200b },
      { kind: "mixed_script", offset: 1, action: "flagged", codePoint: 0x0430, text: "p\u0430ypal", replacement: "paypal" },
    ]);
    assert.equal(result.report.changed, true);
  });

  test("past the cap a word is only counted", () => {
    const result = scanPayload("\u200bp\u0430ypal", { maxHits: 1 });
    assert.deepEqual(
      result.report.hits.map((hit) => hit.kind),
      ["zero_width"],
    );
    assert.equal(result.report.counts.mixed_script, 1);
    assert.equal(result.report.truncated, true);
  });
});

describe("HitCollector", () => {
  test("report() sorts by offset; from() re-caps an existing report", () => {
    const collector = new HitCollector(5);
    collector.add({ kind: "bidi", offset: 9, action: "flagged", codePoint: 0x202e });
    collector.add({ kind: "homoglyph", offset: 2, action: "normalized", codePoint: 0x0430 });
    const report = collector.report();
    assert.deepEqual(
      report.hits.map((hit) => hit.offset),
      [2, 9],
    );
    assert.equal(report.changed, true);
    assert.equal(report.truncated, false);
    const recapped = HitCollector.from(report, 1).report();
    assert.deepEqual(
      recapped.hits.map((hit) => hit.offset),
      [2],
    );
    assert.equal(recapped.truncated, true);
    assert.deepEqual(recapped.counts, { ...NO_COUNTS, bidi: 1, homoglyph: 1 });
    assert.equal(HitCollector.from(report, 2).report().truncated, false);
    const flagged = new HitCollector(1);
    flagged.add({ kind: "bidi", offset: 0, action: "flagged", codePoint: 0x202e });
    assert.equal(flagged.report().changed, false);
    assert.equal(flagged.full, true);
  });
});

describe("resolveSanitizeOptions", () => {
  test("defaults, frozen; a resolved object resolves to an equal one", () => {
    const resolved = resolveSanitizeOptions({ maxHits: 5 });
    assert.deepEqual(resolved, { invisible: "strip", homoglyphs: "normalize", joiners: "contextual", maxHits: 5 });
    assert.ok(Object.isFrozen(resolved));
    assert.deepEqual(resolveSanitizeOptions(resolved), resolved);
    const complete = { invisible: "flag", homoglyphs: "flag", joiners: "strip", maxHits: 0 } as const;
    assert.notEqual(resolveSanitizeOptions(complete), complete);
    assert.deepEqual(resolveSanitizeOptions(complete), complete);
    assert.deepEqual(resolveSanitizeOptions(undefined), { invisible: "strip", homoglyphs: "normalize", joiners: "contextual", maxHits: 1000 });
  });

  test("bad values and unknown keys are invalid_options errors that name the option and the allowed values", () => {
    const cases: [object, string][] = [
      [{ maxHits: -1 }, "maxHits must be a non-negative integer, got -1"],
      [{ maxHits: 1.5 }, "maxHits must be a non-negative integer, got 1.5"],
      [{ invisible: "drop" }, "invisible must be one of strip, reject, flag, got drop"],
      [{ homoglyphs: "fold" }, "homoglyphs must be one of normalize, reject, flag, got fold"],
      [{ joiners: "keep" }, "joiners must be one of contextual, strip, got keep"],
      [{ homoglyph: "flag" }, "homoglyph is not a sanitizer option (known: invisible, homoglyphs, joiners, maxHits)"],
    ];
    for (const [options, message] of cases) {
      const error = silpErrorOf(() => resolveSanitizeOptions(options as never));
      assert.deepEqual([error.code, error.message, error.details?.option], ["invalid_options", message, Object.keys(options)[0]]);
    }
    // Inside the codec's options the name carries its path.
    assert.equal(silpErrorOf(() => decode("start(hike)", "code", { sanitize: { joiners: "keep" as never } })).details?.option, "sanitize.joiners");
  });

  test("options that are not an object are invalid_options, named as the caller's options or by the prefix's path", () => {
    for (const [options, shown] of [
      ["strip", "strip"],
      [null, "null"],
      [7, "7"],
    ] as const) {
      const error = silpErrorOf(() => resolveSanitizeOptions(options as never));
      assert.deepEqual([error.code, error.message, error.details?.option], ["invalid_options", `sanitizer options must be an object, got ${shown}`, "options"]);
    }
    assert.equal(silpErrorOf(() => resolveSanitizeOptions([] as never)).code, "invalid_options");
    assert.equal(silpErrorOf(() => resolveSanitizeOptions(null as never, "sanitize.")).details?.option, "sanitize");
  });
});

describe("options resolution and the report's edges", () => {
  test("a frozen but partial options object is resolved, not passed through", () => {
    assert.deepEqual(resolveSanitizeOptions(Object.freeze({ invisible: "flag" as const })), {
      invisible: "flag",
      homoglyphs: "normalize",
      joiners: "contextual",
      maxHits: 1000,
    });
  });

  test("locateHits: columns count code points; hits may share an offset; out of order is a RangeError", () => {
    const hit = (offset: number) => ({ kind: "bidi" as const, offset, action: "flagged" as const, codePoint: 0x202e });
    assert.deepEqual(
      locateHits("\u{1f600}b\nc\u{10000}\u{10ffff}d", [hit(2), hit(2), hit(4), hit(9)]).map(({ line, column }) => [line, column]),
      [
        [1, 2],
        [1, 2],
        [2, 1],
        [2, 4],
      ],
    );
    assert.deepEqual(
      locateHits("\ue000\uf000x", [hit(2)]).map(({ column }) => column),
      [3],
    );
    assert.throws(() => locateHits("abc", [hit(2), hit(1)]), { name: "RangeError", message: "locateHits needs hits in offset order" });
  });
});
