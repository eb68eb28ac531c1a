/**
 * `limits.maxDepth` covers every way an IR arrives, not only decoded text.
 * compile of an IR with a deeply nested extra field used to throw a raw RangeError, and an
 * envelope's or wrapper's `silp_meta` was not limited at all. Depth counts as in a json payload:
 * the IR (or envelope) root is level 1.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, test } from "vitest";
import { compile, fromEnvelope, toEnvelope, type JsonValue } from "silp";
import { unwrapSilp } from "silp/carriage";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { validate } from "silp";
import { normalIrExceedsDepth } from "../../src/ir/depth.js";

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

  test("validate() refuses what compile refuses for depth: the issue max-depth comes first, at the first container too deep", () => {
    // maxDepth 5: extra's array sits at level 4, [[[1]]]'s innermost array at 6, two levels inside.
    const deep = validate(irWith(nested(3)), { limits: { maxDepth: 5 } });
    assert.equal(deep.ok, false);
    assert.deepEqual(deep.issues[0], {
      rule: "max-depth",
      severity: "error",
      message: "arrays/objects nested deeper than the limit of 5",
      path: pointerPast("/entities/0/extra", 2),
    });
    assert.equal(validate(irWith(nested(3)), { limits: { maxDepth: 6 } }).ok, true);
    // A cyclic value: level 4 is the value itself, so level 65 is 61 steps of "self" inside it.
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = validate(irWith(cyclic as JsonValue));
    assert.equal(result.ok, false);
    assert.deepEqual([result.issues[0]?.rule, result.issues[0]?.path], ["max-depth", `/entities/0/extra${"/self".repeat(61)}`]);
    assert.equal(silpErrorOf(() => compile(irWith(cyclic as JsonValue))).path, result.issues[0]?.path);
    // Too deep and refused by the schema: the depth issue first, then the schema's, as compile throws limit_exceeded first.
    const both = validate({ ...irWith(nested(100)), intent: "BOOK" });
    assert.deepEqual(
      both.issues.map((issue) => issue.rule),
      ["max-depth", "schema"],
    );
  });

  test("every place an extra field can sit is measured, at its own level, exactly at the limit", () => {
    // Levels: root 1; entities/constraints/alternatives/meta 2; an item 3 (its extra field's value 4); meta's extra 3.
    const base = { silp: "v1", intent: "!START", meta: { req_id: "a1b2c3d4" } };
    const places: [string, (extra: JsonValue) => object, number][] = [
      ["/constraints/0/x", (x) => ({ ...base, constraints: [{ type: "t", value: "v", x }] }), 4],
      ["/alternatives/0/x", (x) => ({ ...base, alternatives: [{ action: "!SEARCH", x }] }), 4],
      ["/meta/x", (x) => ({ ...base, meta: { req_id: "a1b2c3d4", x } }), 3],
      [
        "/entities/1/x",
        (x) => ({
          ...base,
          entities: [
            { id: "act", value: "a" },
            { id: "k", value: "b", x },
          ],
        }),
        4,
      ],
    ];
    for (const [path, build, level] of places) {
      // `levels` nested arrays put the innermost one at level + levels - 1.
      const levels = 5;
      const deepest = level + levels - 1;
      assert.doesNotThrow(() => compile(build(nested(levels)) as never, "code", { limits: { maxDepth: deepest } }), path);
      const error = silpErrorOf(() => compile(build(nested(levels)) as never, "code", { limits: { maxDepth: deepest - 1 } }));
      assert.equal(error.code, "limit_exceeded", path);
      assert.equal(error.path, pointerPast(path, levels - 1), path);
    }
  });

  test("too deep wins over every other error: the schema's, the version's, the rules'", () => {
    const deep = nested(100);
    const cases: [string, object][] = [
      ["schema (unknown root field)", { ...irWith(deep), unknown: 1 }],
      ["schema (entity value not a string)", { ...irWith(deep), entities: [{ id: "act", value: 1, extra: deep }] }],
      ["version", { ...irWith(deep), silp: "v9" }],
      ["rules (verb outside the whitelist)", { ...irWith(deep), intent: "!FROBNICATE", entities: [{ id: "act", value: "a", extra: deep }] }],
    ];
    for (const [name, ir] of cases) assert.equal(silpErrorOf(() => compile(ir as never)).code, "limit_exceeded", name);
  });

  test("a limit below the IR's own structure (entities at level 2, an entity at 3) is applied to it too", () => {
    const flat = { silp: "v1", intent: "!START", meta: { req_id: "a1b2c3d4" } };
    assert.match(compile(flat, "code", { limits: { maxDepth: 2 } }), /start\(\)/);
    const withEntity = { ...flat, entities: [{ id: "act", value: "a" }] };
    const error = silpErrorOf(() => compile(withEntity, "code", { limits: { maxDepth: 2 } }));
    assert.equal(error.code, "limit_exceeded");
    assert.equal(error.path, "/entities/0");
    assert.equal(silpErrorOf(() => compile(flat, "code", { limits: { maxDepth: 1 } })).path, "/meta");
  });

  test("compile refuses exactly the IRs a plain recursive depth count puts past the limit", () => {
    // The oracle: the depth of the deepest array or object, the root being 1, counted recursively here.
    const depthOf = (value: unknown): number =>
      typeof value !== "object" || value === null ? 0 : 1 + Math.max(0, ...Object.values(value as object).map(depthOf));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small", maxDepth: 6 },
        fc.integer(),
        fc.array(tie("value"), { maxLength: 2 }),
        fc.dictionary(fc.constantFrom("a", "b"), tie("value"), { maxKeys: 2 }),
      ),
    })).value;
    const ir = fc.record({
      entities: fc.array(fc.record({ id: fc.constantFrom("act"), value: fc.constant("v"), e: json }), { maxLength: 2 }),
      constraints: fc.array(fc.record({ type: fc.constant("t"), value: fc.constant("v"), c: json }), { maxLength: 2 }),
      alternatives: fc.array(fc.record({ action: fc.constant("!SEARCH"), a: json }), { maxLength: 2 }),
      meta: fc.record({ req_id: fc.constant("a1b2c3d4"), m: json }),
    });
    assertProperty(
      fc.property(ir, fc.integer({ min: 1, max: 9 }), (parts, maxDepth) => {
        const input = { silp: "v1", intent: "!START", ...parts };
        const tooDeep = depthOf(input) > maxDepth;
        let code: string | undefined;
        try {
          compile(input as never, "json", { limits: { maxDepth } });
        } catch (error) {
          code = silpErrorOf(() => {
            throw error;
          }).code;
        }
        assert.equal(code === "limit_exceeded", tooDeep, `${JSON.stringify(input)} at ${maxDepth}: ${code}`);
      }),
      { numRuns: propertyRuns(300) },
    );
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

/** The nesting of a JSON value, counted as the limit counts it: a container is one level more than its parent, the root 1. */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return 1 + deepest;
}

describe("normalIrExceedsDepth: the check compile runs on a valid IR, which looks only at extra fields' values", () => {
  test("says exactly whether the IR nests deeper than the limit, for limits from 1 to 8", () => {
    assertProperty(
      fc.property(irArb, (input) => {
        const ir = validate(input, { whitelist: "off" }).ir;
        if (ir === undefined) return;
        const depth = depthOf(ir);
        for (let limit = 1; limit <= 8; limit++) assert.equal(normalIrExceedsDepth(ir, limit), depth > limit, `depth ${depth}, limit ${limit}`);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  test("the pointer names the first container past the limit in document order, not a scalar or a null before it", () => {
    // maxDepth 4: the entity's "extra" object is level 4, its "deep" array level 5; "a" and "n" before it are no containers.
    const error = silpErrorOf(() => compile(irWith({ a: 1, n: null, deep: [1], later: [2] }), "code", { limits: { maxDepth: 4 } }));
    assert.equal(error.path, "/entities/0/extra/deep");
  });
});
