/**
 * Equality of two JSON values, object key order ignored (JSON objects are unordered). Eight lines
 * of our own rather than a dependency: the codec stays dependency-light, and only JSON values
 * (no Dates, Maps, cycles) ever reach it.
 */
import type { JsonValue } from "./types.js";

export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}
