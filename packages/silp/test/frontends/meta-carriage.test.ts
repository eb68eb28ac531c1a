/**
 * Issue #11, finding 4: decode(compile(ir)) with the default options dropped seq, priority,
 * session_id, next_agent, out, confidence and extra meta fields without a word. Spec -00 4.6:
 * "All other fields MUST be preserved" (only req_id may be regenerated from the text); draft -02
 * 3.6: seq order MUST be kept. By default compile now carries the meta whenever the IR has any
 * the payload cannot give back; the compact surface is an explicit choice (inlineMeta: false).
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { compile, decode, deriveReqId, fromEnvelope, normalize, toEnvelope, type JsonValue, type SilpIRInput } from "../../src/index.js";
import { resolveOptions } from "../../src/options.js";
import { runCli, SKIP_SPAWN_UNDER_MUTATION } from "@silp/testkit/cli.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const body = {
  intent: "!FETCH",
  entities: [
    { id: "act", value: "report" },
    { id: "act", value: "summary", action: "!EMAIL" },
  ],
  constraints: [{ type: "auth", value: "ok", subject: "user" }],
  alternatives: [{ action: "!NOTIFY", target: "admin" }],
} satisfies Omit<SilpIRInput, "meta">;

/** Meta with every field the spec defines, plus extra fields. */
const fullMeta: SilpIRInput = {
  ...body,
  meta: {
    req_id: "b3c5e7f9",
    session_id: "a1",
    priority: 2,
    confidence: 0.75,
    seq: ["!FETCH", "!PROCESS", "!EMAIL"],
    out: "json",
    next_agent: "search_agent",
    trace: { hop: 3 },
  },
};

describe("default compile keeps every field (spec 4.6)", () => {
  for (const frontend of ["code", "json"]) {
    test(`${frontend}: the whole IR comes back, meta and req_id included`, () => {
      const payload = compile(fullMeta, frontend);
      const decoded = decode(payload, frontend);
      assert.deepStrictEqual(decoded.ir, normalize(fullMeta), payload);
      assert.equal(decoded.reqIdDerived, false);
    });

    for (const [field, value] of [
      ["seq", ["!EMAIL", "!FETCH"]],
      ["priority", 1],
      ["confidence", 0.5],
      ["session_id", "zz"],
      ["next_agent", "b"],
      ["out", "code"],
      ["extra", { any: [1, null] }],
    ] as Array<[string, JsonValue]>) {
      test(`${frontend}: meta.${field} alone is enough to carry the meta`, () => {
        const ir: SilpIRInput = { ...body, meta: { req_id: "0a0b0c0d", [field]: value } };
        const decoded = decode(compile(ir, frontend), frontend).ir;
        assert.deepStrictEqual(decoded, normalize(ir));
      });
    }

    test(`${frontend}: a non-default IR version is carried too`, () => {
      const ir: SilpIRInput = { ...body, version: "ir-v0.2", meta: { req_id: "0a0b0c0d" } };
      assert.deepStrictEqual(decode(compile(ir, frontend), frontend).ir, normalize(ir));
    });
  }

  test("seq order survives (draft -02 3.6: reordering is a materially different task)", () => {
    const ir: SilpIRInput = { ...body, meta: { req_id: "0a0b0c0d", seq: ["!EMAIL", "!FETCH", "!PROCESS"] } };
    for (const frontend of ["code", "json"]) {
      assert.deepStrictEqual(decode(compile(ir, frontend), frontend).ir.meta.seq, ["!EMAIL", "!FETCH", "!PROCESS"]);
    }
  });
});

describe("meta the payload gives back stays out of it", () => {
  const plain: SilpIRInput = { ...body, meta: { req_id: "a1b2c3d4" } };

  test("default meta: the compact text, and decode says the req_id was derived from it", () => {
    const payload = compile(plain);
    assert.doesNotMatch(payload, /#meta/);
    assert.equal(payload, compile(plain, "code", { inlineMeta: false }));
    const decoded = decode(payload);
    assert.equal(decoded.reqIdDerived, true);
    assert.deepStrictEqual(decoded.ir, { ...normalize(plain), meta: { ...normalize(plain).meta, req_id: deriveReqId(payload) } });
  });

  test("spelled-out defaults are default meta", () => {
    const spelled: SilpIRInput = { ...body, version: "ir-v0.1", meta: { req_id: "a1b2c3d4", priority: 0, confidence: 1, seq: [], out: "natural" } };
    assert.equal(compile(spelled), compile(plain));
    assert.equal(compile(spelled, "json"), compile(plain, "json"));
  });
});

describe("the choices are explicit", () => {
  test("inlineMeta: false is the compact surface, by request only", () => {
    const compact = compile(fullMeta, "code", { inlineMeta: false });
    assert.doesNotMatch(compact, /#meta/);
    assert.equal(decode(compact).ir.meta.priority, 0, "the caller asked for the surface without meta");
  });

  test("inlineMeta: true carries meta even when it is default", () => {
    assert.match(compile({ ...body, meta: { req_id: "a1b2c3d4" } }, "code", { inlineMeta: true }), /#meta/);
  });

  test('inlineMeta accepts true, false and "auto" (the default) only', () => {
    assert.equal(resolveOptions({}).inlineMeta, "auto");
    assert.equal(resolveOptions({ inlineMeta: "auto" }).inlineMeta, "auto");
    assert.equal(silpErrorOf(() => resolveOptions({ inlineMeta: "always" as never })).code, "invalid_options");
  });

  test("the envelope still carries meta beside a compact payload", () => {
    const envelope = toEnvelope(fullMeta);
    assert.doesNotMatch(envelope.silp_payload, /#meta/);
    const decoded = fromEnvelope(envelope);
    assert.deepStrictEqual(decoded.ir, normalize(fullMeta));
    assert.equal(decoded.reqIdDerived, false);
  });

  test("silpc compile carries the meta by default; --compact drops it on request", { skip: SKIP_SPAWN_UNDER_MUTATION }, () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-meta-"));
    const file = join(dir, "ir.json");
    writeFileSync(file, JSON.stringify(fullMeta));
    const carried = runCli(["compile", file]);
    assert.equal(carried.status, 0, carried.stderr);
    assert.deepStrictEqual(decode(carried.stdout.trimEnd()).ir, normalize(fullMeta));
    const compact = runCli(["compile", file, "--compact"]);
    assert.equal(compact.status, 0, compact.stderr);
    assert.equal(compact.stdout.trimEnd(), compile(fullMeta, "code", { inlineMeta: false }));
    assert.equal(runCli(["compile", file, "--compact", "--inline-meta"]).status, 2);
  });
});
