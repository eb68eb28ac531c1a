/**
 * An independent oracle for the lossless guarantee (spec 4.6): IRs generated already
 * in normal form (@silp/testkit/normal-form-ir-arbitraries.js) are compiled with every lossless
 * frontend and decoded, and the decoded IR must equal the generated IR ITSELF, not
 * validate(ir).ir: compile and the expected value would otherwise share normalize(), and a
 * normalizer that drops data (a null extra, an empty location, an extra named __proto__) would
 * cancel out on both sides. Meta is carried inline so the whole IR, req_id included, comes back.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { assertProperty, sampleProperty, propertyRuns } from "@silp/testkit/property.js";
import { compile, decode, listFrontends, type SilpIR } from "silp";

const RUNS = propertyRuns(1500);
const OPTIONS = { whitelist: "off", inlineMeta: true } as const;

/** A deep copy that keeps `__proto__` as an own field (structuredClone keeps own data properties). */
function snapshot(ir: SilpIR): SilpIR {
  return structuredClone(ir);
}

describe("lossless round trip against the generated IR itself", () => {
  test("the generator makes the cases the oracle is for", () => {
    const samples = sampleProperty(normalFormIrArb, 2000);
    const objects = samples.flatMap((ir) => [...ir.entities, ...ir.constraints, ...ir.alternatives, ir.meta] as Record<string, unknown>[]);
    assert.ok(objects.filter((object) => Object.hasOwn(object, "__proto__")).length > 50, "__proto__ extra fields");
    assert.ok(objects.some((object) => Object.getPrototypeOf(object) === Object.prototype && Object.hasOwn(object, "__proto__")));
    assert.ok(objects.filter((object) => Object.values(object).includes(null)).length > 50, "null in extra fields");
    assert.ok(samples.flatMap((ir) => ir.alternatives).filter((alternative) => alternative.location === "").length > 50, "empty locations");
    assert.ok(samples.flatMap((ir) => ir.constraints).filter((constraint) => constraint.operator !== undefined).length > 500, "operator constraints");
    assert.ok(samples.flatMap((ir) => ir.constraints).filter((constraint) => constraint.time?.startsWith("t-")).length > 200, "t- times");
    assert.ok(samples.filter((ir) => /\u3164|\u034f|\u200b|\u{e0100}|\u0085|\\u00[01]/u.test(JSON.stringify(ir))).length > 500);
  });

  // The built-in frontends. Registered dialects (`x-` names) are tested in @silp/dialects, and
  // test doubles (`t-` names) by the files that register them; other modules may register either
  // in this process (the fuzz targets do on import, and the mutation runner shares one module
  // graph between test files, in an order of its own), so they are left out here.
  const lossless = listFrontends()
    .filter((info) => info.lossless && info.decodes && !info.name.startsWith("x-") && !info.name.startsWith("t-"))
    .map((info) => info.name);

  test("the lossless frontends are code and json", () => {
    assert.deepEqual([...lossless].sort(), ["code", "json"]);
  });

  for (const frontend of lossless) {
    test(`${frontend}: decode(compile(ir)) deep-equals ir (${RUNS} IRs)`, () => {
      assertProperty(
        fc.property(normalFormIrArb, (ir) => {
          const before = snapshot(ir);
          const payload = compile(ir, frontend, OPTIONS);
          const decoded = decode(payload, frontend, { ...OPTIONS, strict: true });
          assert.deepStrictEqual(decoded.ir, ir, `payload: ${payload}`);
          assert.deepStrictEqual(ir, before, "compile must not change its input");
          assert.equal(decoded.reqIdDerived, false);
          assert.deepStrictEqual(decoded.repairs, []);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
