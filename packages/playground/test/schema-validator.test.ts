/**
 * The page's IR validator, compiled ahead of time (scripts/schema-validator-plugin.ts), answers
 * exactly as Ajv compiling the same schema at run time with the codec's options: the same verdict
 * and the same errors, on the appendix examples, on generated IRs and on broken ones. The oracle
 * is Ajv itself, compiled here.
 */
import { afterAll, beforeAll, test } from "vitest";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { irSchema } from "silp";
import { APPENDIX_EXAMPLES } from "silp/examples";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { assertProperty } from "@silp/testkit/property.js";
import { SCHEMA_VALIDATOR_MODULE, standaloneSchemaValidatorModule } from "../scripts/schema-validator-plugin.js";

let dir = "";
let standalone: ValidateFunction;
const runtime = new Ajv2020({ allErrors: true, strict: true, useDefaults: false }).compile(irSchema);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "silp-standalone-validator-"));
  const file = join(dir, "schema-validator.mjs");
  writeFileSync(file, standaloneSchemaValidatorModule(irSchema));
  const module = (await import(pathToFileURL(file).href)) as { compileSchemaValidator: () => ValidateFunction };
  standalone = module.compileSchemaValidator();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Both validators' verdict and errors on `value` (a deep copy each: neither may change its input). */
function agree(value: unknown): void {
  const a = structuredClone(value);
  const b = structuredClone(value);
  const verdict = runtime(a);
  assert.equal(standalone(b), verdict, JSON.stringify(value).slice(0, 200));
  assert.deepEqual(standalone.errors ?? null, runtime.errors ?? null);
  assert.deepEqual(b, a, "neither validator changes the input (useDefaults off)");
}

test("the standalone module runs no code generated at run time", () => {
  const code = standaloneSchemaValidatorModule(irSchema);
  assert.doesNotMatch(code, /new Function\(|\beval\(/);
  assert.match(code, /export function compileSchemaValidator\(\)/);
  assert.ok(SCHEMA_VALIDATOR_MODULE.test("/repo/packages/silp/src/ir/schema-validator.ts"));
  assert.ok(!SCHEMA_VALIDATOR_MODULE.test("/repo/packages/silp/src/ir/schema.ts"));
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
