/**
 * The nesting limit (`limits.maxDepth`) for an IR given as objects, not text: compile, the
 * envelope's `silp_meta` and the wrapper reach the IR without any text to pre-scan, and a deeply
 * nested extra field or meta value would otherwise overflow the stack of a recursive printer or
 * validator (a raw RangeError). Depth is counted as for the json frontend's payload: the IR root
 * is level 1, `entities` 2, an entity 3, its extra field's array 4, and so on.
 */
import { SilpLimitError } from "../errors.js";
import { escapePointer } from "./schema.js";

interface Frame {
  value: unknown;
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
  // Iterative, so the check itself cannot overflow; every container is visited once (a cycle
  // only ever gets deeper, so it ends at the limit).
  const stack: Frame[] = [{ value: input, depth: 1, parent: undefined, key: "" }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value, depth } = frame;
    if (typeof value !== "object" || value === null) continue;
    if (depth > maxDepth) {
      throw new SilpLimitError(`arrays/objects nested deeper than the limit of ${maxDepth}`, {
        path: pointer(frame),
        details: { limit: "maxDepth", value: maxDepth },
      });
    }
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: depth + 1, parent: frame, key });
    }
  }
}

function pointer(frame: Frame): string {
  const segments: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) segments.push(escapePointer(at.key));
  return segments.length === 0 ? "" : `/${segments.reverse().join("/")}`;
}
