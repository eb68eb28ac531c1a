/**
 * fromVendorObject reads untrusted input (what a model wrote): every bad object is a SilpError
 * `invalid_ir` with a JSON Pointer, never a crash, a silent change or a deep recursion.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { EXTRA_FIELDS, fromVendorObject } from "@silp/schemas";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const base = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: {} };
const withEntityExtra = (text: unknown) => ({ ...base, entities: [{ id: "act", value: "hike", [EXTRA_FIELDS]: text }] });

function refusal(object: unknown, options?: Parameters<typeof fromVendorObject>[2]): { code: string; path: string | undefined; message: string } {
  const error = silpErrorOf(() => fromVendorObject("anthropic", object, options));
  return { code: error.code, path: error.path, message: error.message };
}

describe("fromVendorObject on hostile input", () => {
  test("extra fields nested 100,000 deep: refused by the depth scan before JSON.parse recurses", () => {
    const started = performance.now();
    const result = refusal(withEntityExtra(`{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`));
    assert.equal(result.code, "invalid_ir");
    assert.equal(result.path, `/entities/0/${EXTRA_FIELDS}`);
    assert.match(result.message, /nests deeper than 64/);
    assert.ok(performance.now() - started < 2000);
  });

  test("a repeated key, also when spelled with an escape, is refused (JSON.parse would keep the last)", () => {
    assert.match(refusal(withEntityExtra('{"unit":"C","unit":"F"}')).message, /repeats the key "unit"/);
    assert.match(refusal(withEntityExtra('{"unit":"C","\\u0075nit":"F"}')).message, /repeats the key "unit"/);
    // The same key in two different objects is no repeat.
    assert.deepEqual(fromVendorObject("anthropic", withEntityExtra('{"a":{"k":1},"b":{"k":2}}')).entities[0], {
      id: "act",
      value: "hike",
      action: "!START",
      a: { k: 1 },
      b: { k: 2 },
    });
  });

  test("not JSON, not an object, not a string, a named field, too long: each refused at its path", () => {
    for (const [text, pattern] of [
      ["{unit: C}", /not valid JSON/],
      ["[1,2]", /must hold a JSON object/],
      ['"text"', /must hold a JSON object/],
      [42, /must be a string/],
      ['{"id":"other"}', /may not carry "id"/],
    ] as const) {
      const result = refusal(withEntityExtra(text));
      assert.equal(result.code, "invalid_ir", String(text));
      assert.equal(result.path, `/entities/0/${EXTRA_FIELDS}`);
      assert.match(result.message, pattern);
    }
    assert.match(refusal(withEntityExtra(`{"a":"${"x".repeat(200)}"}`), { limits: { maxInputLength: 100 } }).message, /the limit is 100/);
  });

  test("a field the variant does not have is refused with its pointer, at the root and inside", () => {
    assert.equal(refusal({ ...base, priority: 1 }).path, "/priority");
    assert.equal(refusal({ ...base, meta: { trace: "x" } }).path, "/meta/trace");
    assert.equal(refusal({ ...base, entities: [{ id: "act", value: "hike", "a/b": 1 }] }).path, "/entities/0/a~1b");
  });

  test("not an object at all, or the wrong type inside: invalid_ir, never a crash", () => {
    for (const object of [null, "start(hike)", [], 7, { ...base, entities: "hike" }, { ...base, meta: [] }, { ...base, entities: [null] }]) {
      assert.equal(refusal(object).code, "invalid_ir", JSON.stringify(object));
    }
  });

  test("a refusal lists its issue as every invalid_ir does: rule, severity, message and the same pointer", () => {
    const unknown = silpErrorOf(() => fromVendorObject("anthropic", { ...base, entities: [{ id: "act", value: "hike", colour: "red" }] }));
    assert.deepEqual(unknown.details?.issues, [
      {
        rule: "vendor-object",
        severity: "error",
        path: "/entities/0/colour",
        message: `"colour" is not a field of this variant (extra fields go in ${EXTRA_FIELDS})`,
      },
    ]);
    assert.equal(unknown.path, "/entities/0/colour");
    const extra = silpErrorOf(() => fromVendorObject("anthropic", withEntityExtra("[1]")));
    assert.deepEqual(extra.details?.issues, [
      { rule: "vendor-object", severity: "error", path: `/entities/0/${EXTRA_FIELDS}`, message: `${EXTRA_FIELDS} must hold a JSON object` },
    ]);
  });
});
