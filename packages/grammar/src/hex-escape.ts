/**
 * `\uXXXX` escapes limited to a set of code units, as a regular expression over hex digits. The
 * printer escapes only characters that must not appear raw (controls, invisible and
 * line-breaking characters, surrogates of escaped astral characters) and always in lower case;
 * limiting the grammar's escapes to those keeps it canonical, and means an escape can never spell
 * a letter, so "not a keyword" and "not time-like" stay exact on the decoded text.
 */
import { choice, type CodePointRange, type Expr, literal, seq, chars } from "./grammar.js";

const HEX = "0123456789abcdef";

/** Hex-digit class for digits low..high (0..15). */
function digitClass(low: number, high: number): Expr {
  if (low === high) return literal(HEX[low] as string);
  const ranges: CodePointRange[] = [];
  // 0-9 and a-f are two runs of code points.
  const lowDigits = [low, Math.min(high, 9)];
  if (lowDigits[0] !== undefined && lowDigits[1] !== undefined && lowDigits[0] <= lowDigits[1]) {
    ranges.push([0x30 + lowDigits[0], 0x30 + lowDigits[1]]);
  }
  const a = Math.max(low, 10);
  if (a <= high) ranges.push([0x61 + a - 10, 0x61 + high - 10]);
  return chars(ranges);
}

/** Four lower-case hex digits spelling a number in [low, high] (both 0..0xffff). */
function hexRange(low: number, high: number, digits = 4): Expr[] {
  if (digits === 0) return [];
  const unit = 16 ** (digits - 1);
  const lowHead = Math.floor(low / unit);
  const highHead = Math.floor(high / unit);
  const full = (head: number): boolean => head * unit >= low && (head + 1) * unit - 1 <= high;
  if (lowHead === highHead) return [seq(literal(HEX[lowHead] as string), ...wrap(hexRange(low % unit, high % unit, digits - 1)))];
  const options: Expr[] = [];
  let firstFull = lowHead;
  if (!full(lowHead)) {
    options.push(seq(literal(HEX[lowHead] as string), ...wrap(hexRange(low % unit, unit - 1, digits - 1))));
    firstFull = lowHead + 1;
  }
  let lastFull = highHead;
  const tailPart: Expr[] = [];
  if (!full(highHead)) {
    tailPart.push(seq(literal(HEX[highHead] as string), ...wrap(hexRange(0, high % unit, digits - 1))));
    lastFull = highHead - 1;
  }
  if (firstFull <= lastFull) options.push(seq(digitClass(firstFull, lastFull), ...Array.from({ length: digits - 1 }, () => digitClass(0, 15))));
  options.push(...tailPart);
  return options;
}

function wrap(options: Expr[]): Expr[] {
  return options.length === 0 ? [] : [choice(...options)];
}

/** `\u` followed by the lower-case hex of one of the code units in `units` (all <= 0xffff). */
export function unicodeEscape(units: readonly CodePointRange[]): Expr {
  const options: Expr[] = [];
  for (const [low, high] of units) options.push(...hexRange(low, high));
  return seq(literal("\\u"), choice(...options));
}
