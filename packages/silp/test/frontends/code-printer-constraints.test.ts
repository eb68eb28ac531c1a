/**
 * The code printer's constraint forms against hand-written payloads: an operator with a time that
 * is not t±n takes the keyword form, and a bare negation has no parentheses.
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
});
