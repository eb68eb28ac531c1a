/**
 * Lossless by construction, checked: random dialects (uniform over the space, drawn from
 * fast-check's seeded randomness) x random hostile IRs in normal form (invisible characters,
 * `__proto__` fields, nulls, empty locations, operators, t- times). The oracle is the generated IR
 * itself, not anything derived through the printer: parse(print(ir)) must deep-equal it.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "vitest";
import fc from "fast-check";
import { DIALECT_SPACE, createDialect } from "@silp/dialects";
import { normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { assertProperty, sampleProperty, propertyRuns } from "@silp/testkit/property.js";
import { dialectSpecArb } from "./dialect-arbitraries.js";

const RUNS = propertyRuns(1500);
/** Meta inline, so the whole IR (req_id included) comes back; whitelist off for random verbs. */
const OPTIONS = { whitelist: "off", inlineMeta: true } as const;

describe("random dialects x hostile IRs round trip exactly", () => {
  test(`parse(print(ir)) deep-equals the generated IR (${RUNS} pairs)`, () => {
    assertProperty(
      fc.property(dialectSpecArb, normalFormIrArb, (spec, ir) => {
        const before = structuredClone(ir);
        const dialect = createDialect(spec);
        const payload = dialect.print(ir, OPTIONS);
        const back = dialect.parse(payload, OPTIONS);
        assert.deepStrictEqual(back, ir, `dialect ${JSON.stringify(spec.genes)}\npayload: ${payload}`);
        assert.deepStrictEqual(ir, before, "print must not change its input");
      }),
      { numRuns: RUNS },
    );
  });

  test("with meta only when needed (the default), everything but the req_id comes back, and that is the text's hash", () => {
    assertProperty(
      fc.property(dialectSpecArb, normalFormIrArb, (spec, ir) => {
        const dialect = createDialect(spec);
        const payload = dialect.print(ir, { whitelist: "off" });
        const back = dialect.parse(payload, { whitelist: "off" });
        // The req_id does not travel by default (spec 4.6): it is the hash of the text.
        assert.equal(back.meta.req_id, createHash("sha256").update(payload.trim()).digest("hex").slice(0, 8));
        back.meta.req_id = ir.meta.req_id;
        assert.deepStrictEqual(back, ir, `payload: ${payload}`);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  test("the generator reaches every option of every gene", () => {
    const seen = new Map<string, Set<string>>();
    for (const spec of sampleProperty(dialectSpecArb, 300)) {
      for (const [gene, option] of Object.entries(spec.genes)) seen.set(gene, (seen.get(gene) ?? new Set()).add(option));
    }
    for (const gene of DIALECT_SPACE) assert.deepEqual([...(seen.get(gene.name) ?? [])].sort(), [...gene.options].sort(), gene.name);
  });
});
