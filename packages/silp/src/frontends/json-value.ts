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
 * the text may be damaged JSON), and returns how many `:` it holds outside strings and the first
 * number whose value cannot be kept (numberProblem), with its offset in the text. The number is
 * not an error here: the text may be damaged, and a syntax error is reported before it. In a text
 * JSON.parse accepts, that is the number of object members as written, so a parsed value with
 * fewer (countMembers) lost a repeated key, which JSON.parse keeps silently, the last one winning.
 * The json frontend runs it once before parsing: the depth every payload needs, and the count its
 * fast path needs, in the same pass, with nothing allocated per key.
 */
export function scanJson(text: string, maxDepth: number, source: string, baseOffset: number): JsonScan {
  const length = text.length;
  let depth = 0;
  let colons = 0;
  let number: JsonScan["number"];
  let negativeZero = false;
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
    } else if ((code === 0x2d || (code >= 0x30 && code <= 0x39)) && startsToken(text, i)) {
      const end = numberEnd(text, i);
      number ??= unkeepable(text, i, end);
      // `-0`, `-0.0`, `-0e5`: JSON.parse gives -0, which decode reads as 0 (docs/ir.md).
      if (code === 0x2d && !negativeZero && text.charCodeAt(i + 1) === 0x30 && Number(text.slice(i, end)) === 0) negativeZero = true;
      i = end;
      continue;
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
  return { members: colons, number, negativeZero };
}

/** What scanJson found. */
export interface JsonScan {
  /** The `:` outside strings: in a text JSON.parse accepts, the object members as written. */
  members: number;
  /** The first number whose value a JavaScript number cannot keep: its offset in the text and why. */
  number?: { offset: number; problem: string };
  /** A negative zero is written (`-0`, `-0.0`, ...): JSON.parse would give -0, which decode reads as 0. */
  negativeZero: boolean;
}

/** JSON.parse's reviver that reads -0 as 0: JSON has one zero, and compile writes it `0`. */
export function zeroForNegativeZero(_key: string, value: unknown): unknown {
  return value === 0 ? 0 : value;
}

/** The JSON number grammar (RFC 8259, section 6): what `numberProblem` judges; anything else is a syntax error found later. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Why a JSON number as written cannot be kept by a JavaScript IR, or undefined when it can:
 * beyond the largest double (it reads as Infinity), so small that it reads as 0, or an integer
 * beyond 2^53 that it reads as a nearby one (it would be written back with other digits). Each would change the value with no warning, as a
 * repeated key would, so decode refuses it (docs/ir.md, "Numbers"). Fractions keep the nearest
 * double, as every JSON parser in JavaScript does, and `-0` is read as 0 (JSON has one zero).
 */
export function numberProblem(raw: string): string | undefined {
  if (!JSON_NUMBER.test(raw)) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return `the number ${raw} is beyond the largest number a JSON value keeps here (it reads as ${value})`;
  const exponent = raw.search(/[eE]/);
  if (value === 0 && /[1-9]/.test(exponent === -1 ? raw : raw.slice(0, exponent))) return `the number ${raw} is too small to keep (it reads as 0)`;
  // An integer beyond 2^53 is kept only when a JavaScript number writes it back digit for digit (1e20 is; 2^53 + 1 is not).
  if (exponent === -1 && !raw.includes(".") && raw.length > 15 && String(value) !== raw) {
    return `the integer ${raw} is written back as ${value}: a JavaScript number cannot keep its digits; send it as a string`;
  }
  return undefined;
}

/** Whether the character at `at` starts a token: the text's start, or after JSON punctuation or whitespace. */
function startsToken(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return before === 0x3a || before === 0x2c || before === 0x5b || before === 0x7b || before === 0x20 || before === 0x0a || before === 0x0d || before === 0x09;
}

/** Where the number token at `at` ends: its characters are digits, `.`, `+`, `-`, `e` and `E`. */
function numberEnd(text: string, at: number): number {
  let end = at + 1;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (!((code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2b || code === 0x2d || code === 0x65 || code === 0x45)) break;
  }
  return end;
}

/**
 * The number token from `at` to `end` when its value cannot be kept (numberProblem). Only a
 * number long enough to need it (an exponent, or 16 characters and more) is converted, so the
 * common short number costs a scan of its digits.
 */
function unkeepable(text: string, at: number, end: number): JsonScan["number"] {
  if (end - at <= 15 && !/[eE]/.test(text.slice(at, end))) return undefined;
  const problem = numberProblem(text.slice(at, end));
  return problem === undefined ? undefined : { offset: at, problem };
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
  const { number, negativeZero } = scanJson(text, maxDepth, source, baseOffset);
  try {
    const value: unknown = negativeZero ? JSON.parse(text, zeroForNegativeZero) : JSON.parse(text);
    // Valid JSON: a number it cannot keep is its error now (numberProblem).
    if (number !== undefined) throw new SilpError("decode_failed", number.problem, { source, offset: baseOffset + number.offset });
    return value;
  } catch (error) {
    if (error instanceof SilpError) throw error;
    const match = /position (\d+)/.exec(error instanceof Error ? error.message : "");
    const offset = match ? baseOffset + Number(match[1]) : baseOffset;
    const reason = error instanceof Error ? error.message.replace(/ in JSON at position.*$/s, "") : "invalid JSON";
    throw new SilpError("invalid_syntax", `invalid JSON: ${reason}`, { source, offset, expected: ["a JSON value"], cause: error });
  }
}
