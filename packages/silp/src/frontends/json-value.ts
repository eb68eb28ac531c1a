/**
 * JSON pieces inside payloads (the code frontend's `#meta` trailer and `...` literals): a linear
 * nesting pre-scan so hostile depth becomes a typed `limit_exceeded` instead of a stack overflow,
 * then the native parser, whose error position is mapped back into the payload.
 */
import { SilpError } from "../errors.js";

/** Throws when `text` nests arrays/objects deeper than `maxDepth`. Linear; skips string contents. */
export function checkJsonDepth(text: string, maxDepth: number, source: string, baseOffset: number): void {
  scanJson(text, maxDepth, source, baseOffset, false);
}

/**
 * One linear pass over a JSON text, skipping string contents: throws `limit_exceeded` at the first
 * bracket nested deeper than `maxDepth` (a closing bracket counts down even where nothing is open:
 * the text may be damaged JSON), and, with `keys`, returns whether some object repeats a key,
 * which JSON.parse would silently drop (escaped keys compared decoded; a key whose escape is not
 * valid JSON counts as repeated, since such a text cannot take the native parser anyway). The json
 * frontend runs it once before parsing: the depth every payload needs, and the key check its fast
 * path needs, in the same pass.
 */
export function scanJson(text: string, maxDepth: number, source: string, baseOffset: number, keys: boolean): boolean {
  const objects: (Set<string> | null)[] = [];
  const length = text.length;
  let depth = 0;
  let repeated = false;
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
      if (keys && !repeated) repeated = repeatsKey(text, i, j, escaped, objects[objects.length - 1]);
      i = j + 1;
      continue;
    }
    if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) {
        throw new SilpError("limit_exceeded", `JSON nesting deeper than the limit of ${maxDepth}`, {
          source,
          offset: baseOffset + i,
          details: { limit: "maxDepth", value: maxDepth },
        });
      }
      if (keys) objects.push(code === 0x7b ? new Set() : null);
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
      if (keys) objects.pop();
    }
    i++;
  }
  return repeated;
}

/** Whether the string at `start`..`end` (its quotes) is a key its object already has; records it. */
function repeatsKey(text: string, start: number, end: number, escaped: boolean, object: Set<string> | null | undefined): boolean {
  if (!object) return false;
  let k = end + 1;
  while (k < text.length && isJsonSpace(text.charCodeAt(k))) k++;
  if (text.charCodeAt(k) !== 0x3a) return false;
  let key: string;
  try {
    key = escaped ? (JSON.parse(text.slice(start, end + 1)) as string) : text.slice(start + 1, end);
  } catch {
    return true;
  }
  if (object.has(key)) return true;
  object.add(key);
  return false;
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
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
