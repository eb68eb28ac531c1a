/**
 * JSON pieces inside payloads (the code frontend's `#meta` trailer and `...` literals): a linear
 * nesting pre-scan so hostile depth becomes a typed `limit_exceeded` instead of a stack overflow,
 * then the native parser, whose error position is mapped back into the payload.
 */
import { SilpError } from "../errors.js";

/** Throws when `text` nests arrays/objects deeper than `maxDepth`. Linear; skips string contents. */
export function checkJsonDepth(text: string, maxDepth: number, source: string, baseOffset: number): void {
  scanJson(text, maxDepth, source, baseOffset);
}

/**
 * One linear pass over a JSON text, skipping string contents: throws `limit_exceeded` at the first
 * bracket nested deeper than `maxDepth` (a closing bracket counts down even where nothing is open:
 * the text may be damaged JSON), and returns how many `:` it holds outside strings. In a text
 * JSON.parse accepts, that is the number of object members as written, so a parsed value with
 * fewer (countMembers) lost a repeated key, which JSON.parse keeps silently, the last one winning.
 * The json frontend runs it once before parsing: the depth every payload needs, and the count its
 * fast path needs, in the same pass, with nothing allocated per key.
 */
export function scanJson(text: string, maxDepth: number, source: string, baseOffset: number): number {
  const length = text.length;
  let depth = 0;
  let colons = 0;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      let j = i + 1;
      while (j < length) {
        const inner = text.charCodeAt(j);
        if (inner === 0x5c) {
          j += 2;
          continue;
        }
        if (inner === 0x22) break;
        j++;
      }
      i = j + 1;
      continue;
    }
    if (code === 0x3a) {
      colons++;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) {
        throw new SilpError("limit_exceeded", `JSON nesting deeper than the limit of ${maxDepth}`, {
          source,
          offset: baseOffset + i,
          details: { limit: "maxDepth", value: maxDepth },
        });
      }
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
    i++;
  }
  return colons;
}

/**
 * The members of every object in a value JSON.parse returned: its own keys, "__proto__" included
 * (JSON.parse makes it an own property like any other). Iterative, with a stack of the containers
 * still to count: a caller may raise `limits.maxDepth` far beyond what recursion could descend.
 */
export function countMembers(value: unknown): number {
  let count = 0;
  const pending: object[] = typeof value === "object" && value !== null ? [value] : [];
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    const children = Array.isArray(container) ? container : Object.values(container);
    if (!Array.isArray(container)) count += children.length;
    for (const child of children) if (typeof child === "object" && child !== null) pending.push(child);
  }
  return count;
}

/** Parses JSON found at `baseOffset` of `source`; errors point into `source`. */
export function parseEmbeddedJson(text: string, maxDepth: number, source: string, baseOffset: number): unknown {
  checkJsonDepth(text, maxDepth, source, baseOffset);
  try {
    return JSON.parse(text);
  } catch (error) {
    const match = /position (\d+)/.exec(error instanceof Error ? error.message : "");
    const offset = match ? baseOffset + Number(match[1]) : baseOffset;
    const reason = error instanceof Error ? error.message.replace(/ in JSON at position.*$/s, "") : "invalid JSON";
    throw new SilpError("invalid_syntax", `invalid JSON: ${reason}`, { source, offset, expected: ["a JSON value"], cause: error });
  }
}
