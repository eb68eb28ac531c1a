/**
 * Lenient repair of model-damaged JSON (docs/json.md, Extraction and repair): trailing commas,
 * comments, single quotes, unquoted keys and Python literals.
 *
 * The repairing itself is jsonrepair's (a small, dependency-free, browser-ready library; writing a
 * second JSON repairer would only add bugs). jsonrepair does not say what it changed, and SILP
 * reports every repair with its kind and offset, so the repaired text is aligned with the original
 * token by token, in one linear pass: each difference must be one of the damage kinds above, or
 * the repair is refused and the original parse error stands. This also rejects what jsonrepair
 * would guess at (a truncated payload closed, a missing comma inserted, an unquoted value quoted):
 * those change meaning, and decode never guesses. A token-level walk rather than a character diff:
 * a diff library's Myers algorithm is O(N·D), super-linear on a payload with many repairs.
 */
import { jsonrepair } from "jsonrepair";
import type { DecodeContext, RepairKind } from "../decode-context.js";

interface LooseToken {
  kind: "punct" | "string" | "word" | "number" | "comment" | "other";
  start: number;
  end: number;
  /** punct/word/number/other: the source text; string: the decoded value (undefined if undecodable). */
  value: string | undefined;
  quote?: "'" | '"';
}

export interface RepairedJson {
  /** Strict JSON text. */
  text: string;
  /** Maps an offset in `text` to the offset of the same token in the original text. */
  originalOffset(offset: number): number;
}

/**
 * Repairs `text` (the payload starting at `base` in `context.source`), recording every repair on
 * `context`; undefined when jsonrepair fails or changed something that is not a repair we make.
 */
export function repairJson(context: DecodeContext, text: string, base: number): RepairedJson | undefined {
  const original = looseTokens(text);
  // jsonrepair is super-linear on some garbage (measured: `{"III"III"III…` of 16K and 32K
  // characters took 1.6 s and 9.6 s), so it only sees text our linear scan found to be JSON with
  // nothing wrong but the damage kinds we repair.
  if (!isDamagedJson(original)) return undefined;
  let repaired: string;
  try {
    repaired = jsonrepair(text);
  } catch {
    return undefined;
  }
  const fixed = looseTokens(repaired);
  const repairs: { kind: RepairKind; offset: number; message: string }[] = [];
  const fixedStarts: number[] = [];
  const originalStarts: number[] = [];
  let i = 0;
  for (let j = 0; j < fixed.length; j++) {
    const want = fixed[j] as LooseToken;
    let have = original[i];
    // Comments and trailing commas exist only in the original: record and skip them.
    while (have && (have.kind === "comment" || (have.value === "," && want.value !== ","))) {
      if (have.kind === "comment") {
        repairs.push({ kind: "json_comment", offset: have.start, message: "a comment in JSON" });
      } else {
        const after = nextSignificant(original, i + 1);
        if (after?.value !== "}" && after?.value !== "]") return undefined;
        repairs.push({ kind: "json_trailing_comma", offset: have.start, message: `a comma before ${after.value}` });
      }
      have = original[++i];
    }
    if (!have) return undefined;
    const kind = difference(have, want, original[i + 1]);
    if (kind === null) return undefined;
    if (kind) repairs.push({ kind, offset: have.start, message: describe(kind, text.slice(have.start, have.end)) });
    fixedStarts.push(want.start);
    originalStarts.push(have.start);
    i++;
  }
  for (; i < original.length; i++) {
    const rest = original[i] as LooseToken;
    if (rest.kind !== "comment") return undefined;
    repairs.push({ kind: "json_comment", offset: rest.start, message: "a comment in JSON" });
  }
  for (const repair of repairs) context.repair(repair.kind, base + repair.offset, repair.message);
  return {
    text: repaired,
    originalOffset(offset: number): number {
      // The last aligned token starting at or before `offset` (binary search: positions are sorted).
      let low = 0;
      let high = fixedStarts.length - 1;
      let found = -1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        if ((fixedStarts[mid] as number) <= offset) {
          found = mid;
          low = mid + 1;
        } else {
          high = mid - 1;
        }
      }
      return found === -1 ? 0 : (originalStarts[found] as number);
    },
  };
}

/** The repair that turns token `have` into `want`: "" when equal, null when not a repair we make. */
function difference(have: LooseToken, want: LooseToken, after: LooseToken | undefined): RepairKind | "" | null {
  if (want.kind === "string") {
    if (have.kind === "string" && have.value !== undefined && have.value === want.value) return have.quote === "'" ? "json_single_quotes" : "";
    // An unquoted key (followed by `:`); an unquoted value is a guess and stays an error.
    if (have.kind === "word" && have.value === want.value && after?.value === ":") return "json_unquoted_key";
    return null;
  }
  if (have.kind === want.kind && have.value === want.value) return "";
  if (have.kind === "word" && want.kind === "word" && PYTHON_LITERALS[have.value as string] === want.value) return "json_python_literal";
  return null;
}

const PYTHON_LITERALS: Record<string, string> = { True: "true", False: "false", None: "null" };
const LITERALS = new Set(["true", "false", "null", "True", "False", "None"]);
const KEY_WORD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

