/**
 * The json frontend's fast path. Most payloads are well-formed ASCII JSON with string slots:
 * for those, the native JSON.parse plus a linear duplicate-key scan is several times faster than
 * the positioned tree. The fast path accepts a payload only when it needs no repair, raises no
 * error and no sanitizer hook has anything to report; for everything else it returns undefined
 * and the positioned decoder (decoder.ts) runs, so errors and repairs always carry positions and
 * both paths decode an accepted payload to the same IR (test/frontends/json-fast-path.test.ts).
 */
import { FUNCTION_NAME } from "../../ir/verbs.js";
import { hasOwn, setField } from "../../ir/fields.js";
import { isPlainObject } from "../../ir/normalize.js";
import type { Alternative, Constraint, Entity, JsonValue, Meta, SilpIRInput } from "../../ir/types.js";
import { RESERVED_KEYS, SECONDARY_PREFIX } from "./printer.js";

/** Decodes `text` without positions, or returns undefined when the positioned decoder must run. */
export function decodeJsonFast(text: string): SilpIRInput | undefined {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(root) || typeof root.intent !== "string" || hasDuplicateKeys(text)) return undefined;
  const ir: SilpIRInput = { intent: root.intent, meta: { req_id: "" } };
  const flat: Entity[] = [];
  const secondary: Entity[] = [];
  let fullList: Entity[] | undefined;
  for (const key of Object.keys(root)) {
    const value = root[key];
    switch (key) {
      case "intent":
        break;
      case "constraints": {
        const list = objects(value, ["type", "value"], ["time"]);
        if (!list) return undefined;
        ir.constraints = list as Constraint[];
        break;
      }
      case "alternatives": {
        const list = objects(value, ["action"], ["target", "location"]);
        if (!list) return undefined;
        ir.alternatives = list as Alternative[];
        break;
      }
      case "entities": {
        const list = objects(value, ["id", "value"], ["action"]);
        if (!list) return undefined;
        fullList = list as Entity[];
        break;
      }
      case "meta":
        if (!isPlainObject(value)) return undefined;
        ir.meta = value as unknown as Meta;
        break;
      case "silp":
      case "version":
        if (typeof value !== "string") return undefined;
        ir[key] = value;
        break;
      default:
        if (key.startsWith(SECONDARY_PREFIX)) {
          const verb = key.slice(SECONDARY_PREFIX.length);
          if (!FUNCTION_NAME.test(verb) || !Array.isArray(value)) return undefined;
          const action = `!${verb.toUpperCase()}`;
          for (const item of value) {
            if (typeof item === "string") {
              secondary.push({ id: "act", value: item, action });
              continue;
            }
            const [entity] = objects([item], ["id", "value"], []) ?? [];
            if (!entity || hasOwn(entity, "action")) return undefined;
            entity.action = action;
            secondary.push(entity as Entity);
          }
        } else if (RESERVED_KEYS.has(key)) {
          return undefined;
        } else if (key === "act" && Array.isArray(value)) {
          for (const item of value) {
            if (typeof item !== "string") return undefined;
            flat.push({ id: "act", value: item });
          }
        } else {
          if (typeof value !== "string") return undefined;
          flat.push({ id: key, value });
        }
    }
  }
  if (fullList) {
    if (flat.length > 0 || secondary.length > 0) return undefined;
    ir.entities = fullList.map((entity) => (entity.action === undefined ? { ...entity, action: ir.intent } : entity));
  } else {
    for (const entity of flat) entity.action = ir.intent;
    ir.entities = flat.length === 0 ? secondary : [...flat, ...secondary];
  }
  return ir;
}

/**
 * A list of objects whose required/optional known fields are strings (optional ones may be
 * null, read as absent later); copied so that a `__proto__` key stays an ordinary field.
 */
function objects(value: unknown, required: readonly string[], optional: readonly string[]): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Record<string, unknown>[] = [];
  for (const item of value) {
    if (!isPlainObject(item)) return undefined;
    for (const key of required) if (typeof item[key] !== "string") return undefined;
    for (const key of optional) {
      const field = item[key];
      if (field !== undefined && field !== null && typeof field !== "string") return undefined;
    }
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(item)) setField(copy, key, item[key] as JsonValue);
    out.push(copy);
  }
  return out;
}

/**
 * True when some object in the (already validated) JSON text repeats a key. JSON.parse keeps
 * only the last value of a repeated key, so this scan is what keeps the fast path honest.
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: (Set<string> | null)[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      let j = i + 1;
      let escaped = false;
      while (j < length) {
        const inner = text.charCodeAt(j);
        if (inner === 0x5c) {
          escaped = true;
          j += 2;
          continue;
        }
        if (inner === 0x22) break;
        j++;
      }
      let k = j + 1;
      while (k < length && isJsonSpace(text.charCodeAt(k))) k++;
      const keys = stack[stack.length - 1];
      if (keys && text.charCodeAt(k) === 0x3a) {
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (keys.has(key)) return true;
        keys.add(key);
      }
      i = j + 1;
      continue;
    }
    if (code === 0x7b) stack.push(new Set());
    else if (code === 0x5b) stack.push(null);
    else if (code === 0x7d || code === 0x5d) stack.pop();
    i++;
  }
  return false;
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
