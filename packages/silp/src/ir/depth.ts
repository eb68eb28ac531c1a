/**
 * The nesting limit (`limits.maxDepth`) for an IR given as objects, not text: compile, the
 * envelope's `silp_meta` and the wrapper reach the IR without any text to pre-scan, and a deeply
 * nested extra field or meta value would otherwise overflow the stack of a recursive printer or
 * validator (a raw RangeError). Depth is counted as for the json frontend's payload: the IR root
 * is level 1, `entities` 2, an entity 3, its extra field's array 4, and so on.
 */

import { escapePointer } from "./schema.js";
import { ALTERNATIVE_FIELDS, CONSTRAINT_FIELDS, ENTITY_FIELDS, META_FIELDS, type SilpIR } from "./types.js";
import { SilpError } from "../errors.js";

interface Frame {
  value: object;
  depth: number;
  parent: Frame | undefined;
  key: string;
}

/**
 * Throws `limit_exceeded` with the JSON Pointer (relative to `input`) of the first container
 * nested too deep. `input` is an IR, or an envelope (its `silp_meta` sits at the level of the
 * IR's `meta`, so both are measured alike).
 */
export function assertDepth(input: unknown, maxDepth: number): void {
  const path = tooDeepPath(input, maxDepth);
  if (path === undefined) return;
  throw new SilpError("limit_exceeded", tooDeepMessage(maxDepth), { path, details: { limit: "maxDepth", value: maxDepth } });
}

/** The JSON Pointer of the first container of `input` nested deeper than `maxDepth`, or undefined. */
export function tooDeepPath(input: unknown, maxDepth: number): string | undefined {
  return exceedsDepth(input, maxDepth) ? pointer(firstTooDeep(input as object, maxDepth) as Frame) : undefined;
}

export function tooDeepMessage(maxDepth: number): string {
  return `arrays/objects nested deeper than the limit of ${maxDepth}`;
}

/**
 * Whether a schema-valid IR in normal form nests deeper than `maxDepth`, looking only where it
 * can: the schema fixes the depth of everything but the values of extra fields (an entity's,
 * constraint's or alternative's at level 4, meta's at level 3) and gives the root no extra
 * fields, so the IR's own structure reaches level 3 (an entity, a seq entry's array). Cheaper
 * than walking the whole IR, which compile would otherwise do on every call; with a limit below
 * 3 the whole IR is walked.
 */
export function normalIrExceedsDepth(ir: SilpIR, maxDepth: number): boolean {
  if (maxDepth < 3) return exceedsDepth(ir, maxDepth);
  return (
    extrasExceed(ir.entities, ENTITY_FIELDS, maxDepth) ||
    extrasExceed(ir.constraints, CONSTRAINT_FIELDS, maxDepth) ||
    extrasExceed(ir.alternatives, ALTERNATIVE_FIELDS, maxDepth) ||
    valuesExceed(ir.meta as unknown as Record<string, unknown>, META_FIELDS, 3, maxDepth)
  );
}

function extrasExceed(items: readonly object[], known: readonly string[], maxDepth: number): boolean {
  for (const item of items) if (valuesExceed(item as Record<string, unknown>, known, 4, maxDepth)) return true;
  return false;
}

/** Whether a value of `record`'s fields other than `known` (each at level `level`) nests deeper than `maxDepth`. */
function valuesExceed(record: Record<string, unknown>, known: readonly string[], level: number, maxDepth: number): boolean {
  for (const key in record) {
    const value = record[key];
    if (typeof value === "object" && value !== null && !known.includes(key) && Object.hasOwn(record, key) && exceedsDepth(value, maxDepth - level + 1))
      return true;
  }
  return false;
}

/**
 * Whether any container of `input` sits deeper than `maxDepth`. This runs on every compile and
 * decode, so it allocates nothing per value: two stacks (values, depths) instead of a frame and
 * an entry list per container. Iterative, so the check itself cannot overflow; every container is
 * visited once (a cycle only ever gets deeper, so it ends at the limit).
 */
function exceedsDepth(input: unknown, maxDepth: number): boolean {
  if (typeof input !== "object" || input === null) return false;
  const values: object[] = [input];
  const depths: number[] = [1];
  for (let value = values.pop(); value !== undefined; value = values.pop()) {
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    if (Array.isArray(value)) {
      for (const child of value) {
        if (typeof child === "object" && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const child = record[key];
        if (typeof child === "object" && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/**
 * The first container (in document order) deeper than `maxDepth`, with its parents for the
 * pointer; only run once exceedsDepth found one, so `input` is a container, and only containers
 * are stacked.
 */
function firstTooDeep(input: object, maxDepth: number): Frame | undefined {
  const stack: Frame[] = [{ value: input, depth: 1, parent: undefined, key: "" }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value, depth } = frame;
    if (depth > maxDepth) return frame;
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: depth + 1, parent: frame, key });
    }
  }
  return undefined;
}

function pointer(frame: Frame): string {
  const segments: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) segments.push(escapePointer(at.key));
  return segments.length === 0 ? "" : `/${segments.reverse().join("/")}`;
}
