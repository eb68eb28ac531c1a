/** The runner's answer grading (packages/conformance/src/compare.ts), with hand-written IRs. */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { grade, irDifference, normalizeIr } from "../src/compare.js";
import { parseAnswer } from "../src/protocol.js";

describe("conformance answer grading", () => {
  test("normalizeIr fills the defaults of docs/ir.md, drops optional nulls and makes entity actions explicit", () => {
    assert.deepEqual(normalizeIr({ intent: "!CANCEL", entities: [{ id: "act", value: "x", action: null }], meta: { req_id: "abcd", session_id: null } }), {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!CANCEL",
      entities: [{ id: "act", value: "x", action: "!CANCEL" }],
      constraints: [],
      alternatives: [],
      meta: { req_id: "abcd", priority: 0, confidence: 1, seq: [], out: "natural" },
    });
  });

  test("req_id is compared only when the case states one; order of entities matters, key order does not", () => {
    const expected = {
      intent: "!CANCEL",
      entities: [
        { id: "act", value: "a" },
        { id: "act", value: "b" },
      ],
    };
    assert.equal(
      irDifference(
        {
          meta: { req_id: "12345678" },
          entities: [
            { value: "a", id: "act" },
            { id: "act", value: "b" },
          ],
          intent: "!CANCEL",
        },
        expected,
      ),
      null,
    );
    assert.match(
      irDifference(
        {
          intent: "!CANCEL",
          entities: [
            { id: "act", value: "b" },
            { id: "act", value: "a" },
          ],
        },
        expected,
      ) ?? "",
      /^IR differs/,
    );
    assert.match(irDifference({ ...expected, meta: { req_id: "12345678" } }, { ...expected, meta: { req_id: "a1b2c3d4" } }) ?? "", /^IR differs/);
  });

  test("repairs compare as kinds, only when the answer reports them", () => {
    const expect = { output: { ir: { intent: "!CANCEL" }, repairs: ["whitespace"] } };
    const answer = (repairs?: unknown) => ({ id: "x", ok: true as const, output: { ir: { intent: "!CANCEL" }, ...(repairs ? { repairs } : {}) } });
    assert.deepEqual(grade("decode", expect, answer([{ kind: "whitespace" }, { kind: "whitespace" }])), { status: "pass" });
    assert.deepEqual(grade("decode", expect, answer()), { status: "pass" });
    assert.equal(grade("decode", expect, answer([{ kind: "code_fence" }])).status, "fail");
  });

  test("errors compare by code, and by offset when the case gives one", () => {
    const expect = { error: { code: "invalid_syntax", offset: 3 } };
    assert.deepEqual(grade("decode", expect, { id: "x", ok: false, error: { code: "invalid_syntax", offset: 3 } }), { status: "pass" });
    assert.match(JSON.stringify(grade("decode", expect, { id: "x", ok: false, error: { code: "invalid_syntax" } })), /offset \(none\), expected 3/);
    assert.equal(grade("decode", { error: { code: "decode_failed" } }, { id: "x", ok: false, error: { code: "decode_failed", offset: 9 } }).status, "pass");
    assert.equal(grade("decode", expect, { id: "x", ok: false, error: { code: "decode_failed", offset: 3 } }).status, "fail");
  });

  test("validation compares valid and the set of rule/severity pairs", () => {
    const expect = { output: { valid: true, issues: [{ rule: "empty-entity", severity: "warning" }] } };
    const answer = (issues: unknown) => ({ id: "x", ok: true as const, output: { valid: true, issues } });
    assert.equal(
      grade(
        "validate",
        expect,
        answer([
          { rule: "empty-entity", severity: "warning" },
          { rule: "empty-entity", severity: "warning" },
        ]),
      ).status,
      "pass",
    );
    assert.equal(grade("validate", expect, answer([{ rule: "empty-entity", severity: "error" }])).status, "fail");
    assert.equal(grade("validate", expect, { id: "x", ok: true, output: { valid: true } }).status, "fail");
  });

  test("parseAnswer rejects malformed answers with a reason instead of throwing", () => {
    assert.deepEqual(parseAnswer('{"id":"a","unsupported":true}'), { id: "a", unsupported: true });
    assert.match(JSON.stringify(parseAnswer("nope")), /not JSON/);
    assert.match(JSON.stringify(parseAnswer('{"id":"a","ok":true}')), /no `output`/);
    assert.match(JSON.stringify(parseAnswer('{"id":"a","ok":false,"error":{"code":"x","offset":-1}}')), /non-negative/);
    assert.match(JSON.stringify(parseAnswer('{"ok":true,"output":1}')), /no string `id`/);
  });
});
