/**
 * jsonEqual (the envelope compares the meta a payload carries with the envelope's by it): equality
 * of JSON values with object key order ignored. The oracle is Node's own deep strict equality,
 * which also ignores the order of own keys; values go through JSON first, as every value that
 * reaches jsonEqual has (no -0, no undefined).
 */
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { jsonEqual } from "../../src/ir/json-equal.js";
import type { JsonValue } from "../../src/ir/types.js";

const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as JsonValue);

/** The same value with every object's keys in reverse order. */
function reordered(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(value).reverse())
    Object.defineProperty(out, key, { value: reordered(value[key] as JsonValue), enumerable: true, writable: true, configurable: true });
  return out;
}

describe("jsonEqual", () => {
  test("agrees with deep strict equality on any two values, and on a value and its reordered copy", () => {
    assertProperty(
      fc.property(json, json, (a, b) => {
        assert.equal(jsonEqual(a, b), isDeepStrictEqual(a, b));
        assert.equal(jsonEqual(a, reordered(a)), true);
        assert.equal(jsonEqual(reordered(a), a), true);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  test("the cases a random pair rarely hits: one side longer, missing a key, null against an object, an array against an object", () => {
    const unequal: [JsonValue, JsonValue][] = [
      [
        [1, 2],
        [1, 2, 3],
      ],
      [
        [1, 2, 3],
        [1, 2],
      ],
      [{ a: 1 }, { a: 1, b: 2 }],
      [{ a: 1, b: 2 }, { a: 1 }],
      [
        { a: 1, b: 2 },
        { a: 1, c: 2 },
      ],
      [{ a: null }, { b: null }],
      [null, {}],
      [{}, null],
      [[], {}],
      [{}, []],
      [{ 0: "x" }, ["x"]],
      // An object that looks like an array (its keys are indexes and "length") is still no array.
      [["x"], { 0: "x", length: 1 }],
      [{ 0: "x", length: 1 }, ["x"]],
      ["1", 1],
      [{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }],
    ];
    for (const [a, b] of unequal) assert.equal(jsonEqual(a, b), false, JSON.stringify([a, b]));
    assert.equal(jsonEqual({ a: [1, { b: 2, c: null }], d: "x" }, { d: "x", a: [1, { c: null, b: 2 }] }), true);
    assert.equal(jsonEqual(undefined, undefined), true);
    assert.equal(jsonEqual(undefined, null), false);
    assert.equal(jsonEqual({ a: 1 }, undefined), false);
  });

  test("a key is looked up as the other object's own key, never through its prototype", () => {
    const withProto = JSON.parse('{"__proto__":1}') as JsonValue;
    assert.equal(jsonEqual(withProto, JSON.parse('{"__proto__":1}') as JsonValue), true);
    assert.equal(jsonEqual(withProto, JSON.parse('{"__proto__":2}') as JsonValue), false);
    // b has no own "__proto__": read through its prototype, b.__proto__ would be Object.prototype, an object with no own keys, "equal" to {}.
    assert.equal(jsonEqual(JSON.parse('{"__proto__":{}}') as JsonValue, { other: {} }), false);
  });
});
