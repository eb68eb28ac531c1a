/**
 * Every generated variant obeys its rule table (src/rules.ts). The checker
 * here walks the schema itself and knows which IR fields are optional from a hand-written list
 * (spec 3.9's `required`, plus meta.req_id, which compile generates), not from the generator.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { type SilpOptions, verbsInForce } from "silp";
import { toVendorObject, VARIANT_RULES, VARIANTS, vendorRequestFragment, vendorSchema, type Variant, type VariantRules } from "@silp/schemas";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { toJsonSchema } from "./json-schema-of.js";

/** Spec 3.9's required fields per object (hand-copied from the draft), meta.req_id left optional. */
const REQUIRED_BY_OBJECT: Readonly<Record<string, readonly string[]>> = {
  "": ["intent", "meta"],
  entities: ["id", "value"],
  constraints: ["type", "value"],
  alternatives: ["action"],
  meta: [],
};

const OPTION_SETS: readonly [string, SilpOptions | undefined][] = [
  ["defaults", undefined],
  ["extra verbs", { whitelist: { extra: ["SHIP", "PAY"] } }],
  ["whitelist off", { whitelist: "off" }],
];

type Node = Record<string, unknown>;

interface Walked {
  node: Node;
  /** Object path of the nearest object ("" root, "entities", "meta", ...). */
  objectPath: string;
  depth: number;
}

/** Every schema node with the object it belongs to and its object depth (root object = 1). */
function walk(root: Node): Walked[] {
  const out: Walked[] = [];
  const visit = (node: Node, objectPath: string, depth: number): void => {
    out.push({ node, objectPath, depth });
    for (const branch of (node.anyOf as Node[] | undefined) ?? []) visit(branch, objectPath, depth);
    if (node.items) visit(node.items as Node, objectPath, depth);
    if (node.properties) {
      for (const [name, child] of Object.entries(node.properties as Record<string, Node>)) {
        const childIsObject = [child.type, ...((child.anyOf as Node[] | undefined) ?? []).map((b) => b.type)]
          .flat()
          .some((t) => String(t).toLowerCase() === "object");
        const childIsList = [child.type].flat().some((t) => String(t).toLowerCase() === "array");
        const nextPath = childIsObject || childIsList ? name : objectPath;
        visit(child, nextPath, depth + (childIsObject || (childIsList && isObjectItems(child)) ? 1 : 0));
      }
    }
  };
  visit(root, "", 1);
  return out;
}

function isObjectItems(node: Node): boolean {
  const items = node.items as Node | undefined;
  return items !== undefined && String(items.type).toLowerCase() === "object";
}

const isObjectNode = (node: Node): boolean => String(node.type).toLowerCase() === "object" && node.properties !== undefined;

function admitsNull(node: Node): boolean {
  if (Array.isArray(node.type) && node.type.includes("null")) return true;
  return ((node.anyOf as Node[] | undefined) ?? []).some((branch) => branch.type === "null");
}

function isUnion(node: Node): boolean {
  return Array.isArray(node.type) || Array.isArray(node.anyOf);
}

