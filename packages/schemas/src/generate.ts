/**
 * Vendor variants of the IR schema, generated from the normative one (spec 3.9) by the rules of
 * rules.ts: OpenAI strict structured outputs, Anthropic strict tool input, Gemini function
 * declarations, and the plain JSON Schema. In strict whitelist mode the verbs in force are baked
 * in as an enum wherever the IR holds an action code, so a constrained model cannot emit an
 * unknown verb; in advisory or off mode the normative pattern stays.
 */
import { verbsInForce, type SilpOptions } from "silp";
import { IR_SHAPE, resolveOptions } from "silp/util";
import { EXTRA_FIELDS } from "./extra-fields.js";
import { ACTION_PATTERN, rootSchema, SILP_PATTERN, type SchemaNode } from "./ir-shape.js";
import { VARIANT_RULES, type Variant, type VariantRules } from "./rules.js";

export type JsonSchema = Record<string, unknown>;

/** What each field means, for the model reading the schema (descriptions are allowed everywhere). */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  silp: "SILP protocol version",
  version: 'IR schema version, normally "ir-v0.1"',
  intent: "the primary action code, ! followed by the upper-case verb",
  entities: "argument slots of the actions",
  "entities.id": 'slot name: "act" for a positional argument, else a keyword such as "to"',
  "entities.value": "slot value",
  "entities.action": "the action this slot belongs to, when not the intent",
  constraints: "conditions on the task",
  "constraints.type": 'what is constrained, e.g. "rain"; a leading ! negates it',
  "constraints.value": 'the condition value; "true" for a negated type',
  "constraints.time": 'when it applies, e.g. "t+1"',
  alternatives: "fallback actions (else branches)",
  "alternatives.action": "the fallback action code",
  "alternatives.target": "what the fallback acts on",
  "alternatives.location": "where the fallback happens",
  meta: "request metadata",
  "meta.req_id": "request id, 4-8 lower-case hex; leave it out and compile generates it",
  "meta.session_id": "session id (2 characters)",
  "meta.priority": "priority, default 0",
  "meta.confidence": "confidence from 0 to 1, default 1",
  "meta.seq": "execution order: action codes or ordering keywords",
  "meta.out": 'the receiver\'s output form, default "natural"',
  "meta.next_agent": "the agent to hand over to",
};

/** Fields the vendor variants make optional although the normative schema requires them. */
const VENDOR_OPTIONAL: ReadonlySet<string> = new Set(["meta.req_id"]);

/** Fields whose value is an action code (the normative action pattern). */
function isActionPattern(node: SchemaNode): boolean {
  return node.pattern === ACTION_PATTERN;
}

export interface VendorSchemaOptions extends SilpOptions {}

/** The schema of one variant, with the verbs in force under `options` (whitelist, extra verbs). */
export function vendorSchema(variant: Variant, options?: VendorSchemaOptions): JsonSchema {
  const resolved = resolveOptions(options);
  const verbs = resolved.whitelist.mode === "strict" ? [...verbsInForce(resolved)] : undefined;
  const rules = VARIANT_RULES[variant];
  if (variant === "jsonschema") return normativeWithVerbs(rootSchema(), verbs);
  return new VendorGenerator(rules, verbs).object(rootSchema(), "");
}

/** The normative schema itself, the action patterns replaced by the verb enum when one is in force. */
function normativeWithVerbs(node: SchemaNode, verbs: readonly string[] | undefined): JsonSchema {
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties") {
      copy.properties = Object.fromEntries(
        Object.entries(value as Record<string, SchemaNode>).map(([name, child]) => [name, normativeWithVerbs(child, verbs)]),
      );
    } else if (key === "items") {
      copy.items = normativeWithVerbs(value as SchemaNode, verbs);
    } else if (key === "pattern" && verbs && isActionPattern(node)) {
      copy.enum = [...verbs];
    } else if (key === "pattern" && node.pattern === SILP_PATTERN) {
      // The protocol versions this implementation speaks, not every "vN" (unsupported_version).
      copy.enum = [...IR_SHAPE.silpVersions];
    } else {
      copy[key] = Array.isArray(value) ? [...value] : value;
    }
  }
  return copy;
}

class VendorGenerator {
  constructor(
    private readonly rules: VariantRules,
    private readonly verbs: readonly string[] | undefined,
  ) {}

