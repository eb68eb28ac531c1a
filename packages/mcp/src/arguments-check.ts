/**
 * Checks tool arguments against the tool's input schema ourselves, so that a bad argument comes
 * back as a SILP error with a code (docs/errors.md) instead of the SDK's "Input validation error"
 * text, which carries no code. The SDK is given the same JSON Schema for tools/list, with a
 * validator that lets every object through to this check (server.ts).
 *
 * Only the JSON Schema subset our input schemas use is understood: type (one or a list), enum, required,
 * properties, additionalProperties: false, items, minItems, maxItems, uniqueItems (no oneOf: the
 * clients rewrite it, schemas.ts). Nested objects (an IR, silp_meta) are checked only for being objects: the codec
 * validates them with every issue and its JSON Pointer.
 */
import { invalidOption, SilpError, type SilpErrorCode } from "silp";
import { isPlainObject } from "silp/util";
import type { JsonSchemaObject } from "./arguments.js";

type Schema = Record<string, unknown>;

/**
 * Which SILP code a bad argument gets, by argument name: the code the codec raises for the same
 * mistake further in (a wrapper field of the wrong type is decode_failed, as in unwrapSilp).
 * Arguments not listed (whitelist, strict, inline_meta, tokenizers, unknown names) are the
 * caller's options: invalid_options.
 */
const ARGUMENT_CODES: Readonly<Record<string, SilpErrorCode>> = {
  ir: "invalid_ir",
  frontend: "unsupported_frontend",
  silp_encoding: "decode_failed",
  silp_payload: "decode_failed",
  silp_meta: "decode_failed",
  silp: "decode_failed",
  silp_ir_version: "decode_failed",
  ping: "invalid_syntax",
  text: "decode_failed",
};

const codeFor = (name: string): SilpErrorCode => ARGUMENT_CODES[name] ?? "invalid_options";

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function hasType(type: string, value: unknown): boolean {
  if (type === "object") return isPlainObject(value);
  if (type === "array") return Array.isArray(value);
  if (type === "integer") return Number.isInteger(value);
  return typeName(value) === type;
}

/** Describes why `value` does not fit `schema`, or returns undefined when it fits. */
function mismatch(schema: Schema, value: unknown): string | undefined {
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
  if (types.length > 0 && !types.some((type) => hasType(type, value))) {
    return `must be ${types.map((type) => `${type === "array" || type === "object" || type === "integer" ? "an" : "a"} ${type}`).join(" or ")}, got ${typeName(value)}`;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) {
    const shown = typeof value === "string" ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : typeName(value);
    return `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}, got ${shown}`;
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems) return `must have at least ${schema.minItems} entries`;
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return `must have at most ${schema.maxItems} entries, got ${value.length}`;
    if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) return "must not repeat an entry";
    if (isPlainObject(schema.items)) {
      for (let i = 0; i < value.length; i++) {
        const inner = mismatch(schema.items as Schema, value[i]);
        if (inner) return `entry ${i} ${inner}`;
      }
    }
  }
  return undefined;
}

/** Throws a SilpError (code by argument, JSON Pointer path) for the first argument outside the schema. */
export function checkArguments(schema: JsonSchemaObject, args: unknown): Record<string, unknown> {
  if (!isPlainObject(args)) throw invalidOption("arguments", `the tool arguments must be an object, got ${typeName(args)}`, { path: "" });
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (args[name] === undefined) throw new SilpError(codeFor(name), `the argument ${name} is required`, { path: `/${name}` });
  }
  for (const [name, value] of Object.entries(args)) {
    const property = properties[name];
    if (property === undefined) {
      if (schema.additionalProperties === false) {
        const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
        throw invalidOption("arguments", `unknown argument ${JSON.stringify(shown)}; this tool takes ${Object.keys(properties).join(", ")}`, {
          path: `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`,
        });
      }
      continue;
    }
    const problem = mismatch(property, value);
    if (problem) throw new SilpError(codeFor(name), `the argument ${name} ${problem}`, { path: `/${name}` });
  }
  return args;
}
