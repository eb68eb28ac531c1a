/**
 * Lenient repair of model-damaged JSON (docs/json.md, Extraction and repair): trailing commas,
 * comments, single quotes, unquoted keys and Python literals, each reported with its kind and
 * offset.
 *
 * Our own, in two linear passes over one token list: `isDamagedJson` checks that the text is JSON
 * but for those five kinds of damage (anything else, such as a truncated payload, a missing comma
 * or an unquoted value, would have to be guessed at, and decode never guesses), then each damaged
 * token is rewritten in place and every other character is kept. Until 0.2 the rewriting was
 * jsonrepair's and this module aligned its output with the input token by token to learn what it
 * had changed; with the accepted damage already known token by token, writing the fix directly
 * is shorter than the alignment was, cannot change anything else, and drops a 650 KB dependency.
 */
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
 * `context`; undefined when the text has damage other than the kinds we repair.
 */
export function repairJson(context: DecodeContext, text: string, base: number): RepairedJson | undefined {
  const tokens = looseTokens(text);
  if (!isDamagedJson(tokens)) return undefined;
  const repairs: { kind: RepairKind; offset: number; message: string }[] = [];
  const fixedStarts: number[] = [];
  const originalStarts: number[] = [];
  let out = "";
  let copied = 0; // text before this offset is in `out` already
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as LooseToken;
    const raw = text.slice(token.start, token.end);
    let replacement: string | undefined = raw;
    if (token.kind === "comment") {
      repairs.push({ kind: "json_comment", offset: token.start, message: "a comment in JSON" });
      replacement = undefined;
    } else if (token.kind === "punct" && token.value === ",") {
      const after = nextSignificant(tokens, i + 1);
      if (after?.value === "}" || after?.value === "]") {
        repairs.push({ kind: "json_trailing_comma", offset: token.start, message: `a comma before ${after.value}` });
        replacement = undefined;
      }
    } else if (token.kind === "string" && token.quote === "'") {
      repairs.push({ kind: "json_single_quotes", offset: token.start, message: describe("json_single_quotes", raw) });
      replacement = JSON.stringify(token.value);
    } else if (token.kind === "word" && nextSignificant(tokens, i + 1)?.value === ":") {
      repairs.push({ kind: "json_unquoted_key", offset: token.start, message: describe("json_unquoted_key", raw) });
      replacement = `"${raw}"`;
    } else if (token.kind === "word" && PYTHON_LITERALS[raw] !== undefined) {
      repairs.push({ kind: "json_python_literal", offset: token.start, message: describe("json_python_literal", raw) });
      replacement = PYTHON_LITERALS[raw];
    }
    out += text.slice(copied, token.start);
    copied = token.end;
    if (replacement === undefined) continue;
    fixedStarts.push(out.length);
    originalStarts.push(token.start);
    out += replacement;
  }
  out += text.slice(copied);
  for (const repair of repairs) context.repair(repair.kind, base + repair.offset, repair.message);
  return {
    text: out,
    originalOffset(offset: number): number {
      // The last kept token starting at or before `offset` (binary search: positions are sorted).
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

const PYTHON_LITERALS: Record<string, string> = { True: "true", False: "false", None: "null" };
const LITERALS = new Set(["true", "false", "null", "True", "False", "None"]);
const KEY_WORD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** RFC 8259's number: a number-like word that is not one (`1.`, `01`, `1e`) would need a guess to fix. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

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
    const scalar =
      (token.kind === "string" && value !== undefined) ||
      (token.kind === "number" && JSON_NUMBER.test(value as string)) ||
      (token.kind === "word" && LITERALS.has(value as string));
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
