/**
 * Edge cases of several modules, each pinned against hand-written values: the json repair's
 * offset map before the first token and its pre-scan's refusals (timed: a general JSON repairer
 * is quadratic on the garbage used), the code printer's keyword and bare-negation forms, the
 * sanitizer's variation-selector range, the confusable prototype choice and the scan report's
 * optional replacement. Mutation testing showed each was unguarded; the mutants kept as
 * equivalent are in docs/mutation.md.
 *
 * Internals, on purpose: each case is one function's edge (the json repair's offset map, the
 * confusable table's choice, the scan report), which decode() reaches only behind other steps that
 * can mask it.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { repairJson } from "../../src/frontends/json/repair.js";
import { compile, type Repair } from "silp";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { resolveOptions } from "silp/util";
import { asciiPrototype } from "../../src/security/confusables.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";
import { describeCodePoint, findInvisible } from "../../src/security/invisible.js";
import { scanPayload } from "../../src/security/scan.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";

function repair(payload: string): { text: string; repairs: Repair[]; offsets: number[] } | undefined {
  const context = new DecodeContext(payload, resolveOptions({}), IDENTITY_HOOKS);
  const repaired = repairJson(context, payload, 0);
  if (!repaired) return undefined;
  const offsets: number[] = [];
  for (let offset = 0; offset <= repaired.text.length; offset++) offsets.push(repaired.originalOffset(offset));
  return { text: repaired.text, repairs: context.repairs, offsets };
}

describe("json repair: the offset map before the first token, the pre-scan's refusals", () => {
  test("an offset before the first token maps to 0", () => {
    // "  [1,]" -> "  [1]": tokens at 2, 3, 4 in the repair were at 2, 3, 5; offsets 0 and 1
    // (leading blanks, before any token) have no token at or before them.
    assert.deepEqual(repair("  [1,]"), {
      text: "  [1]",
      repairs: [{ kind: "json_trailing_comma", offset: 4, message: "a comma before ]" }],
      offsets: [0, 0, 2, 3, 5, 5],
    });
  });

  // A general repairer is quadratic on this garbage (jsonrepair: 2.5 s for 32K repeats); the
  // pre-scan must refuse it in one linear pass. Checked as growth (8x the garbage, far less than
  // 64x the time), never as a wall time: an absolute bound failed under mutation testing's
  // instrumentation, which slows every statement.
  const garbage = (repeats: number): string => `{"III"${'III"'.repeat(repeats)}`;
  test("an unexpected punctuation mark after a value refuses in linear time", () => {
    // `[1{`: after the value 1 only `,` or `]` may come.
    assert.equal(repair(`[1${garbage(64_000)}`), undefined);
    assertLinearTime("refusing [1{...", (text) => repair(text), `[1${garbage(8_000)}`, `[1${garbage(64_000)}`);
  });

  test("any token after the complete value refuses in linear time", () => {
    // `[1],{`: the value is complete at `]`; nothing may follow (not even more JSON values).
    assert.equal(repair(`[1],${garbage(64_000)}`), undefined);
    assertLinearTime("refusing [1],{...", (text) => repair(text), `[1],${garbage(8_000)}`, `[1],${garbage(64_000)}`);
  });
});

describe("code printer: constraint forms, against hand-written payloads", () => {
  const meta = { req_id: "abcd1234", priority: 0, confidence: 1, seq: [], out: "natural" };
  test("an operator with a time that is not t±n takes keyword form; a bare negation has no parentheses", () => {
    const ir = {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!START",
      entities: [{ id: "act", value: "hike" }],
      constraints: [
        { type: "temp", operator: ">", value: "30", time: "noon" },
        { type: "!rain", value: "true" },
      ],
      alternatives: [],
      meta,
    };
    assert.equal(compile(ir, "code"), 'if temp(30,time=noon,operator=">") and !rain: start(hike)');
  });
});

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
