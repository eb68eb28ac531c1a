/**
 * Test helper: a fast-check arbitrary of the JSON values a JSON Schema accepts, for the subset
 * the variants use (type or type arrays, enum, anyOf, properties/required/additionalProperties
 * false, items, min/maxItems, pattern, minimum/maximum). Optional properties are left out at
 * random. Written for these tests, independent of the generator; `overrides` replaces the
 * arbitrary of a property by name (the extra-fields string, whose JSON content no schema states).
 */
import fc from "fast-check";

type Node = Record<string, unknown>;

export function arbitraryFor(schema: Node, overrides: Readonly<Record<string, fc.Arbitrary<unknown>>> = {}): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Node[]).map((branch) => arbitraryFor(branch, overrides)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryFor({ ...schema, type }, overrides)));
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return typeof schema.pattern === "string" ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string({ maxLength: 12 });
    case "integer":
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -1000, max: (schema.maximum as number | undefined) ?? 1000 });
    case "number":
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e6,
        max: (schema.maximum as number | undefined) ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "array":
      return fc.array(arbitraryFor(schema.items as Node, overrides), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
      });
    case "object": {
      const properties = (schema.properties as Record<string, Node> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, child] of Object.entries(properties)) record[name] = overrides[name] ?? arbitraryFor(child, overrides);
      const optional = Object.keys(properties).filter((name) => !required.includes(name));
      return fc.record(record, { requiredKeys: required.filter((name) => name in properties) }).map((value) => {
        for (const name of optional) if (value[name] === undefined) delete value[name];
        return value;
      });
    }
    default:
      throw new Error(`schemaArbitrary: unsupported schema ${JSON.stringify(schema).slice(0, 80)}`);
  }
}
