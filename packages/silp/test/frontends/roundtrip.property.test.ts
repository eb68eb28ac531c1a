/**
 * The lossless guarantee (spec 4.6), proven on generated IRs: for every IR that
 * validates with the whitelist off, decode(compile(ir, f), f) equals the normal form of ir, for
 * f in code and json. Four carriers of meta are checked: the default options (meta inline
 * whenever the IR has any beyond a req_id and the defaults), inline meta (the whole
 * IR, req_id included), the envelope, and the compact surface asked for with inlineMeta: false
 * (everything but meta; req_id derived).
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { compile, decode, deriveReqId, fromEnvelope, toEnvelope, validate, type SilpIR } from "silp";
import { fullMetaIrArb, irArb } from "@silp/testkit/ir-arbitraries.js";

/** Runs of the full-IR property per frontend (at least 10,000: rare shapes of the IR space need that many to turn up). */
const RUNS = propertyRuns(10_000);
/** The envelope and compact properties reuse the same codec paths; a third of the runs each. */
const SIDE_RUNS = Math.max(100, Math.round(RUNS / 3));
const OFF = { whitelist: "off" } as const;
/** The compact surface: no meta in the payload, by explicit request. */
const COMPACT = { ...OFF, inlineMeta: false } as const;

function normalForm(ir: unknown): SilpIR {
  const result = validate(ir, OFF);
  assert.ok(result.ok && result.ir, `generator produced an invalid IR: ${JSON.stringify(result.issues)}`);
  return result.ir;
}

for (const frontend of ["code", "json"] as const) {
  describe(`${frontend} frontend round trip`, () => {
    test(`default options, full meta: the whole IR comes back, or only a default meta's req_id is derived and said so (${SIDE_RUNS} IRs)`, () => {
      assertProperty(
        fc.property(fullMetaIrArb, (ir) => {
          const expected = normalForm(ir);
          const payload = compile(ir, frontend, OFF);
          const decoded = decode(payload, frontend, { ...OFF, strict: true });
          if (decoded.reqIdDerived) {
            // Spec 4.6 lets decode regenerate req_id, and only req_id: every other field is default.
            assert.deepStrictEqual(decoded.ir, { ...expected, meta: { ...expected.meta, req_id: deriveReqId(payload) } }, `payload: ${payload}`);
          } else {
            assert.deepStrictEqual(decoded.ir, expected, `payload: ${payload}`);
          }
          assert.deepStrictEqual(decoded.repairs, []);
        }),
        { numRuns: SIDE_RUNS },
      );
    });

    test(`inline meta: the whole IR comes back (${RUNS} IRs)`, () => {
      assertProperty(
        fc.property(irArb, (ir) => {
          const expected = normalForm(ir);
          const payload = compile(ir, frontend, { ...OFF, inlineMeta: true });
          const decoded = decode(payload, frontend, { ...OFF, strict: true });
          assert.deepStrictEqual(decoded.ir, expected, `payload: ${payload}`);
          // The normal form fixes field order too: the decoded IR serializes identically.
          assert.equal(JSON.stringify(decoded.ir), JSON.stringify(expected));
          assert.deepStrictEqual(decoded.repairs, []);
        }),
        { numRuns: RUNS },
      );
    });

    test(`envelope: the whole IR comes back (${SIDE_RUNS} IRs)`, () => {
      assertProperty(
        fc.property(irArb, (ir) => {
          const expected = normalForm(ir);
          const envelope = toEnvelope(ir, frontend, OFF);
          const decoded = fromEnvelope(JSON.parse(JSON.stringify(envelope)), { ...OFF, strict: true });
          assert.deepStrictEqual(decoded.ir, expected, `payload: ${envelope.silp_payload}`);
        }),
        { numRuns: SIDE_RUNS },
      );
    });

    test(`compact surface (inlineMeta: false): intent, entities, constraints, alternatives come back; req_id is derived (${SIDE_RUNS} IRs)`, () => {
      assertProperty(
        fc.property(irArb, (ir) => {
          const expected = normalForm(ir);
          const payload = compile(ir, frontend, COMPACT);
          const decoded = decode(payload, frontend, { ...OFF, strict: true }).ir;
          assert.deepStrictEqual(
            { intent: decoded.intent, entities: decoded.entities, constraints: decoded.constraints, alternatives: decoded.alternatives },
            { intent: expected.intent, entities: expected.entities, constraints: expected.constraints, alternatives: expected.alternatives },
            `payload: ${payload}`,
          );
          assert.equal(decoded.meta.req_id, deriveReqId(payload));
          assert.equal(JSON.stringify(decoded.entities), JSON.stringify(expected.entities));
          assert.equal(JSON.stringify(decoded.constraints), JSON.stringify(expected.constraints));
          assert.equal(JSON.stringify(decoded.alternatives), JSON.stringify(expected.alternatives));
          // Compiling the decoded IR again gives the same text: the surface is a fixed point.
          assert.equal(compile(decoded, frontend, COMPACT), payload);
        }),
        { numRuns: SIDE_RUNS },
      );
    });
  });
}
