/**
 * Meta in the payload (docs/ir.md): spec -00 4.6 lets decode regenerate only the req_id ("All
 * other fields MUST be preserved"), draft -02 3.6 makes seq order part of the task. So compile
 * carries, by default, exactly the meta fields that differ from their defaults, in the terse
 * trailer (`#{p2 c.75}`), and decode fills the defaults back in and derives the req_id from the
 * text. `inlineMeta: true` carries the req_id too; `false` is the compact surface.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import { compile, decode, fromEnvelope, normalize, toEnvelope, type JsonValue, type SilpIRInput } from "silp";
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

/** The oracle of spec 4.6's derived req_id: the first 8 hex of the SHA-256 of the payload. */
const sha8 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8);
const withReqId = (ir: SilpIRInput, reqId: string) => ({ ...normalize(ir), meta: { ...normalize(ir).meta, req_id: reqId } });

describe("default compile keeps every field but the req_id, which decode derives (spec 4.6)", () => {
  for (const frontend of ["code", "json"]) {
    test(`${frontend}: every meta field comes back; the req_id is the payload's hash`, () => {
      const payload = compile(fullMeta, frontend);
      const decoded = decode(payload, frontend);
      assert.deepStrictEqual(decoded.ir, withReqId(fullMeta, sha8(payload)), payload);
      assert.equal(decoded.reqIdDerived, true);
    });

    test(`${frontend}: inlineMeta: true gives back the whole IR, req_id included`, () => {
      const payload = compile(fullMeta, frontend, { inlineMeta: true });
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
        const payload = compile(ir, frontend);
        assert.deepStrictEqual(decode(payload, frontend).ir, withReqId(ir, sha8(payload)));
      });
    }

    test(`${frontend}: a non-default IR version is carried too`, () => {
      const ir: SilpIRInput = { ...body, version: "ir-v0.2", meta: { req_id: "0a0b0c0d" } };
      const payload = compile(ir, frontend);
      assert.deepStrictEqual(decode(payload, frontend).ir, withReqId(ir, sha8(payload)));
    });
  }

  test("seq order survives (draft -02 3.6: reordering is a materially different task)", () => {
    const ir: SilpIRInput = { ...body, meta: { req_id: "0a0b0c0d", seq: ["!EMAIL", "!FETCH", "!PROCESS"] } };
    for (const frontend of ["code", "json"]) {
      assert.deepStrictEqual(decode(compile(ir, frontend), frontend).ir.meta.seq, ["!EMAIL", "!FETCH", "!PROCESS"]);
    }
  });
});

describe("only what differs from the defaults travels", () => {
  const base = "if auth(user,ok): fetch(report); email(summary) else: notify(admin)";
  const cases: Array<[string, SilpIRInput["meta"], string]> = [
    ["priority and confidence", { req_id: "0a0b0c0d", priority: 2, confidence: 0.75 }, " #{p2 c.75}"],
    ["a default written out is left out", { req_id: "0a0b0c0d", priority: 0, confidence: 1, seq: [], out: "natural", next_agent: "x" }, " #{next=x}"],
    ["a negative priority, a confidence of 0", { req_id: "0a0b0c0d", priority: -1, confidence: 0 }, " #{p-1 c0}"],
    ["seq as a list, quoted where a value needs it", { req_id: "0a0b0c0d", seq: ["!FETCH", "a b", ""] }, ' #{seq=[!FETCH,"a b",""]}'],
    ["the short names of the string fields", { req_id: "0a0b0c0d", session_id: "s1", out: "json", next_agent: "n" }, " #{sid=s1 out=json next=n}"],
    ["an extra field: a string bare, anything else a json literal", { req_id: "0a0b0c0d", tag: "x", trace: { hop: 3 } }, ' #{tag=x trace=`{"hop":3}`}'],
    ["an extra field named like an item is quoted", { req_id: "0a0b0c0d", p: "x", sid: 1, meta: "m" }, ' #{"p"=x "sid"=`1` "meta"=m}'],
  ];
  for (const [what, meta, trailer] of cases) {
    test(`code: ${what}`, () => {
      const ir: SilpIRInput = { ...body, meta };
      const payload = compile(ir);
      assert.equal(payload, `${base}${trailer}`);
      assert.deepStrictEqual(decode(payload, "code", { strict: true }).ir, withReqId(ir, sha8(payload)));
    });
  }

  test("json: the meta member holds only the fields that differ", () => {
    const payload = compile({ ...body, meta: { req_id: "0a0b0c0d", priority: 2, confidence: 1, seq: [] } }, "json");
    assert.match(payload, /,"meta":\{"priority":2\}\}$/);
  });

  test("inlineMeta: true puts the req_id first, as id=", () => {
    assert.equal(compile({ ...body, meta: { req_id: "0a0b0c0d", priority: 2 } }, "code", { inlineMeta: true }), `${base} #{id=0a0b0c0d p2}`);
    assert.equal(compile({ ...body, meta: { req_id: "0a0b0c0d" } }, "code", { inlineMeta: true }), `${base} #{id=0a0b0c0d}`);
  });

  test("silp and version lead the trailer when they differ", () => {
    assert.equal(compile({ ...body, version: "ir-v0.2", meta: { req_id: "0a0b0c0d", priority: 1 } }), `${base} #{version=ir-v0.2 p1}`);
  });
});

