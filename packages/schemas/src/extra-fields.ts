/**
 * The open sub-objects of the IR (entities, constraints, alternatives, meta: spec 3.9's
 * `additionalProperties: true`) may carry fields the schema does not name. Strict vendor modes
 * allow no open object, so those fields travel as one string property holding a JSON object
 * (docs/schemas.md, "Extra fields"). This module reads and writes that string.
 *
 * Reading is untrusted input: the text is scanned once, linearly, before JSON.parse runs, for its
 * length, its nesting depth (JSON.parse recurses) and duplicate keys (JSON.parse keeps the last
 * one silently, which would change the structure without a word).
 */
import { invalidIr, type JsonObject, type SilpError } from "silp";
import { isPlainObject } from "silp/util";

/** The property that carries the extra fields in the vendor variants. */
export const EXTRA_FIELDS = "extra_fields_json";

/** The extra fields as the vendor string: compact JSON, or undefined when there are none. */
export function printExtraFields(extras: JsonObject): string | undefined {
  return Object.keys(extras).length === 0 ? undefined : JSON.stringify(extras);
}

export interface ExtraFieldLimits {
  maxLength: number;
  maxDepth: number;
}

/**
 * The extra fields from the vendor string: a JSON object whose keys are not the sub-object's own
 * fields. Anything else is `invalid_ir` at `path` (a JSON Pointer into the vendor object).
 */
export function parseExtraFields(text: unknown, known: readonly string[], path: string, limits: ExtraFieldLimits): JsonObject {
  const fail = (message: string): SilpError => invalidIr([{ rule: "vendor-object", severity: "error", path, message }]);
  if (typeof text !== "string") throw fail(`${EXTRA_FIELDS} must be a string holding a JSON object`);
  if (text.length > limits.maxLength) throw fail(`${EXTRA_FIELDS} has ${text.length} characters; the limit is ${limits.maxLength}`);
  scanJsonText(text, limits.maxDepth, fail);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail(`${EXTRA_FIELDS} is not valid JSON`);
  }
  if (!isPlainObject(value)) throw fail(`${EXTRA_FIELDS} must hold a JSON object`);
  for (const key of Object.keys(value)) {
    if (known.includes(key)) {
      throw fail(`${EXTRA_FIELDS} may not carry "${key}", a field of its own`);
    }
  }
  return value as JsonObject;
}

/**
 * One linear pass over JSON text: nesting depth and duplicate keys per object. Hand-written
 * because no JSON parser we depend on reports duplicate keys of a string it parses, and the depth
 * must be known before the recursive JSON.parse runs. Malformed text is left to JSON.parse.
 */
function scanJsonText(text: string, maxDepth: number, fail: (message: string) => SilpError): void {
  // Per open container: the keys seen (objects) or undefined (arrays).
  const stack: (Set<string> | undefined)[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      const start = index;
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
      index++;
      const keys = stack.at(-1);
      if (keys !== undefined && nextNonSpace(text, index) === ":") {
        let key: string;
        try {
          key = JSON.parse(text.slice(start, index)) as string;
        } catch {
          return; // JSON.parse reports the malformed string
        }
        if (keys.has(key)) throw fail(`${EXTRA_FIELDS} repeats the key ${JSON.stringify(key)}`);
        keys.add(key);
      }
      continue;
    }
    if (char === "{" || char === "[") {
      stack.push(char === "{" ? new Set() : undefined);
      if (stack.length > maxDepth) throw fail(`${EXTRA_FIELDS} nests deeper than ${maxDepth}`);
    } else if (char === "}" || char === "]") {
      stack.pop();
    }
    index++;
  }
}

function nextNonSpace(text: string, from: number): string | undefined {
  let index = from;
  while (index < text.length && (text[index] === " " || text[index] === "\t" || text[index] === "\n" || text[index] === "\r")) index++;
  return text[index];
}
