/**
 * The sanitizer keeps ZWNJ/ZWJ between two letters of a non-Latin word
 * (docs/security.md, Persian می‌خواهم), so the code grammar must accept them there in a bare
 * value too; it used to fail with invalid_syntax on the character the sanitizer let through.
 * Everywhere else the joiner is still stripped and reported.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, decode } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const WORD = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"; // می‌خواهم, "I want"

describe("joiners the sanitizer keeps are part of a bare value", () => {
  test("a Persian word with ZWNJ decodes bare exactly as quoted, with no hit", () => {
    const bare = decode(`start(${WORD})`);
    const quoted = decode(`start("${WORD}")`);
    assert.deepEqual(bare.ir.entities, [{ id: "act", value: WORD, action: "!START" }]);
    assert.deepEqual(bare.ir.entities, quoted.ir.entities);
    assert.deepEqual(bare.sanitizer.hits, []);
  });

  test("ZWJ inside a Devanagari word in an extra field and a constraint name decode too", () => {
    const devanagari = "\u0915\u094d\u200d\u0937"; // क्‍ष
    const result = decode(`start(x[note=${devanagari}])`);
    assert.equal(result.ir.entities[0]?.note, devanagari);
  });

  test("a ZWNJ that is not inside such a word is still stripped and reported", () => {
    for (const [payload, value, offset] of [
      ["start(a\u200cb)", "ab", 7],
      ["start(\u0645\u200c1)", "\u06451", 7],
      ["start(\u200c\u0645)", "\u0645", 6],
    ] as const) {
      const result = decode(payload);
      assert.equal(result.ir.entities[0]?.value, value, payload);
      assert.deepEqual(
        result.sanitizer.hits.map((hit) => [hit.kind, hit.action, hit.offset]),
        [["zero_width", "stripped", offset]],
      );
    }
  });

  test("joiners: strip removes it everywhere, as the spec says; the value changes and is reported", () => {
    const result = decode(`start(${WORD})`, "code", { sanitize: { joiners: "strip" } });
    assert.equal(result.ir.entities[0]?.value, WORD.replace("\u200c", ""));
    assert.equal(result.sanitizer.counts.zero_width, 1);
  });

  test("a joiner can still not make a verb: the word is not ASCII", () => {
    assert.equal(silpErrorOf(() => decode(`${WORD}(x)`)).code, "invalid_syntax");
  });

  test("the compiler prints the value quoted with the joiner escaped, and that decodes back", () => {
    const ir = { silp: "v1", intent: "!START", entities: [{ id: "act", value: WORD, action: "!START" }], meta: { req_id: "a1b2c3d4" } };
    const text = compile(ir);
    assert.equal(text, 'start("\u0645\u06cc\\u200c\u062e\u0648\u0627\u0647\u0645")');
    assert.deepEqual(decode(text).ir.entities, ir.entities);
  });
});
