/**
 * The one byte serialization of a record: what the sealer writes and what verification demands
 * of every line. Hashes are over the JCS form of the parsed value, so edits that leave the value
 * alone (a duplicated key, a re-escaped character, reordered keys, `1.0e0` for `1`, whitespace)
 * keep every hash intact; only a byte-exact serialization catches them (docs/lock.md).
 *
 * The serialization is a function of the value alone, so it can be recomputed from a parsed
 * line: top-level fields in a fixed order, chosen for a reader (kind and seq first, the links
 * last), unknown fields after them sorted; the stored IR with known fields in schema order (the
 * normal form's order) and extra fields sorted; every other value, and every value inside an
 * extra field, in RFC 8785 form (sorted keys, ECMAScript numbers and string escapes). For IRs
 * whose extra fields were already in sorted order (every IR without extra fields) these are the
 * bytes `JSON.stringify(record)` wrote before this check existed.
 */
import { IR_SHAPE } from "silp/util";
import { canonicalJson } from "./hash.js";

const SEAL_FIELDS = ["kind", "seq", "frontend", "ir_hash", "output_hash", "compiled", "ir", "timestamp", "silp", "library_version", "prev", "hash"];
const UNLOCK_FIELDS = ["kind", "seq", "frontend", "ir_hash", "reason", "timestamp", "silp", "library_version", "prev", "hash"];
const IR_FIELDS = ["silp", "version", "intent", "entities", "constraints", "alternatives", "meta"];

/** Field order of the IR's objects; a list's entry applies to each of its items. */
interface Shape {
  fields: readonly string[];
  children?: Readonly<Record<string, Shape>>;
}
const RECORD_IR_ORDER: Shape = {
  fields: IR_FIELDS,
  children: {
    entities: { fields: IR_SHAPE.entityFields },
    constraints: { fields: IR_SHAPE.constraintFields },
    alternatives: { fields: IR_SHAPE.alternativeFields },
    meta: { fields: IR_SHAPE.metaFields },
  },
};

/**
 * The canonical line of a record (without its newline). Throws a SilpError (lock_violation) or
 * RangeError for a value that has no canonical form (lone surrogate, absurd nesting); no record
 * the sealer wrote is such a value.
 */
export function serializeRecord(record: Readonly<Record<string, unknown>>): string {
  const order = record.kind === "unlock" ? UNLOCK_FIELDS : SEAL_FIELDS;
  const known = order.filter((field) => hasOwn(record, field));
  const extra = Object.keys(record)
    .filter((field) => !order.includes(field))
    .sort();
  const parts = [...known, ...extra].map((field) => {
    const value = record[field];
    const text = field === "ir" ? shaped(value, RECORD_IR_ORDER) : canonicalJson(value, "lock_violation");
    return `${JSON.stringify(field)}:${text}`;
  });
  return `{${parts.join(",")}}`;
}

/** An object in `shape` order (known fields, then the others sorted); anything else in JCS form. */
function shaped(value: unknown, shape: Shape): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return canonicalJson(value, "lock_violation");
  const object = value as Record<string, unknown>;
  const known = shape.fields.filter((field) => hasOwn(object, field));
  const extra = Object.keys(object)
    .filter((field) => !shape.fields.includes(field))
    .sort();
  const parts = [...known, ...extra].map((field) => {
    const child = shape.children?.[field];
    const item = object[field];
    let text: string;
    if (child === undefined) text = canonicalJson(item, "lock_violation");
    else if (Array.isArray(item)) text = `[${item.map((entry) => shaped(entry, child)).join(",")}]`;
    else text = shaped(item, child);
    return `${JSON.stringify(field)}:${text}`;
  });
  return `{${parts.join(",")}}`;
}

function hasOwn(object: object, field: string): boolean {
  return Object.hasOwn(object, field);
}

/**
 * UTF-16 index of the first difference of two texts, or -1 when they are equal; a difference in
 * the low half of a surrogate pair is reported at the pair's start (one character for a reader).
 */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  const before = at > 0 ? a.charCodeAt(at - 1) : 0;
  return before >= 0xd800 && before <= 0xdbff ? at - 1 : at;
}
