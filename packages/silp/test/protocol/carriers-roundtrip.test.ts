/**
 * Every carrier of the codec gives back the whole normal form (docs/integrations.md, "What a model
 * reads"), over the study's 27 cases and generated IRs with every meta field set: the envelope
 * and the -02 wrapper fields (meta once, in silp_meta, only what differs from the defaults), the
 * payload with `inlineMeta: true`, and the default payload, whose req_id decode derives (spec
 * 4.6). The oracles are the input's own normal form, a hand-written table of the defaults and
 * node:crypto's SHA-256, never the carriers under test.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import fc from "fast-check";
import { compile, decode, fromEnvelope, normalize, toEnvelope, validate, type SilpIR, type SilpIRInput } from "silp";
import { unwrapSilp, wrapSilp } from "silp/carriage";
import { everyMetaFieldIrArb } from "@silp/testkit/ir-arbitraries.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { loadStudyCases } from "@silp/testkit/study-cases.js";

const OFF = { whitelist: "off" } as const;
const RUNS = Math.max(100, Math.ceil(propertyRuns(1000) / 3));
const sha8 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8);

/** The defaults of spec 3.5 / docs/ir.md, written here: a field equal to one never travels. */
const DEFAULTS: Record<string, unknown> = { priority: 0, confidence: 1, out: "natural" };
const isDefault = (key: string, value: unknown): boolean =>
  (Object.hasOwn(DEFAULTS, key) && DEFAULTS[key] === value) || (key === "seq" && Array.isArray(value) && value.length === 0);

function checkCarriers(input: SilpIRInput): void {
  const expected = validate(input, OFF).ir as SilpIR;
  for (const frontend of ["code", "json"]) {
    const envelope = toEnvelope(input, frontend, OFF);
    assert.deepStrictEqual(fromEnvelope(envelope, OFF).ir, expected, `envelope ${frontend}`);
    assert.equal(envelope.silp_payload, compile(input, frontend, { ...OFF, inlineMeta: false }), "the envelope's payload is the compact one");
    assert.equal(envelope.silp, undefined, 'silp is left out for the default "v1"');
    assert.equal(envelope.silp_meta.req_id, expected.meta.req_id);
    for (const [key, value] of Object.entries(envelope.silp_meta)) {
      if (key !== "req_id") assert.ok(!isDefault(key, value), `silp_meta carries ${key}, which is at its default`);
    }
    for (const key of Object.keys(expected.meta)) {
      if (!isDefault(key, expected.meta[key])) assert.ok(Object.hasOwn(envelope.silp_meta, key), `silp_meta lacks ${key}`);
    }
    const wrapped = wrapSilp(input, { user_id: "u1" }, { ...OFF, frontend });
    const unwrapped = unwrapSilp(wrapped, OFF);
    assert.deepStrictEqual(unwrapped.ir, expected, `wrapper ${frontend}`);
    assert.deepStrictEqual(unwrapped.params, { user_id: "u1" });
    const full = compile(input, frontend, { ...OFF, inlineMeta: true });
    assert.deepStrictEqual(decode(full, frontend, OFF).ir, expected, `inlineMeta: true ${frontend}`);
    const payload = compile(input, frontend, OFF);
    const back = decode(payload, frontend, OFF);
    assert.deepStrictEqual(back.ir, { ...expected, meta: { ...expected.meta, req_id: sha8(payload) } }, `default ${frontend}: ${payload}`);
    assert.equal(back.reqIdDerived, true);
  }
}

describe("carriers give back the whole normal form", () => {
  test("the study's 27 cases, code and json", () => {
    const cases = loadStudyCases();
    assert.equal(cases.length, 27);
    for (const { ir } of cases) checkCarriers(ir as SilpIRInput);
  });

  test("generated IRs with every meta field set", () => {
    assertProperty(
      fc.property(everyMetaFieldIrArb, (ir) => {
        checkCarriers(ir);
      }),
      { numRuns: RUNS },
    );
  });

  test("an IR whose meta is all defaults travels with its req_id only", () => {
    const ir = {
      intent: "!START",
      entities: [{ id: "act", value: "hike" }],
      meta: { req_id: "a1b2c3d4", priority: 0, confidence: 1, seq: [], out: "natural" },
    };
    assert.deepEqual(toEnvelope(ir).silp_meta, { req_id: "a1b2c3d4" });
    assert.deepStrictEqual(fromEnvelope(toEnvelope(ir)).ir, normalize(ir));
  });
});
