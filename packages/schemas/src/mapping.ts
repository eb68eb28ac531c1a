/**
 * Between a vendor object (what a model wrote under a variant's schema) and the SILP IR.
 *
 * fromVendorObject: null means absent (OpenAI writes every optional field as null; Gemini may);
 * `extra_fields_json` is unpacked into the sub-object; a missing req_id is generated as compile
 * does (docs/ir.md); the result is validated and returned in normal form. Anything that cannot
 * map (an unknown field, extra fields that are not a JSON object or clash with named ones, an IR
 * rule the vendor schema cannot express) is a SilpError `invalid_ir` with a JSON Pointer.
 *
 * toVendorObject: the IR's normal form written the variant's way: every named field of the
 * sub-objects in schema order (null for an absent optional one under OpenAI, left out otherwise),
 * the extra fields packed into `extra_fields_json`. toVendorObject(fromVendorObject(x)) is a
 * fixed point, and fromVendorObject(toVendorObject(ir)) gives the IR back (test/roundtrip).
 */
import { assertValid, completeMeta, invalidIr, type SilpError, type JsonObject, type JsonValue, type SilpIR, type SilpIRInput, type SilpOptions } from "silp";
import { isPlainObject, resolveOptions, type ResolvedOptions } from "silp/util";
import { EXTRA_FIELDS, parseExtraFields, printExtraFields } from "./extra-fields.js";
import { knownFields, rootFields, SUB_OBJECTS, type SubObjectName } from "./ir-shape.js";
import { VARIANT_RULES, type Variant } from "./rules.js";

export type VendorObject = Record<string, unknown>;

/** The IR, in normal form, that a vendor object stands for. */
export function fromVendorObject(variant: Variant, object: unknown, options?: SilpOptions): SilpIR {
  const resolved = resolveOptions(options);
  if (!isPlainObject(object)) throw invalidIr([{ rule: "vendor-object", severity: "error", path: "", message: "a vendor object must be a JSON object" }]);
  const input = variant === "jsonschema" ? object : readVendorRoot(object, resolved);
  const completed = completeMeta(input as unknown as SilpIRInput, "code", resolved).ir;
  return assertValid(completed, resolved).ir;
}

/** The vendor object of a variant for an IR (validated and normalized first). */
export function toVendorObject(variant: Variant, ir: SilpIRInput, options?: SilpOptions): VendorObject {
  const resolved = resolveOptions(options);
  const normal = assertValid(completeMeta(ir, "code", resolved).ir, resolved).ir;
  if (variant === "jsonschema") return structuredClone(normal) as unknown as VendorObject;
  const nullForAbsent = VARIANT_RULES[variant].optionalForm === "required-nullable";
  const out: VendorObject = {};
  for (const field of rootFields()) {
    const value = (normal as unknown as Record<string, unknown>)[field];
    const sub = SUB_OBJECTS.find((entry) => entry.name === field);
    if (sub === undefined) out[field] = value;
    else if (sub.list) out[field] = (value as JsonObject[]).map((item) => writeSubObject(sub.name, item, nullForAbsent));
    else out[field] = writeSubObject(sub.name, value as JsonObject, nullForAbsent);
  }
  return out;
}

function writeSubObject(name: SubObjectName, value: JsonObject, nullForAbsent: boolean): VendorObject {
  const known = knownFields(name);
  const out: VendorObject = {};
  for (const field of known) {
    if (value[field] !== undefined) out[field] = structuredClone(value[field]);
    else if (nullForAbsent) out[field] = null;
  }
  const extras: JsonObject = {};
  for (const [key, extra] of Object.entries(value)) if (!known.includes(key) && extra !== undefined) extras[key] = extra;
  const text = printExtraFields(extras);
  if (text !== undefined) out[EXTRA_FIELDS] = text;
  else if (nullForAbsent) out[EXTRA_FIELDS] = null;
  return out;
}

function readVendorRoot(object: Record<string, unknown>, resolved: ResolvedOptions): Record<string, unknown> {
  const fields = rootFields();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (!fields.includes(key)) throw unknownField(key, "");
    if (value === null) continue;
    const sub = SUB_OBJECTS.find((entry) => entry.name === key);
    if (sub === undefined) out[key] = value;
    else if (sub.list && Array.isArray(value)) out[key] = value.map((item, index) => readSubObject(sub.name, item, `/${key}/${index}`, resolved));
    else if (!sub.list) out[key] = readSubObject(sub.name, value, `/${key}`, resolved);
    else out[key] = value; // not a list: validation reports it at its path
  }
  return out;
}

function readSubObject(name: SubObjectName, value: unknown, path: string, resolved: ResolvedOptions): unknown {
  if (!isPlainObject(value)) return value; // validation reports the wrong type at its path
  const known = knownFields(name);
  const out: Record<string, JsonValue> = {};
  let extras: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === EXTRA_FIELDS) {
      if (field !== null) {
        extras = parseExtraFields(field, known, `${path}/${EXTRA_FIELDS}`, { maxLength: resolved.limits.maxInputLength, maxDepth: resolved.limits.maxDepth });
      }
    } else if (!known.includes(key)) {
      throw unknownField(key, path);
    } else if (field !== null) {
      out[key] = field as JsonValue;
    }
  }
  return { ...out, ...extras };
}

function unknownField(key: string, path: string): SilpError {
  const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  const pointer = `${path}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
  return invalidIr([
    {
      rule: "vendor-object",
      severity: "error",
      path: pointer,
      message: `${JSON.stringify(shown)} is not a field of this variant (extra fields go in ${EXTRA_FIELDS})`,
    },
  ]);
}
