/**
 * Values the IR's JSON cannot carry. The schema leaves the values of extra fields open (any JSON
 * value), and an IR given as objects can hold there what no JSON text can: `undefined`, a
 * function, a symbol, a BigInt, NaN or ±Infinity, a Date or another class's instance, a hole in an
 * array. A printer would drop such a value, write `null` or throw a TypeError, so the payload would
 * say something else than the IR with no warning; validate() reports each with its path instead
 * (docs/ir.md, "Numbers and other values").
 */
import type { ValidationIssue } from "../errors.js";
import { escapePointer } from "./schema.js";
import { ALTERNATIVE_FIELDS, CONSTRAINT_FIELDS, ENTITY_FIELDS, META_FIELDS } from "./types.js";

/**
 * The issues of a schema-valid IR's extra fields (and meta's), each value not JSON at its JSON
 * Pointer. The walk stops at `maxDepth` levels, as a cycle only gets deeper: what is deeper is
 * the depth check's to report (limit_exceeded).
 */
export function nonJsonValueIssues(ir: Record<string, unknown>, maxDepth: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const lists = [
    ["entities", ENTITY_FIELDS],
    ["constraints", CONSTRAINT_FIELDS],
    ["alternatives", ALTERNATIVE_FIELDS],
  ] as const;
  for (const [list, known] of lists) {
    const items = ir[list];
    if (!Array.isArray(items)) continue;
    for (let i = 0; i < items.length; i++) extras(items[i] as Record<string, unknown>, known, `/${list}/${i}`, 4, maxDepth, issues);
  }
  if (typeof ir.meta === "object" && ir.meta !== null) extras(ir.meta as Record<string, unknown>, META_FIELDS, "/meta", 3, maxDepth, issues);
  return issues;
}

function extras(record: Record<string, unknown>, known: readonly string[], path: string, level: number, maxDepth: number, issues: ValidationIssue[]): void {
  // This runs on every compile and decode: no list of keys is made, and no path is built for a
  // string (most extra values are).
  for (const key in record) {
    const value = record[key];
    if (typeof value !== "string" && !known.includes(key) && Object.hasOwn(record, key)) walk(value, `${path}/${escapePointer(key)}`, level, maxDepth, issues);
  }
}

/** Iterative, so a deep value cannot overflow the stack; containers only are stacked. */
function walk(root: unknown, rootPath: string, rootLevel: number, maxDepth: number, issues: ValidationIssue[]): void {
  const stack: [unknown, string, number][] = [[root, rootPath, rootLevel]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [value, path, level] = entry;
    const what = notJson(value);
    if (what !== undefined) {
      issues.push({ rule: "json-value", severity: "error", message: `${what} is not a JSON value: no payload can carry it`, path });
      continue;
    }
    if (typeof value !== "object" || value === null || level >= maxDepth) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        if (!(i in value)) issues.push({ rule: "json-value", severity: "error", message: "a hole in an array is not a JSON value", path: `${path}/${i}` });
        else stack.push([value[i], `${path}/${i}`, level + 1]);
      }
    } else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push([(value as Record<string, unknown>)[key], `${path}/${escapePointer(key)}`, level + 1]);
      }
    }
  }
}

/** What `value` is when it is not JSON (in words), or undefined for null, a boolean, a finite number, a string, an array or a plain object. */
function notJson(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : String(value);
    case "object": {
      if (value === null || Array.isArray(value)) return undefined;
      const prototype = Object.getPrototypeOf(value);
      return prototype === Object.prototype || prototype === null ? undefined : `an instance of ${prototype?.constructor?.name ?? "a class"}`;
    }
    case "bigint":
      return "a BigInt";
    default:
      return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  }
}