function check(rules: VariantRules, schema: Node): string[] {
  // The plain JSON Schema variant is the normative schema: there meta.req_id stays required.
  const requiredByObject = rules.variant === "jsonschema" ? { ...REQUIRED_BY_OBJECT, meta: ["req_id"] } : REQUIRED_BY_OBJECT;
  const problems: string[] = [];
  const nodes = walk(schema);
  const allowed = new Set(rules.allowedKeywords);
  let totalProperties = 0;
  let enumValues = 0;
  let optionalProperties = 0;
  let unionProperties = 0;
  if (rules.rootMustBeObject && String(schema.type).toLowerCase() !== "object") problems.push("root is not an object");
  for (const { node, objectPath, depth } of nodes) {
    for (const keyword of Object.keys(node)) if (!allowed.has(keyword)) problems.push(`${objectPath}: keyword ${keyword} not allowed`);
    for (const type of [node.type].flat()) {
      if (type === undefined) continue;
      const ok = rules.typeNames === "upper" ? /^[A-Z]+$/.test(String(type)) : /^[a-z]+$/.test(String(type));
      if (!ok) problems.push(`${objectPath}: type ${String(type)} is not spelled ${rules.typeNames}-case`);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      if (rules.enumNeedsFormat && node.format !== "enum") problems.push(`${objectPath}: enum without format "enum"`);
    }
    if (typeof node.minItems === "number" && rules.minItemsValues && !rules.minItemsValues.includes(node.minItems))
      problems.push(`${objectPath}: minItems ${node.minItems}`);
    if (!isObjectNode(node)) continue;
    if (rules.maxObjectDepth !== undefined && depth > rules.maxObjectDepth) problems.push(`${objectPath}: object depth ${depth}`);
    if (rules.additionalProperties === "false-required" && node.additionalProperties !== false)
      problems.push(`${objectPath}: additionalProperties is not false`);
    if (rules.additionalProperties === "forbidden" && "additionalProperties" in node) problems.push(`${objectPath}: additionalProperties present`);
    const properties = node.properties as Record<string, Node>;
    const required = (node.required as string[] | undefined) ?? [];
    const mustHave: readonly string[] = requiredByObject[objectPath] ?? [];
    for (const name of mustHave) if (!required.includes(name)) problems.push(`${objectPath}.${name}: spec-required field not required`);
    for (const [name, property] of Object.entries(properties)) {
      totalProperties++;
      if (isUnion(property)) unionProperties++;
      const optional = !mustHave.includes(name);
      if (optional) optionalProperties++;
      if (rules.optionalForm === "required-nullable") {
        if (!required.includes(name)) problems.push(`${objectPath}.${name}: not in required`);
        if (optional !== admitsNull(property)) problems.push(`${objectPath}.${name}: nullable ${admitsNull(property)}, optional ${optional}`);
      } else {
        if (optional && required.includes(name)) problems.push(`${objectPath}.${name}: optional field listed as required`);
        if (admitsNull(property)) problems.push(`${objectPath}.${name}: null in a type where optional means omitted`);
        const nullable = property.nullable === true;
        if (rules.optionalForm === "omitted-nullable" && nullable !== optional)
          problems.push(`${objectPath}.${name}: nullable ${nullable}, optional ${optional}`);
        if (rules.optionalForm === "omitted" && "nullable" in property) problems.push(`${objectPath}.${name}: nullable keyword`);
      }
    }
  }
  if (rules.maxTotalProperties !== undefined && totalProperties > rules.maxTotalProperties) problems.push(`${totalProperties} properties`);
  if (rules.maxEnumValues !== undefined && enumValues > rules.maxEnumValues) problems.push(`${enumValues} enum values`);
  if (rules.maxOptionalProperties !== undefined && optionalProperties > rules.maxOptionalProperties) problems.push(`${optionalProperties} optional properties`);
  if (rules.maxUnionProperties !== undefined && unionProperties > rules.maxUnionProperties) problems.push(`${unionProperties} union properties`);
  return problems;
}

