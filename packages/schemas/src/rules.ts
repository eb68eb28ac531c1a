/**
 * What each vendor's strict mode accepts in a schema, written down as data, each rule with the
 * vendor documentation it comes from. The generator (generate.ts) follows these tables, and
 * test/rules.test.ts checks every generated schema against them with a walker of its own.
 * Where vendors document a limit that changed over time, the table keeps the stricter one, so a
 * schema that passes it is accepted by the old and the new limit alike.
 */

/** The schema variants: three vendors' strict modes and the plain JSON Schema (2020-12). */
export const VARIANTS = ["openai", "anthropic", "gemini", "jsonschema"] as const;
export type Variant = (typeof VARIANTS)[number];

/** How an optional field is written. */
export type OptionalForm =
  /** Listed in `required`, its type widened with "null": `type: ["string", "null"]` (null = absent). */
  | "required-nullable"
  /** Left out of `required`. */
  | "omitted"
  /** Left out of `required` and marked `nullable: true` (OpenAPI 3.0; null = absent). */
  | "omitted-nullable";

export interface VariantRule {
  /** Stable id, used by the test that checks it. */
  id: string;
  /** The rule, in one sentence. */
  says: string;
  /** The vendor documentation the rule comes from. */
  source: string;
}

export interface VariantRules {
  variant: Variant;
  /** Where the schema goes in the vendor's API. */
  usage: string;
  /** Keywords a schema node may use; anything else is refused by the vendor. */
  allowedKeywords: readonly string[];
  /** Spelling of `type`: JSON Schema's lower-case names, or the upper-case OpenAPI `Type` enum. */
  typeNames: "lower" | "upper";
  optionalForm: OptionalForm;
  /** `additionalProperties: false` on every object ("required"), never written ("forbidden"), or free. */
  additionalProperties: "false-required" | "forbidden" | "free";
  /** A string `enum` must come with `format: "enum"` (Gemini's STRING enum). */
  enumNeedsFormat: boolean;
  /** Deepest nesting of object schemas (the root object is level 1); undefined: no documented limit. */
  maxObjectDepth?: number;
  /** Most object properties in the whole schema. */
  maxTotalProperties?: number;
  /** Most `enum` values in the whole schema. */
  maxEnumValues?: number;
  /** Most optional properties in the whole schema. */
  maxOptionalProperties?: number;
  /** Most properties whose type is a union (a type array or anyOf). */
  maxUnionProperties?: number;
  /** `minItems` values allowed (Anthropic: 0 or 1 only). */
  minItemsValues?: readonly number[];
  /** The root schema must be an object (not anyOf). */
  rootMustBeObject: boolean;
  rules: readonly VariantRule[];
}

