/**
 * req_id (spec 3.5 and 4.6): its length, random ids, derived ids checked against the published
 * SHA-256 test vectors, and how a meta is given one (decode's derived id, compile's generated id).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { compile, decode, deriveReqId, newReqId, registerFrontend, unregisterFrontend, type SilpIRInput } from "silp";
import { reqIdLength, withReqId } from "../../src/ir/req-id.js";

describe("req_id", () => {
  test("8 hex by default, 4 for a scope-limited session", () => {
    assert.equal(reqIdLength(false), 8);
    assert.equal(reqIdLength(true), 4);
    for (let i = 0; i < 20; i++) {
      assert.match(newReqId(), /^[0-9a-f]{8}$/);
      assert.match(newReqId(true), /^[0-9a-f]{4}$/);
    }
  });

  test("derived ids are SHA-256 of the UTF-8 text, truncated (FIPS 180-2 vectors, node:crypto)", () => {
    assert.equal(deriveReqId(""), "e3b0c442");
    assert.equal(deriveReqId("abc"), "ba7816bf");
    assert.equal(deriveReqId("abc", true), "ba78");
    for (const text of ["é", "東京", "😀", "cancel(flight)"]) {
      assert.equal(deriveReqId(text), createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8), text);
    }
  });
});

describe("a meta given its req_id (withReqId)", () => {
  test("a new object: req_id first, then the other own fields in their order; the given meta unchanged", () => {
    const meta = { priority: 2, req_id: "", seq: ["!BOOK"], next_agent: "planner" };
    const given = withReqId(meta, "ab12cd34");
    assert.deepEqual(Object.entries(given), [
      ["req_id", "ab12cd34"],
      ["priority", 2],
      ["seq", ["!BOOK"]],
      ["next_agent", "planner"],
    ]);
    assert.notEqual(given, meta);
    assert.deepEqual(meta, { priority: 2, req_id: "", seq: ["!BOOK"], next_agent: "planner" });
    assert.deepEqual(withReqId(undefined, "ab12"), { req_id: "ab12" });
  });

  test("a field named __proto__ stays a field, and inherited fields are not copied", () => {
    const meta = JSON.parse('{"__proto__": {"polluted": true}, "out": "json"}') as Record<string, never>;
    const given = withReqId(meta, "ab12cd34");
    assert.equal(Object.getPrototypeOf(given), Object.prototype);
    assert.deepEqual(Object.keys(given), ["req_id", "__proto__", "out"]);
    assert.deepEqual(Object.getOwnPropertyDescriptor(given, "__proto__")?.value, { polluted: true });
    const inherited = Object.assign(Object.create({ session_id: "s1" }) as Record<string, never>, { out: "json" });
    assert.deepEqual(Object.keys(withReqId(inherited, "ab12cd34")), ["req_id", "out"]);
  });

  test("decode derives each payload's req_id without writing it into the meta a frontend hands back", () => {
    // A test double of a frontend that hands back one and the same meta object for every payload.
    const shared = { req_id: "", out: "json" };
    registerFrontend({
      name: "t-shared-meta",
      lossless: false,
      description: "test double: one meta object for every payload",
      compile: (ir) => ir.intent,
      decode: (context, start, end) => ({
        ir: { intent: `!${context.source.slice(start, end).toUpperCase()}`, meta: shared },
        normalParts: false,
      }),
    });
    try {
      const start = decode("start", "t-shared-meta");
      const cancel = decode("cancel", "t-shared-meta");
      assert.equal(start.ir.meta.req_id, deriveReqId("start"));
      assert.equal(cancel.ir.meta.req_id, deriveReqId("cancel"));
      assert.equal(cancel.reqIdDerived, true);
      assert.deepEqual(shared, { req_id: "", out: "json" });
    } finally {
      unregisterFrontend("t-shared-meta");
    }
  });

  test("compile generates a missing req_id without writing it into the caller's meta", () => {
    const meta = { priority: 1 };
    const ir = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta } as unknown as SilpIRInput;
    const payload = compile(ir, "code", { inlineMeta: true });
    assert.deepEqual(meta, { priority: 1 });
    // The id is the one decode derives from the payload printed without it (docs/ir.md).
    const compact = compile(ir, "code", { inlineMeta: false });
    assert.ok(payload.includes(`id=${deriveReqId(compact)}`), payload);
  });
});
