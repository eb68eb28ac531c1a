/**
 * `limits.maxDepth` covers every way an IR arrives, not only decoded text.
 * compile of an IR with a deeply nested extra field used to throw a raw RangeError, and an
 * envelope's or wrapper's `silp_meta` was not limited at all. Depth counts as in a json payload:
 * the IR (or envelope) root is level 1.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, fromEnvelope, toEnvelope, unwrapSilp, type JsonValue } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

/** `levels` nested arrays around 1: [[...[1]...]]. */
function nested(levels: number): JsonValue {
  let value: JsonValue = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

const irWith = (extra: JsonValue) => ({
  silp: "v1",
  intent: "!START",
  entities: [{ id: "act", value: "a", action: "!START", extra }],
  meta: { req_id: "a1b2c3d4" },
});

/** The JSON Pointer of the first array past the limit: `prefix` then "/0" per level inside. */
const pointerPast = (prefix: string, levelsInside: number) => prefix + "/0".repeat(levelsInside);

describe("maxDepth applies to IR objects", () => {
  test("compile of a 10,000-deep extra field is limit_exceeded with a path, not a RangeError", () => {
    const error = silpErrorOf(() => compile(irWith(nested(10_000))));
    assert.equal(error.code, "limit_exceeded");
    // root 1, entities 2, entity 3, extra 4: the array at level 65 is 61 levels inside extra.
    assert.equal(error.path, pointerPast("/entities/0/extra", 61));
    assert.deepEqual(error.details, { limit: "maxDepth", value: 64 });
  });

  test("the limit is the configured one, and an IR at the limit compiles", () => {
    assert.equal(silpErrorOf(() => compile(irWith(nested(3)), "code", { limits: { maxDepth: 5 } })).code, "limit_exceeded");
    assert.match(compile(irWith(nested(3)), "code", { limits: { maxDepth: 6 } }), /extra=`\[\[\[1\]\]\]`/);
  });

  test("fromEnvelope: a deep silp_meta is limit_exceeded at /silp_meta/...", () => {
    const envelope = { ...toEnvelope(irWith("x")), silp_meta: { req_id: "a1b2c3d4", deep: nested(10_000) } };
    const error = silpErrorOf(() => fromEnvelope(envelope));
    assert.equal(error.code, "limit_exceeded");
    // envelope 1, silp_meta 2, deep 3: the array at level 65 is 62 levels inside deep.
    assert.equal(error.path, pointerPast("/silp_meta/deep", 62));
  });

  test("the wrapper: a deep silp_meta is limit_exceeded; the host's own parameters are not SILP's to limit", () => {
    const wrapped = { silp_encoding: "code", silp_payload: "start(a)", silp_meta: { req_id: "a1b2c3d4", deep: nested(100) } };
    const error = silpErrorOf(() => unwrapSilp(wrapped));
    assert.equal(error.code, "limit_exceeded");
    assert.equal(error.path, pointerPast("/silp_meta/deep", 62));
    const hostDeep = { silp_encoding: "code", silp_payload: "start(a)", host: nested(100) };
    assert.equal(unwrapSilp(hostDeep).ir.intent, "!START");
  });
});
