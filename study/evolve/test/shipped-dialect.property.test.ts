/**
 * The dialect the search found and the repository ships (dialects/x-evolved.json), held to the
 * code frontend's lossless guarantee on generated IRs (the same properties as
 * packages/silp/test/frontends/roundtrip.property.test.ts): registered by its name, it is a
 * frontend like any other, and for every valid IR decode(compile(ir)) is the IR's normal form
 * (inline meta), and the compact surface carries intent, entities, constraints and alternatives.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { parseDialectSpec, registerDialect } from "@silp/dialects";
import { repositoryIrSets } from "@silp/evolve";
import { fullMetaIrArb, irArb, trickyString } from "@silp/testkit/ir-arbitraries.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import fc from "fast-check";
import { compile, decode, deriveReqId, listFrontends, type SilpIR, validate } from "silp";

const RUNS = propertyRuns(3000);
const OFF = { whitelist: "off" } as const;
const spec = parseDialectSpec(JSON.parse(readFileSync(join(REPO_ROOT, "dialects/x-evolved.json"), "utf8")));
registerDialect(spec);
const NAME = spec.name;

function normalForm(ir: unknown): SilpIR {
  const result = validate(ir, OFF);
  assert.ok(result.ok && result.ir, `generator produced an invalid IR: ${JSON.stringify(result.issues)}`);
  return result.ir;
}

describe(`the shipped dialect ${NAME}`, () => {
  test("is registered as a lossless frontend under its name", () => {
    const info = listFrontends().find((frontend) => frontend.name === NAME);
    assert.ok(info, `${NAME} is not among ${listFrontends().map((f) => f.name)}`);
    assert.equal(info.lossless, true);
  });

  test(`inline meta: the whole IR comes back (${RUNS} IRs)`, () => {
    assertProperty(
      fc.property(irArb, (ir) => {
        const expected = normalForm(ir);
        const payload = compile(ir, NAME, { ...OFF, inlineMeta: true });
        const decoded = decode(payload, NAME, { ...OFF, strict: true });
        assert.deepStrictEqual(decoded.ir, expected, `payload: ${payload}`);
        assert.deepStrictEqual(decoded.repairs, []);
      }),
      { numRuns: RUNS },
    );
  });

  test(`default options, full meta: the whole IR, or only a default meta's req_id derived (${RUNS} IRs)`, () => {
    assertProperty(
      fc.property(fullMetaIrArb, (ir) => {
        const expected = normalForm(ir);
        const payload = compile(ir, NAME, OFF);
        const decoded = decode(payload, NAME, { ...OFF, strict: true });
        const want = decoded.reqIdDerived ? { ...expected, meta: { ...expected.meta, req_id: deriveReqId(payload) } } : expected;
        assert.deepStrictEqual(decoded.ir, want, `payload: ${payload}`);
      }),
      { numRuns: RUNS },
    );
  });

  test(`compact surface: intent, entities, constraints, alternatives come back (${RUNS} IRs)`, () => {
    assertProperty(
      fc.property(irArb, (ir) => {
        const expected = normalForm(ir);
        const payload = compile(ir, NAME, { ...OFF, inlineMeta: false });
        const decoded = decode(payload, NAME, { ...OFF, strict: true }).ir;
        assert.deepStrictEqual(
          [decoded.intent, decoded.entities, decoded.constraints, decoded.alternatives],
          [expected.intent, expected.entities, expected.constraints, expected.alternatives],
          `payload: ${payload}`,
        );
        assert.equal(compile(decoded, NAME, { ...OFF, inlineMeta: false }), payload, "the compact surface is a fixed point");
      }),
      { numRuns: RUNS },
    );
  });

  test(`IRs of the agreed argument order's verbs, names in and out of its order (${RUNS} IRs)`, () => {
    const order = spec.argument_order ?? {};
    const verbs = Object.keys(order);
    assert.ok(verbs.length > 0, "the shipped dialect carries an argument order");
    // A call: a beginning of the verb's order (often all of it), then names in any order.
    const callArb = fc.constantFrom(...verbs).chain((verb) => {
      const names = order[verb] as string[];
      return fc
        .tuple(
          fc.nat({ max: names.length }),
          fc.array(fc.constantFrom(...names, "act", "act", "note"), { maxLength: 3 }),
          fc.array(trickyString, { minLength: names.length + 3, maxLength: names.length + 3 }),
        )
        .map(([length, rest, values]): [string, [string, string][]] => [
          verb,
          [...names.slice(0, length), ...rest].map((id, index) => [id, values[index] as string]),
        ]);
    });
    const tableIrArb = fc.array(callArb, { minLength: 1, maxLength: 3 }).map((calls) => ({
      intent: calls[0]?.[0] as string,
      // Repeated keyword ids in one action are not valid IRs; the first one stays.
      entities: calls.flatMap(([verb, args]) =>
        args.filter(([id], index) => id === "act" || args.findIndex(([other]) => other === id) === index).map(([id, value]) => ({ id, value, action: verb })),
      ),
      meta: { req_id: "a1b2c3d4" },
    }));
    // The same genes with every name written: payloads shorter than its are the rule at work.
    registerDialect({ ...spec, name: "x-evolved-named", genes: { ...spec.genes, keywords: "named" } });
    let elided = 0;
    assertProperty(
      fc.property(tableIrArb, (ir) => {
        const result = validate(ir, OFF);
        if (!result.ok || !result.ir) return; // e.g. a secondary call left without arguments
        const payload = compile(result.ir, NAME, { ...OFF, inlineMeta: true });
        assert.deepStrictEqual(decode(payload, NAME, { ...OFF, strict: true }).ir, result.ir, `payload: ${payload}`);
        if (payload.length < compile(result.ir, "x-evolved-named", { ...OFF, inlineMeta: true }).length) elided++;
      }),
      { numRuns: RUNS },
    );
    assert.ok(elided > RUNS / 10, `${elided} of ${RUNS} payloads left a name out`);
  });

  test("every search and held-out IR comes back exactly (inline meta)", () => {
    const sets = repositoryIrSets(REPO_ROOT);
    for (const ir of [...sets.search.irs, ...sets.heldOut.irs]) {
      const payload = compile(ir, NAME, { ...OFF, inlineMeta: true });
      assert.deepStrictEqual(decode(payload, NAME, { ...OFF, strict: true }).ir, ir, payload);
    }
  });
});