  private typeName(type: string): string {
    return this.rules.typeNames === "upper" ? type.toUpperCase() : type;
  }

  private allows(keyword: string): boolean {
    return this.rules.allowedKeywords.includes(keyword);
  }

  object(node: SchemaNode, path: string): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const normativeRequired = (node.required as string[] | undefined) ?? [];
    const required: string[] = [];
    for (const [name, child] of Object.entries(node.properties as Record<string, SchemaNode>)) {
      // Fields of a list's items are described as "entities.id", not "entities[].id".
      const fieldPath = path === "" ? name : `${path.replace(/\[\]$/, "")}.${name}`;
      const isRequired = normativeRequired.includes(name) && !VENDOR_OPTIONAL.has(fieldPath);
      properties[name] = this.field(this.node(child, fieldPath), isRequired);
      if (isRequired || this.rules.optionalForm === "required-nullable") required.push(name);
    }
    if (node.additionalProperties === true) {
      const description =
        'further fields of this object that the schema does not name, as one JSON object in a string, e.g. {"unit":"C"}; leave it out when there are none';
      properties[EXTRA_FIELDS] = this.field({ type: this.typeName("string"), description }, false);
      if (this.rules.optionalForm === "required-nullable") required.push(EXTRA_FIELDS);
    }
    const schema: JsonSchema = { type: this.typeName("object") };
    const description = DESCRIPTIONS[path];
    if (description) schema.description = description;
    schema.properties = properties;
    if (required.length > 0 || this.rules.optionalForm === "required-nullable") schema.required = required;
    if (this.rules.additionalProperties === "false-required") schema.additionalProperties = false;
    return schema;
  }

  /** A required field as is; an optional one in the variant's optional form. */
  private field(schema: JsonSchema, isRequired: boolean): JsonSchema {
    if (isRequired) return schema;
    switch (this.rules.optionalForm) {
      case "omitted":
        return schema;
      case "omitted-nullable":
        return { ...schema, nullable: true };
      case "required-nullable": {
        if (Array.isArray(schema.enum)) {
          const { description, ...inner } = schema;
          return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: "null" }] };
        }
        return { ...schema, type: [schema.type, "null"] };
      }
    }
  }

  private node(node: SchemaNode, path: string): JsonSchema {
    const type = node.type as string;
    if (type === "object") return this.object(node, path);
    const schema: JsonSchema = { type: this.typeName(type) };
    const notes: string[] = [];
    const description = DESCRIPTIONS[path];
    if (type === "array") {
      schema.items = this.node(node.items as SchemaNode, `${path}[]`);
    } else if (type === "string" && isActionPattern(node) && this.verbs) {
      this.enumOf(schema, this.verbs);
    } else if (type === "string" && node.pattern === SILP_PATTERN) {
      this.enumOf(schema, IR_SHAPE.silpVersions);
    } else if (typeof node.pattern === "string") {
      if (this.allows("pattern")) schema.pattern = node.pattern;
      else notes.push(`matches ${node.pattern}`);
    }
    for (const bound of ["minimum", "maximum"] as const) {
      if (typeof node[bound] !== "number") continue;
      if (this.allows(bound)) schema[bound] = node[bound];
      else notes.push(`${bound} ${node[bound]}`);
    }
    const text = [description, ...notes].filter(Boolean).join("; ");
    if (text) schema.description = text;
    return schema;
  }

  private enumOf(schema: JsonSchema, values: readonly string[]): void {
    if (this.rules.enumNeedsFormat) schema.format = "enum";
    schema.enum = [...values];
  }
}

/**
 * The schema wrapped the way the vendor's API takes it: OpenAI's `response_format`, Anthropic's
 * strict tool, Gemini's function declaration; the plain schema for "jsonschema".
 */
export function vendorRequestFragment(variant: Variant, options?: VendorSchemaOptions): JsonSchema {
  const schema = vendorSchema(variant, options);
  const name = "silp_ir";
  const description = "A SILP IR: one intent (an action code), its entities, constraints, alternatives and meta.";
  switch (variant) {
    case "openai":
      return { type: "json_schema", json_schema: { name, description, strict: true, schema } };
    case "anthropic":
      return { name, description, strict: true, input_schema: schema };
    case "gemini":
      return { name, description, parameters: schema };
    case "jsonschema":
      return schema;
  }
}
