/**
 * Character classes as code point ranges, computed from the runtime's Unicode tables (the same
 * tables the codec's regular expressions use), so the grammar's classes cannot drift from the
 * decoder's. Neither GBNF nor Python's `re` (Lark) knows \p{L}, so the exporters print ranges.
 */
import type { CodePointRange } from "./grammar.js";

const MAX_CODE_POINT = 0x10ffff;

/** Every code point (surrogates excluded) for which `test` holds, as sorted, merged ranges. */
export function rangesWhere(test: (char: string, codePoint: number) => boolean): CodePointRange[] {
  const ranges: [number, number][] = [];
  let start = -1;
  for (let cp = 0; cp <= MAX_CODE_POINT + 1; cp++) {
    const inside = cp <= MAX_CODE_POINT && (cp < 0xd800 || cp > 0xdfff) && test(String.fromCodePoint(cp), cp);
    if (inside && start < 0) start = cp;
    else if (!inside && start >= 0) {
      ranges.push([start, cp - 1]);
      start = -1;
    }
  }
  return ranges;
}

/** The ranges of `base` without the code points of `removed`. */
export function subtract(base: readonly CodePointRange[], removed: readonly CodePointRange[]): CodePointRange[] {
  const out: CodePointRange[] = [];
  for (const [low, high] of base) {
    let cursor = low;
    for (const [rLow, rHigh] of removed) {
      if (rHigh < cursor || rLow > high) continue;
      if (rLow > cursor) out.push([cursor, rLow - 1]);
      cursor = Math.max(cursor, rHigh + 1);
      if (cursor > high) break;
    }
    if (cursor <= high) out.push([cursor, high]);
  }
  return out;
}

export function single(...chars: string[]): CodePointRange[] {
  return mergeRanges(chars.map((char) => [char.codePointAt(0) as number, char.codePointAt(0) as number] as const));
}

/** Sorted, with overlapping and adjacent ranges joined. */
export function mergeRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

export function isAsciiAlphanumeric(cp: number): boolean {
  return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
}

export function unicodeEscapeText(cp: number): string {
  return cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
}

/** A class body `a-zA-Z…` with each member printed by `member`. */
export function classText(ranges: readonly CodePointRange[], member: (cp: number) => string): string {
  return ranges.map(([low, high]) => (low === high ? member(low) : `${member(low)}-${member(high)}`)).join("");
}

export function contains(ranges: readonly CodePointRange[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [a, b] = ranges[mid] as CodePointRange;
    if (codePoint < a) high = mid - 1;
    else if (codePoint > b) low = mid + 1;
    else return true;
  }
  return false;
}

export function size(ranges: readonly CodePointRange[]): number {
  let total = 0;
  for (const [a, b] of ranges) total += b - a + 1;
  return total;
}

/**
 * A literal in double quotes, as GBNF and Lark both write one: `"` and `\` backslash-escaped,
 * printable ASCII as is, everything else through the format's own code-point escape.
 */
export function quoteLiteral(text: string, codePoint: (cp: number) => string): string {
  let out = '"';
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (cp < 0x20 || cp > 0x7e) out += codePoint(cp);
    else out += char;
  }
  return `${out}"`;
}