const OPENAI_DOCS = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas";
const OPENAI_FUNCTIONS = "https://platform.openai.com/docs/guides/function-calling#strict-mode";
const ANTHROPIC_LIMITS = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations";
const ANTHROPIC_STRICT_TOOLS = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use";
const GEMINI_SCHEMA = "https://ai.google.dev/api/caching#Schema";
const GEMINI_FUNCTIONS = "https://ai.google.dev/gemini-api/docs/function-calling#function_declarations";
const JSON_SCHEMA = "https://json-schema.org/draft/2020-12/json-schema-validation";

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  openai: {
    variant: "openai",
    usage: 'response_format {type: "json_schema", json_schema: {name, strict: true, schema}} or a function tool with strict: true',
    allowedKeywords: [
      "type",
      "properties",
      "required",
      "additionalProperties",
      "items",
      "enum",
      "description",
      "pattern",
      "minimum",
      "maximum",
      "minItems",
      "maxItems",
      "anyOf",
    ],
    typeNames: "lower",
    optionalForm: "required-nullable",
    additionalProperties: "false-required",
    enumNeedsFormat: false,
    maxObjectDepth: 5,
    maxTotalProperties: 100,
    maxEnumValues: 500,
    rootMustBeObject: true,
    rules: [
      {
        id: "all-required",
        says: "every property of every object is listed in required; an optional one is made nullable with a type array",
        source: OPENAI_DOCS,
      },
      { id: "additional-properties-false", says: "every object sets additionalProperties: false", source: OPENAI_DOCS },
      { id: "supported-keywords", says: "only the supported keywords: no default, no OpenAPI extensions such as nullable", source: OPENAI_DOCS },
      { id: "root-object", says: "the root is an object, not anyOf", source: OPENAI_DOCS },
      {
        id: "nesting-and-size",
        says: "at most 5 levels of nested objects and 100 properties in total (the first published limits; later raised)",
        source: OPENAI_DOCS,
      },
      { id: "enum-size", says: "enum values across the whole schema stay below the documented cap (we keep to 500)", source: OPENAI_DOCS },
      { id: "function-strict", says: "the same rules hold for a function tool's parameters with strict: true", source: OPENAI_FUNCTIONS },
    ],
  },
  anthropic: {
    variant: "anthropic",
    usage: "a tool {name, description, input_schema, strict: true} (or output_config.format for JSON outputs)",
    allowedKeywords: ["type", "properties", "required", "additionalProperties", "items", "enum", "description", "pattern", "minItems", "anyOf"],
    typeNames: "lower",
    optionalForm: "omitted",
    additionalProperties: "false-required",
    enumNeedsFormat: false,
    maxOptionalProperties: 24,
    maxUnionProperties: 16,
    minItemsValues: [0, 1],
    rootMustBeObject: true,
    rules: [
      { id: "additional-properties-false", says: "every object sets additionalProperties: false", source: ANTHROPIC_LIMITS },
      {
        id: "no-numeric-bounds",
        says: "no minimum, maximum or multipleOf; no minLength or maxLength (bounds go into the description)",
        source: ANTHROPIC_LIMITS,
      },
      { id: "min-items", says: "minItems only 0 or 1, no maxItems", source: ANTHROPIC_LIMITS },
      { id: "no-recursion", says: "no recursive schema, no external $ref", source: ANTHROPIC_LIMITS },
      { id: "optional-count", says: "at most 24 optional properties across the strict schemas of a request", source: ANTHROPIC_LIMITS },
      { id: "union-count", says: "at most 16 properties using anyOf or a type array across the strict schemas of a request", source: ANTHROPIC_LIMITS },
      { id: "strict-tool", says: "strict: true on the tool constrains its input to input_schema", source: ANTHROPIC_STRICT_TOOLS },
    ],
  },
  gemini: {
    variant: "gemini",
    usage: "tools: [{functionDeclarations: [{name, description, parameters}]}] (parameters is an OpenAPI 3.0 Schema subset)",
    allowedKeywords: [
      "type",
      "format",
      "description",
      "nullable",
      "enum",
      "properties",
      "required",
      "items",
      "minItems",
      "maxItems",
      "minimum",
      "maximum",
      "pattern",
    ],
    typeNames: "upper",
    optionalForm: "omitted-nullable",
    additionalProperties: "forbidden",
    enumNeedsFormat: true,
    rootMustBeObject: true,
    rules: [
      {
        id: "openapi-subset",
        says: "a select subset of the OpenAPI 3.0 Schema object: no additionalProperties, $ref, oneOf, allOf, default or const",
        source: GEMINI_SCHEMA,
      },
      { id: "upper-case-types", says: "type is one of the Type enum: STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT", source: GEMINI_SCHEMA },
      { id: "nullable", says: "null is allowed through nullable: true, not a type array", source: GEMINI_SCHEMA },
      { id: "enum-format", says: 'a STRING enum is written with format: "enum"', source: GEMINI_SCHEMA },
      { id: "function-parameters", says: "a function's parameters are an OBJECT schema", source: GEMINI_FUNCTIONS },
    ],
  },
  jsonschema: {
    variant: "jsonschema",
    usage: "any JSON Schema 2020-12 validator; also the MCP tools' input schemas",
    allowedKeywords: [
      "type",
      "properties",
      "required",
      "additionalProperties",
      "items",
      "enum",
      "description",
      "pattern",
      "minimum",
      "maximum",
      "default",
      "title",
      "$schema",
      "$id",
    ],
    typeNames: "lower",
    optionalForm: "omitted",
    additionalProperties: "free",
    enumNeedsFormat: false,
    rootMustBeObject: true,
    rules: [{ id: "draft-2020-12", says: "the normative IR schema of spec 3.9, with the verbs in force as an enum", source: JSON_SCHEMA }],
  },
};
