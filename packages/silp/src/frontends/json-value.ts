/**
 * JSON pieces inside payloads (the code frontend's `#meta` trailer and `...` literals): a linear
 * nesting pre-scan so hostile depth becomes a typed `limit_exceeded` instead of a stack overflow,
 * then the native parser, whose error position is mapped back into the payload.
 */
import { SilpError } from "../errors.js";

/** Throws when `text` nests arrays/objects deeper than `maxDepth`. Linear; skips string contents. */
export function checkJsonDepth(text: string, maxDepth: number, source: string, baseOffset: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) {
        throw new SilpError("limit_exceeded", `JSON nesting deeper than the limit of ${maxDepth}`, {
          source,
          offset: baseOffset + i,
          details: { limit: "maxDepth", value: maxDepth },
        });
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
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
