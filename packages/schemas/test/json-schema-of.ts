/**
 * Test helper: a variant's schema as plain JSON Schema 2020-12, for Ajv and for the schema-driven
 * arbitrary. OpenAI and Anthropic already are JSON Schema; Gemini's OpenAPI subset is converted
 * (upper-case types to lower case, `nullable: true` to a type array with "null" and null in the
 * enum, `format: "enum"` dropped). Written here, not taken from the generator.
 */
import type { Variant } from "@silp/schemas";

type Node = Record<string, unknown>;

export function toJsonSchema(variant: Variant, schema: Node): Node {
  if (variant !== "gemini") return schema;
  return convertGemini(schema);
}

function convertGemini(node: Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "type") out.type = String(value).toLowerCase();
    else if (key === "properties")
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Node>).map(([name, child]) => [name, convertGemini(child)]));
    else if (key === "items") out.items = convertGemini(value as Node);
    else if (key === "format" && value === "enum") continue;
    else if (key === "nullable") continue;
    else out[key] = value;
  }
  if (node.nullable === true) {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}
