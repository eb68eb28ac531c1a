/**
 * The IR a person writes. Without `meta` (or without `meta.req_id`), compile
 * generates the req_id decode derives from the compact payload (-02 4.6: "regenerated from the
 * compiled text via SHA-256 hash truncation"), in lenient mode; strict mode keeps spec 3.9's
 * requirement. The oracle hashes with node:crypto, an implementation independent of the codec's.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { compile, compileAsync, completeMeta, decode, toEnvelope, validate } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const sha256Hex = (text: string, length = 8): string => createHash("sha256").update(text, "utf8").digest("hex").slice(0, length);
const hike = { intent: "!START", entities: [{ id: "act", value: "hike" }] };

describe("compile: an IR without meta (lenient, the default)", () => {
  test("code: the payload is unchanged and the req_id is SHA-256 of it, the one decode derives", () => {
    assert.equal(compile(hike, "code"), "start(hike)");
    const { ir, filled } = completeMeta(hike, "code");
    assert.deepEqual(filled, { path: "/meta", reqId: sha256Hex("start(hike)") });
    assert.deepEqual(ir.meta, { req_id: sha256Hex("start(hike)") });
    assert.equal(decode("start(hike)", "code").ir.meta.req_id, filled?.reqId);
  });

  test("json: the req_id comes from the json payload", async () => {
    const payload = '{"intent":"!START","act":"hike"}';
    assert.equal(compile(hike, "json"), payload);
    assert.equal(completeMeta(hike, "json").filled?.reqId, sha256Hex(payload));
    assert.equal(await compileAsync(hike, "json"), payload);
  });

  test("meta without req_id: the id is the hash of the payload with its trailer, which decode derives again", () => {
    const ir = { ...hike, meta: { priority: 2 } };
    const { filled } = completeMeta(ir, "code");
    assert.deepEqual(filled, { path: "/meta/req_id", reqId: sha256Hex("start(hike) #{p2}") });
    const payload = compile(ir, "code");
    assert.equal(payload, "start(hike) #{p2}");
    const decoded = decode(payload, "code");
    assert.equal(decoded.ir.meta.req_id, filled?.reqId);
    assert.equal(decoded.ir.meta.priority, 2);
    assert.equal(decoded.reqIdDerived, true);
  });

  test("with inlineMeta: true the generated id travels in the trailer, hashed from the compact payload", () => {
    const ir = { ...hike, meta: { priority: 2 } };
    const payload = compile(ir, "code", { inlineMeta: true });
    assert.equal(payload, `start(hike) #{id=${sha256Hex("start(hike)")} p2}`);
    assert.equal(decode(payload, "code").reqIdDerived, false);
  });

  test("a scope-limited session gets 4 hex characters", () => {
    assert.equal(completeMeta(hike, "code", { scopeLimited: true }).filled?.reqId, sha256Hex("start(hike)", 4));
  });

  test("the envelope's silp_meta shows the generated id", () => {
    assert.deepEqual(toEnvelope(hike, "code").silp_meta, { req_id: sha256Hex("start(hike)") });
  });

  test("an IR with a req_id is left alone (same object, nothing filled)", () => {
    const ir = { ...hike, meta: { req_id: "a1b2c3d4" } };
    const completed = completeMeta(ir, "code");
    assert.equal(completed.ir, ir);
    assert.equal(completed.filled, undefined);
  });

  test("a meta that is not an object, or an IR that is not one, is still invalid_ir (no crash, nothing filled)", () => {
    for (const ir of [{ ...hike, meta: "x" }, { ...hike, meta: null }, { ...hike, meta: [] }, "start(hike)", null]) {
      const error = silpErrorOf(() => compile(ir as never, "code"));
      assert.equal(error.code, "invalid_ir", JSON.stringify(ir));
    }
  });

  test("a bad IR without meta reports its own error, not a meta one", () => {
    const error = silpErrorOf(() => compile({ intent: "START" }, "code"));
    assert.equal(error.code, "invalid_ir");
    assert.equal(error.path, "/intent");
  });
});

describe("strict mode and validate keep spec 3.9's requirement", () => {
  test("compile with strict: true refuses a missing meta or req_id", () => {
    assert.equal(silpErrorOf(() => compile(hike, "code", { strict: true })).code, "invalid_ir");
    assert.equal(silpErrorOf(() => compile({ ...hike, meta: { priority: 1 } }, "code", { strict: true })).path, "/meta");
    assert.equal(completeMeta(hike, "code", { strict: true }).filled, undefined);
  });

  test("validate checks the IR as the spec defines it: a missing meta is a schema error", () => {
    const result = validate(hike);
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.issues.map((issue) => [issue.rule, issue.path]),
      [["schema", ""]],
    );
  });
});
