/**
 * Every object valid under a variant maps to a valid SILP IR and back without
 * loss, and every valid IR maps to an object valid under each variant and back. Objects are drawn
 * from the variant's own schema (test/schema-arbitrary.ts); validity is Ajv's verdict on the
 * variant's schema, not the mapping's. Seeded: SILP_FC_SEED overrides the seed, which fast-check
 * prints with any counterexample.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { assertValid, isSilpError, type SilpIR, type SilpOptions, validate } from "silp";
import { resolveOptions } from "silp/util";
import { EXTRA_FIELDS, fromVendorObject, toVendorObject, VARIANTS, vendorSchema, type Variant } from "@silp/schemas";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { assertProperty } from "@silp/testkit/property.js";
import { arbitraryFor } from "./schema-arbitrary.js";
import { toJsonSchema } from "./json-schema-of.js";

const numRuns = Number(process.env.SILP_FC_RUNS ?? 300);

type Node = Record<string, unknown>;

function ajvFor(variant: Variant, options: SilpOptions | undefined): (value: unknown) => boolean {
  const validateSchema = new Ajv2020({ strict: true }).compile(toJsonSchema(variant, vendorSchema(variant, options)));
  return (value) => validateSchema(value) as boolean;
}

/** Extra-field text: mostly JSON objects (compact or indented), sometimes anything at all. */
const jsonObjectText = fc
  .tuple(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.constantFrom(0, 1, 2))
  .map(([value, indent]) => JSON.stringify(value, null, indent));
const extraText = fc.oneof({ weight: 8, arbitrary: jsonObjectText }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });

/**
 * What no vendor schema can state, so an object valid under a variant may still not be an IR
 * (docs/schemas.md, "What a vendor schema cannot say"): each is invalid_ir with its path.
 */
function isDocumentedRefusal(variant: Variant, error: unknown): boolean {
  if (!isSilpError(error) || error.code !== "invalid_ir") return false;
  if (error.path?.endsWith(`/${EXTRA_FIELDS}`)) return true;
  const issues = (error.details?.issues as { rule: string; path: string; severity: string }[] | undefined) ?? [];
  const errors = issues.filter((issue) => issue.severity === "error");
  return (
    errors.length > 0 &&
    errors.every(
      (issue) =>
        issue.rule === "duplicate-entity-id" ||
        issue.rule === "operator-invalid" ||
        (issue.rule === "verb-whitelist" && issue.path.startsWith("/meta/seq/")) ||
        (issue.rule === "unsupported-version" && variant === "jsonschema") ||
        (issue.rule === "schema" && issue.path === "/meta/confidence" && variant === "anthropic"),
    )
  );
}

/** The entity triples (id, value, action) a vendor object states, the action defaulting to the intent. */
function statedEntities(object: Node): string[] {
  const entities = (object.entities as Node[] | null | undefined) ?? [];
  return entities.map((entity) => JSON.stringify([entity.id, entity.value, entity.action ?? object.intent])).sort();
}

describe("vendor object -> IR -> vendor object", () => {
  for (const variant of VARIANTS) {
    test(`${variant}: every object valid under the variant maps to a valid IR and back`, () => {
      const options: SilpOptions = { whitelist: { extra: ["SHIP"] } };
      const schema = toJsonSchema(variant, vendorSchema(variant, options));
      const valid = ajvFor(variant, options);
      const nullable = variant !== "anthropic";
      const overrides = { [EXTRA_FIELDS]: nullable ? fc.option(extraText, { nil: null }) : extraText };
      let mapped = 0;
      assertProperty(
        fc.property(arbitraryFor(schema, overrides), (object) => {
          assert.ok(valid(object), "the arbitrary drew an object its schema refuses");
          let ir: SilpIR;
          try {
            ir = fromVendorObject(variant, object, options);
          } catch (error) {
            assert.ok(isDocumentedRefusal(variant, error), `undocumented refusal: ${String(error)}`);
            return;
          }
          mapped++;
          assert.equal(validate(ir, options).ok, true);
          const node = object as Node;
          assert.equal(ir.intent, node.intent);
          if (variant !== "jsonschema") assert.deepEqual(ir.entities.map((e) => JSON.stringify([e.id, e.value, e.action])).sort(), statedEntities(node));
          const back = toVendorObject(variant, ir, options);
          assert.ok(valid(back), "toVendorObject wrote an object its own variant refuses");
          assert.deepEqual(fromVendorObject(variant, back, options), ir);
          assert.deepEqual(toVendorObject(variant, fromVendorObject(variant, back, options), options), back);
        }),
        { numRuns },
      );
      // The property is about mapping, not refusing: a good share of drawn objects must map. (Under
      // Anthropic's schema, which cannot bound meta.confidence, most draws fall outside [0, 1].)
      assert.ok(mapped > numRuns / 4, `only ${mapped} of ${numRuns} objects mapped`);
    });
  }
});

describe("IR -> vendor object -> IR", () => {
  for (const variant of VARIANTS) {
    test(`${variant}: every valid IR survives the variant unchanged`, () => {
      const options: SilpOptions = { whitelist: "off" };
      const valid = ajvFor(variant, options);
      assertProperty(
        fc.property(irArb, (input) => {
          const normal = assertValid(input, resolveOptions(options)).ir;
          const object = toVendorObject(variant, input, options);
          assert.ok(valid(object), "toVendorObject wrote an object its own variant refuses");
          assert.deepEqual(fromVendorObject(variant, object, options), normal);
        }),
        { numRuns },
      );
    });
  }
});