describe("each variant obeys its rule table", () => {
  for (const variant of VARIANTS) {
    for (const [label, options] of OPTION_SETS) {
      test(`${variant}, ${label}`, () => {
        assert.deepEqual(check(VARIANT_RULES[variant], vendorSchema(variant, options)), []);
      });
    }
  }

  test("the checker catches what the rules forbid (it can fail)", () => {
    const broken = vendorSchema("openai") as Node;
    const meta = (broken.properties as Record<string, Node>).meta as Node;
    delete meta.additionalProperties;
    (broken.properties as Record<string, Node>).intent = { type: "string", default: "!START" };
    assert.deepEqual(check(VARIANT_RULES.openai, broken).sort(), [": keyword default not allowed", "meta: additionalProperties is not false"].sort());
    const gemini = vendorSchema("gemini") as Node;
    (gemini.properties as Record<string, Node>).silp = { type: "string", additionalProperties: false };
    assert.deepEqual(
      check(VARIANT_RULES.gemini, gemini).sort(),
      [": keyword additionalProperties not allowed", ": type string is not spelled upper-case", ".silp: nullable false, optional true"].sort(),
    );
  });

  test("docs/schemas.md cites every source the rule tables cite", () => {
    const page = readFileSync(join(REPO_ROOT, "docs", "schemas.md"), "utf8");
    for (const variant of VARIANTS.filter((name) => name !== "jsonschema")) {
      for (const rule of VARIANT_RULES[variant].rules) assert.ok(page.includes(`(${rule.source})`), `${variant} ${rule.id}: ${rule.source}`);
    }
  });

  test("every rule cites a vendor documentation page", () => {
    for (const variant of VARIANTS) {
      assert.ok(VARIANT_RULES[variant].rules.length > 0);
      for (const rule of VARIANT_RULES[variant].rules)
        assert.match(rule.source, /^https:\/\/(platform\.openai\.com|platform\.claude\.com|ai\.google\.dev|json-schema\.org)\//, rule.id);
    }
  });
});

describe("the verbs in force are baked in", () => {
  const intentOf = (variant: Variant, options?: SilpOptions): Node => {
    const property = ((vendorSchema(variant, options) as Node).properties as Record<string, Node>).intent as Node;
    return property;
  };

  test("strict: the intent is an enum of the approved verbs plus the extra ones", () => {
    const expected = [
      "!BOOK",
      "!CANCEL",
      "!EMAIL",
      "!FETCH",
      "!NOTIFY",
      "!PAY",
      "!PROCESS",
      "!ROUTE",
      "!SEARCH",
      "!START",
      "!SUGGEST",
      "!SWITCH",
      "!TRANSLATE",
      "!UPDATE",
    ];
    for (const variant of VARIANTS) assert.deepEqual(intentOf(variant, { whitelist: { extra: ["PAY"] } }).enum, expected, variant);
    assert.deepEqual(expected, [...verbsInForce({ whitelist: { extra: ["PAY"] } })]);
  });

  test("whitelist off: the normative pattern instead of an enum", () => {
    for (const variant of ["openai", "anthropic", "jsonschema"] as const) {
      assert.equal(intentOf(variant, { whitelist: "off" }).pattern, "^![A-Z][A-Z_]*$", variant);
      assert.equal(intentOf(variant, { whitelist: "off" }).enum, undefined, variant);
    }
  });

  test("secondary and fallback actions carry the same enum; bad options raise invalid_options", () => {
    const schema = vendorSchema("anthropic", { whitelist: { extra: ["SHIP"] } }) as Node;
    const properties = schema.properties as Record<string, Node>;
    const entity = (properties.entities as Node).items as Node;
    const alternative = (properties.alternatives as Node).items as Node;
    assert.ok(((entity.properties as Record<string, Node>).action as Node).enum);
    assert.ok((((alternative.properties as Record<string, Node>).action as Node).enum as string[]).includes("!SHIP"));
    assert.throws(() => vendorSchema("openai", { whitelist: { extra: ["ESCALATE"] } }), { code: "invalid_options" });
  });
});

describe("the schemas compile in a real JSON Schema validator (Ajv, 2020-12)", () => {
  for (const variant of VARIANTS) {
    test(variant, () => {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      const validate = ajv.compile(toJsonSchema(variant, vendorSchema(variant)));
      const sample = toVendorObject(variant, { intent: "!START", entities: [{ id: "act", value: "hike", x: 1 }], meta: { req_id: "a1b2c3d4" } });
      assert.equal(validate(sample), true, JSON.stringify(validate.errors));
      assert.equal(validate({ ...sample, intent: "!REFUND" }), false);
      assert.equal(validate({ ...sample, surprise: 1 }), variant === "gemini", "only Gemini's subset cannot close an object");
    });
  }
  test("request fragments put the schema where each API expects it", () => {
    assert.deepEqual(Object.keys(vendorRequestFragment("openai")), ["type", "json_schema"]);
    assert.equal((vendorRequestFragment("openai").json_schema as Node).strict, true);
    assert.deepEqual(Object.keys(vendorRequestFragment("anthropic")), ["name", "description", "strict", "input_schema"]);
    assert.deepEqual(Object.keys(vendorRequestFragment("gemini")), ["name", "description", "parameters"]);
  });
});
