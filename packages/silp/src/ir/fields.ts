/**
 * Small helpers for building IR objects safely from untrusted data. An extra field may be named
 * `__proto__`; plain assignment would change the object's prototype instead of adding a field,
 * silently dropping data, so every dynamic key goes through `setField`.
 */
import type { JsonValue } from "./types.js";

export function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

export function hasOwn(target: object, key: string): boolean {
  return Object.hasOwn(target, key);
}

const NO_EXTRAS: readonly [string, JsonValue][] = Object.freeze([]);

/** The extra (non-schema) fields of a sub-object, in insertion order; allocates only when there are some. */
export function extraEntries(source: Record<string, unknown>, known: readonly string[]): readonly [string, JsonValue][] {
  let out: [string, JsonValue][] | undefined;
  for (const key in source) {
    if (known.includes(key) || !Object.hasOwn(source, key)) continue;
    if (out === undefined) out = [];
    out.push([key, source[key] as JsonValue]);
  }
  return out ?? NO_EXTRAS;
}
