/**
 * The codec validates with Ajv's standalone code for the IR schema, generated at build time
 * (src/ir/schema-validator.generated.ts). It answers exactly as Ajv compiling the same schema at
 * run time with the same options: the same verdict and the same errors, on the appendix examples,
 * on generated IRs and on broken ones. The oracle is Ajv itself, compiled here. The committed
 * file is what the generator writes today, so a schema edit without regenerating fails here.
 *
 * Internals, on purpose: the generated validator's raw Ajv errors are compared, which the public
 * `validate()` maps into issues.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { irSchema } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { assertProperty } from "@silp/testkit/property.js";
import { validate as generated } from "../../src/ir/schema-validator.generated.js";
import { GENERATED_PATH, SCHEMA_PATH, schemaValidatorSource } from "../../scripts/generate-schema-validator.mjs";

interface Validator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
const standalone = generated as unknown as Validator;
const runtime = new Ajv2020({ allErrors: true, strict: true, useDefaults: false }).compile(irSchema);

/** Both validators' verdict and errors on `value` (a deep copy each: neither may change its input). */
function agree(value: unknown): void {
  const a = structuredClone(value);
  const b = structuredClone(value);
  const verdict = runtime(a);
  assert.equal(standalone(b), verdict, JSON.stringify(value).slice(0, 200));
  assert.deepEqual(standalone.errors ?? null, runtime.errors ?? null);
  assert.deepEqual(b, a, "neither validator changes the input (useDefaults off)");
}

test("the committed validator is what the generator writes for the shipped schema, and compiles no code at run time", () => {
  const schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as Record<string, unknown>;
  assert.deepEqual(schema, irSchema, "the codec exports the schema it validates with");
  const committed = readFileSync(GENERATED_PATH, "utf8");
  assert.equal(committed, schemaValidatorSource(schema), "stale: run npm run generate -w silp");
  assert.doesNotMatch(committed, /new Function\(|\beval\(|\brequire\(|^import /m);
});

test("same verdict and errors on the appendix examples and on broken IRs", () => {
  for (const example of APPENDIX_EXAMPLES) agree(example.ir);
  const broken: unknown[] = [
    null,
    [],
    "!START",
    {},
    { intent: "!START" },
    { intent: 3, meta: { req_id: "a1b2c3d4" } },
    { intent: "!START", meta: { req_id: "a1b2c3d4" }, extra: 1 },
    { intent: "!START", meta: { req_id: "a1b2c3d4", priority: "high" }, entities: [{ id: 1 }] },
    { intent: "!START", meta: {}, constraints: [{}], alternatives: "none", silp: "1" },
  ];
  for (const value of broken) agree(value);
  assert.equal(standalone({ intent: "!START" }), false, "the oracle and the validator are not both vacuous");
});

test("same verdict and errors on generated IRs and on arbitrary JSON", () => {
  assertProperty(
    fc.property(
      fc.oneof(
        irArb,
        fc.jsonValue({ maxDepth: 4 }),
        fc.tuple(irArb, fc.jsonValue({ maxDepth: 3 })).map(([ir, meta]) => ({ ...ir, meta })),
      ),
      (value) => {
        agree(value);
      },
    ),
    { numRuns: 300 },
  );
});