describe("meta the payload gives back stays out of it", () => {
  const plain: SilpIRInput = { ...body, meta: { req_id: "a1b2c3d4" } };

  test("default meta: the compact text, and decode says the req_id was derived from it", () => {
    const payload = compile(plain);
    assert.doesNotMatch(payload, /#/);
    assert.equal(payload, compile(plain, "code", { inlineMeta: false }));
    const decoded = decode(payload);
    assert.equal(decoded.reqIdDerived, true);
    assert.deepStrictEqual(decoded.ir, withReqId(plain, sha8(payload)));
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
    assert.doesNotMatch(compact, /#/);
    assert.equal(decode(compact).ir.meta.priority, 0, "the caller asked for the surface without meta");
  });

  test("inlineMeta: true carries meta even when it is default", () => {
    assert.match(compile({ ...body, meta: { req_id: "a1b2c3d4" } }, "code", { inlineMeta: true }), / #\{id=a1b2c3d4\}$/);
  });

  test('inlineMeta accepts true, false and "auto" (the default) only', () => {
    assert.equal(resolveOptions({}).inlineMeta, "auto");
    assert.equal(resolveOptions({ inlineMeta: "auto" }).inlineMeta, "auto");
    assert.equal(silpErrorOf(() => resolveOptions({ inlineMeta: "always" as never })).code, "invalid_options");
  });

  test("the envelope still carries meta beside a compact payload", () => {
    const envelope = toEnvelope(fullMeta);
    assert.doesNotMatch(envelope.silp_payload, /#/);
    const decoded = fromEnvelope(envelope);
    assert.deepStrictEqual(decoded.ir, normalize(fullMeta));
    assert.equal(decoded.reqIdDerived, false);
  });

  test("silpc compile carries the meta (but the req_id) by default; --compact drops it on request", { skip: Boolean(SKIP_SPAWN_UNDER_MUTATION) }, () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-meta-"));
    const file = join(dir, "ir.json");
    writeFileSync(file, JSON.stringify(fullMeta));
    const carried = runCli(["compile", file]);
    assert.equal(carried.status, 0, carried.stderr);
    assert.deepStrictEqual(decode(carried.stdout.trimEnd()).ir, withReqId(fullMeta, sha8(carried.stdout.trimEnd())));
    const compact = runCli(["compile", file, "--compact"]);
    assert.equal(compact.status, 0, compact.stderr);
    assert.equal(compact.stdout.trimEnd(), compile(fullMeta, "code", { inlineMeta: false }));
    assert.equal(runCli(["compile", file, "--compact", "--inline-meta"]).status, 2);
  });
});
