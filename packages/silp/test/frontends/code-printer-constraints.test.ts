/**
 * The code printer's constraint forms against hand-written payloads: an operator with a time that
 * is not t±n takes the keyword form, and a bare negation has no parentheses. And which values
 * print bare (docs/grammar.md, `bare-char`: letters, marks and digits of any script).
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile } from "silp";

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

  test("letters, marks and digits of any script print bare; a default-ignorable letter, a keyword and a space are quoted", () => {
    const ir = (value: string) => ({ intent: "!BOOK", entities: [{ id: "act", value }], meta });
    const printed: [string, string][] = [
      ["Москва", "book(Москва)"],
      ["北京", "book(北京)"],
      ["café", "book(café)"],
      ["٣٤", "book(٣٤)"],
      ["t+1am", "book(t+1am)"],
      // U+3164 HANGUL FILLER is a letter (Lo) that shows nothing: quoted and escaped, so a reader sees it is there.
      ["a\u3164b", 'book("a\\u3164b")'],
      ["if", 'book("if")'],
      ["Los Angeles", 'book("Los Angeles")'],
    ];
    for (const [value, payload] of printed) assert.equal(compile(ir(value), "code", { inlineMeta: false }), payload, value);
  });
});