type Expect = "value" | "valueOrClose" | "keyOrClose" | "colon" | "afterValue" | "end";

/**
 * Whether the tokens are JSON but for the damage we repair: comments, trailing commas, single
 * quotes, unquoted keys and Python literals. One pass with an explicit stack (no recursion).
 */
function isDamagedJson(tokens: readonly LooseToken[]): boolean {
  const stack: ("{" | "[")[] = [];
  let expect: Expect = "value";
  for (const token of tokens) {
    if (token.kind === "comment") continue;
    const value = token.value;
    const scalar = (token.kind === "string" && value !== undefined) || token.kind === "number" || (token.kind === "word" && LITERALS.has(value as string));
    switch (expect) {
      case "value":
      case "valueOrClose":
        if (value === "{" && token.kind === "punct") {
          stack.push("{");
          expect = "keyOrClose";
        } else if (value === "[" && token.kind === "punct") {
          stack.push("[");
          expect = "valueOrClose";
        } else if (scalar) {
          expect = stack.length === 0 ? "end" : "afterValue";
        } else if (expect === "valueOrClose" && value === "]" && token.kind === "punct") {
          stack.pop();
          expect = stack.length === 0 ? "end" : "afterValue";
        } else {
          return false;
        }
        break;
      case "keyOrClose":
        if (token.kind === "punct" && value === "}") {
          stack.pop();
          expect = stack.length === 0 ? "end" : "afterValue";
        } else if ((token.kind === "string" && value !== undefined) || (token.kind === "word" && KEY_WORD.test(value as string))) {
          expect = "colon";
        } else {
          return false;
        }
        break;
      case "colon":
        if (token.kind !== "punct" || value !== ":") return false;
        expect = "value";
        break;
      case "afterValue": {
        const top = stack[stack.length - 1];
        if (token.kind !== "punct") return false;
        if (value === ",") expect = top === "{" ? "keyOrClose" : "valueOrClose";
        else if ((value === "}" && top === "{") || (value === "]" && top === "[")) {
          stack.pop();
          expect = stack.length === 0 ? "end" : "afterValue";
        } else return false;
        break;
      }
      case "end":
        return false;
    }
  }
  return expect === "end";
}

function describe(kind: RepairKind, raw: string): string {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  switch (kind) {
    case "json_single_quotes":
      return `a single-quoted string ${shown}`;
    case "json_unquoted_key":
      return `an unquoted key ${shown}`;
    default:
      return `the Python literal ${shown}`;
  }
}

function nextSignificant(tokens: LooseToken[], from: number): LooseToken | undefined {
  for (let k = from; k < tokens.length; k++) if ((tokens[k] as LooseToken).kind !== "comment") return tokens[k];
  return undefined;
}

/** Tokens of JSON and of its usual damage, in one linear pass; whitespace is skipped. */
function looseTokens(text: string): LooseToken[] {
  const tokens: LooseToken[] = [];
  let pos = 0;
  while (pos < text.length) {
    const code = text.charCodeAt(pos);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
      pos++;
      continue;
    }
    const start = pos;
    if (code === 0x22 || code === 0x27) {
      pos = stringEnd(text, pos);
      tokens.push({ kind: "string", start, end: pos, value: decodeQuoted(text.slice(start, pos)), quote: code === 0x22 ? '"' : "'" });
    } else if (code === 0x2f && (text[pos + 1] === "/" || text[pos + 1] === "*")) {
      const close = text[pos + 1] === "/" ? text.indexOf("\n", pos) : text.indexOf("*/", pos + 2);
      pos = close === -1 ? text.length : text[pos + 1] === "/" ? close : close + 2;
      tokens.push({ kind: "comment", start, end: pos, value: undefined });
    } else if ("{}[],:".includes(text[pos] as string)) {
      pos++;
      tokens.push({ kind: "punct", start, end: pos, value: text[start] });
    } else if (isWordCode(code)) {
      while (pos < text.length && isWordCode(text.charCodeAt(pos))) pos++;
      const value = text.slice(start, pos);
      tokens.push({ kind: /^-?[0-9]/.test(value) ? "number" : "word", start, end: pos, value });
    } else {
      pos++;
      tokens.push({ kind: "other", start, end: pos, value: text[start] });
    }
  }
  return tokens;
}

function isWordCode(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x24 ||
    code === 0x2d ||
    code === 0x2b ||
    code === 0x2e
  );
}

/** End of the string starting at `start` (after its closing quote, or the end of the text). */
function stringEnd(text: string, start: number): number {
  const quote = text.charCodeAt(start);
  let pos = start + 1;
  while (pos < text.length) {
    const code = text.charCodeAt(pos);
    if (code === 0x5c) pos += 2;
    else if (code === quote) return pos + 1;
    else pos++;
  }
  return text.length;
}

/** The value of a "..." or '...' string with JSON escapes (plus \' in single quotes). */
function decodeQuoted(raw: string): string | undefined {
  if (raw.length < 2 || raw[raw.length - 1] !== raw[0]) return undefined;
  let body = raw.slice(1, -1);
  if (raw[0] === "'") body = body.replace(/\\'|\\.|"/g, (match) => (match === "\\'" ? "'" : match === '"' ? '\\"' : match));
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined;
  }
}
