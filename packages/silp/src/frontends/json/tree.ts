/**
 * The json frontend's positioned parser: RFC 8259 JSON (no comments, no trailing commas) into a
 * tree whose every node knows its offset and length, so that each error, including the type
 * errors the decoder finds later, points at its line and column, and so that what JSON.parse hides
 * stays visible: a duplicate key (JSON.parse keeps the last) and the digits of a number written
 * where a string belongs ("4.0" stays "4.0").
 *
 * Ours rather than a library's (jsonc-parser until 0.2): this is the grammar the frontend is
 * defined on, the decoder needs only the tree and the first error, and the codec then depends on
 * nothing for parsing. The first error is reported as jsonc-parser reported it (its error names
 * and the offset of the offending token), so error messages and positions did not change.
 *
 * Recursive descent; the caller bounds the nesting first (scanJson), so the recursion is
 * at most `limits.maxDepth` deep. The reader (reader.ts) reads its tokens ahead, as their text
 * arrives, and runs the same grammar over them.
 */
import { INCOMPLETE } from "../decode-context.js";

export type JsonNodeType = "object" | "array" | "property" | "string" | "number" | "boolean" | "null";

export interface JsonNode {
  type: JsonNodeType;
  /** A number's or literal's text as written (the reader may no longer hold the text around it). */
  raw?: string;
  /** UTF-16 offset of the node's first character in the parsed text. */
  offset: number;
  length: number;
  /** A string's decoded value, a number, a boolean or null; absent on containers and properties. */
  value?: string | number | boolean | null;
  /** An object's properties, an array's items, a property's key and value nodes. */
  children?: JsonNode[];
}

export enum Token {
  OpenBrace,
  CloseBrace,
  OpenBracket,
  CloseBracket,
  Colon,
  Comma,
  String,
  Number,
  True,
  False,
  Null,
  Comment,
  Unknown,
  End,
}

/** A failure at a token: thrown inside the parser, caught once at its entry. */
export class Stop {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {}
}

/**
 * Whether the first token that is not a comment or an unknown symbol begins a value: only then
 * was there a payload to repair (a lone `'abc'` or a bare word is not one).
 */
export function startsWithValue(text: string): boolean {
  const scanner = new TreeParser(text);
  for (;;) {
    scanner.scan();
    const token = scanner.kind();
    if (token === Token.Comment || token === Token.Unknown) continue;
    return (
      token === Token.OpenBrace ||
      token === Token.OpenBracket ||
      token === Token.String ||
      token === Token.Number ||
      (token >= Token.True && token <= Token.Null)
    );
  }
}

/** A token the reader read ahead (reader.ts): what `scan` found, at offsets of the stream. */
export interface ReadToken {
  kind: Token;
  start: number;
  end: number;
  /** A string's value, or a number's or literal's text. */
  value: string;
  error: string | undefined;
}

export class TreeParser {
  /** The current token; read through kind() (a method call, so TypeScript does not narrow it across next()). */
  private current: Token = Token.End;
  tokenStart = 0;
  /** The current string token's decoded value (a stream: a number's or literal's text too). */
  stringValue = "";
  /** A lexical error of the current token (reported before any grammar error at it). */
  private scanError: string | undefined;
  pos = 0;
  /**
   * A stream's tokens, read ahead as their text arrived (reader.ts), and the index of the current
   * one: the grammar below then reads them instead of the text, which a stream no longer holds.
   */
  private tokens: ReadToken[] | undefined;
  cursor = -1;

  constructor(private text: string) {}

  /** Scans `text` from its start: a stream's reader gives its one scanner each new text. */
  reset(text: string): void {
    this.text = text;
    this.pos = 0;
  }

  /** A parser that reads `tokens` (a stream's, appended to as they arrive) instead of a text. */
  static over(tokens: ReadToken[]): TreeParser {
    const parser = new TreeParser("");
    parser.tokens = tokens;
    return parser;
  }

  kind(): Token {
    return this.current;
  }

  /** The scanned token as a stream keeps it (after `scan`). */
  read(base: number): ReadToken {
    const kind = this.current;
    const value = kind === Token.String ? this.stringValue : this.text.slice(this.tokenStart, this.pos);
    return { kind, start: base + this.tokenStart, end: base + this.pos, value, error: this.scanError };
  }

  /** Makes token `index` of a stream's the current one; INCOMPLETE past the last one read. */
  load(index: number): void {
    const token = (this.tokens as ReadToken[])[index];
    if (token === undefined) throw INCOMPLETE;
    this.cursor = index;
    this.current = token.kind;
    this.tokenStart = token.start;
    this.pos = token.end;
    this.stringValue = token.value;
    this.scanError = token.error;
  }

  /** The next token for the grammar: a lexical error, a comment or an unknown symbol stops here. */
  next(): void {
    if (this.tokens !== undefined) this.load(this.cursor + 1);
    else this.scan();
    if (this.scanError !== undefined) throw new Stop(this.scanError, this.tokenStart);
    if (this.kind() === Token.Comment) throw new Stop("invalid comment token", this.tokenStart);
    if (this.kind() === Token.Unknown) throw new Stop("invalid symbol", this.tokenStart);
  }

  /** A value at the current token, or undefined when the token cannot start one. */
  value(): JsonNode | undefined {
    const start = this.tokenStart;
    switch (this.kind()) {
      case Token.OpenBrace:
        return this.object();
      case Token.OpenBracket:
        return this.array();
      case Token.String: {
        const node: JsonNode = { type: "string", offset: start, length: this.pos - start, value: this.stringValue };
        this.next();
        return node;
      }
      case Token.Number: {
        const raw = this.tokens === undefined ? this.text.slice(start, this.pos) : this.stringValue;
        const node: JsonNode = { type: "number", offset: start, length: this.pos - start, value: Number(raw), raw };
        this.next();
        return node;
      }
      case Token.True:
      case Token.False:
      case Token.Null: {
        const node: JsonNode =
          this.kind() === Token.Null
            ? { type: "null", offset: start, length: this.pos - start, value: null }
            : { type: "boolean", offset: start, length: this.pos - start, value: this.kind() === Token.True };
        node.raw = this.tokens === undefined ? this.text.slice(start, this.pos) : this.stringValue;
        this.next();
        return node;
      }
      default:
        return undefined;
    }
  }

  object(): JsonNode {
    const node: JsonNode = { type: "object", offset: this.tokenStart, length: 0, children: [] };
    this.next();
    let needsComma = false;
    while (this.kind() !== Token.CloseBrace && this.kind() !== Token.End) {
      if (this.kind() === Token.Comma) {
        if (!needsComma) throw new Stop("value expected", this.tokenStart);
        this.next();
      } else if (needsComma) {
        throw new Stop("comma expected", this.tokenStart);
      }
      if (this.kind() !== Token.String) throw new Stop("property name expected", this.tokenStart);
      const key: JsonNode = { type: "string", offset: this.tokenStart, length: this.pos - this.tokenStart, value: this.stringValue };
      const property: JsonNode = { type: "property", offset: key.offset, length: 0, children: [key] };
      this.next();
      if (this.kind() !== Token.Colon) throw new Stop("colon expected", this.tokenStart);
      this.next();
      const value = this.value();
      if (value === undefined) throw new Stop("value expected", this.tokenStart);
      property.children?.push(value);
      property.length = value.offset + value.length - property.offset;
      node.children?.push(property);
      needsComma = true;
    }
    if (this.kind() !== Token.CloseBrace) throw new Stop("close brace expected", this.tokenStart);
    node.length = this.pos - node.offset;
    this.next();
    return node;
  }

  array(): JsonNode {
    const node: JsonNode = { type: "array", offset: this.tokenStart, length: 0, children: [] };
    this.next();
    let needsComma = false;
    while (this.kind() !== Token.CloseBracket && this.kind() !== Token.End) {
      if (this.kind() === Token.Comma) {
        if (!needsComma) throw new Stop("value expected", this.tokenStart);
        this.next();
      } else if (needsComma) {
        throw new Stop("comma expected", this.tokenStart);
      }
      const value = this.value();
      if (value === undefined) throw new Stop("value expected", this.tokenStart);
      node.children?.push(value);
      needsComma = true;
    }
    if (this.kind() !== Token.CloseBracket) throw new Stop("close bracket expected", this.tokenStart);
    node.length = this.pos - node.offset;
    this.next();
    return node;
  }

  /** Reads the next token after whitespace (space, tab, LF, CR), setting token, tokenStart and scanError. */
  scan(): void {
    const text = this.text;
    let pos = this.pos;
    for (let code = text.charCodeAt(pos); isBlank(code); code = text.charCodeAt(++pos));
    this.tokenStart = pos;
    this.scanError = undefined;
    if (pos >= text.length) {
      this.pos = text.length;
      this.current = Token.End;
      return;
    }
    const code = text.charCodeAt(pos);
    const single = code < 0x80 ? (PUNCTUATION[code] as number) : NOT_PUNCTUATION;
    if (single !== NOT_PUNCTUATION) {
      this.pos = pos + 1;
      this.current = single;
      return;
    }
    if (code === 0x22) {
      this.pos = this.scanString(pos + 1);
      this.current = Token.String;
    } else if (code === 0x2f && (text.charCodeAt(pos + 1) === 0x2f || text.charCodeAt(pos + 1) === 0x2a)) {
      this.pos = commentEnd(text, pos);
      this.current = Token.Comment;
    } else if (code === 0x2d || isDigit(code)) {
      if (code === 0x2d && !isDigit(text.charCodeAt(pos + 1))) {
        this.pos = pos + 1;
        this.current = Token.Unknown;
      } else {
        this.pos = this.scanNumber(code === 0x2d ? pos + 1 : pos);
        this.current = Token.Number;
      }
    } else {
      // A bare word: the literals, or an unknown symbol (a lone character that starts none).
      let end = pos;
      while (end < text.length && isWordCharacter(text.charCodeAt(end))) end++;
      if (end === pos) end++;
      const word = text.slice(pos, end);
      this.pos = end;
      this.current = word === "true" ? Token.True : word === "false" ? Token.False : word === "null" ? Token.Null : Token.Unknown;
    }
  }

  /** After the opening quote at `from - 1`: the decoded value into stringValue; returns the end. */
  private scanString(from: number): number {
    const text = this.text;
    let value = "";
    let pos = from;
    let chunk = from;
    for (;;) {
      if (pos >= text.length) {
        this.scanError = "unexpected end of string";
        break;
      }
      const code = text.charCodeAt(pos);
      if (code === 0x22) {
        value += text.slice(chunk, pos);
        pos++;
        break;
      }
      if (code === 0x5c) {
        value += text.slice(chunk, pos);
        pos++;
        if (pos >= text.length) {
          this.scanError = "unexpected end of string";
          break;
        }
        const escaped = text.charCodeAt(pos++);
        const simple = ESCAPES[escaped];
        if (simple !== undefined) {
          value += simple;
        } else if (escaped === 0x75) {
          const hex = text.slice(pos, pos + 4);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) {
            value += String.fromCharCode(Number.parseInt(hex, 16));
            pos += 4;
          } else {
            // As many hex digits as there are are consumed, like the reference scanner.
            while (pos < text.length && isHexDigit(text.charCodeAt(pos))) pos++;
            this.scanError = "invalid unicode";
          }
        } else {
          this.scanError = "invalid escape character";
        }
        chunk = pos;
        continue;
      }
      if (code <= 0x1f) {
        if (code === 0x0a || code === 0x0d) {
          this.scanError = "unexpected end of string";
          break;
        }
        this.scanError = "invalid character";
      }
      pos++;
    }
    this.stringValue = value;
    return pos;
  }

  /** A number from its first digit at `from`; an incomplete fraction or exponent is a lexical error. */
  private scanNumber(from: number): number {
    const text = this.text;
    let pos = from;
    if (text.charCodeAt(pos) === 0x30) pos++;
    else while (isDigit(text.charCodeAt(pos))) pos++;
    if (text.charCodeAt(pos) === 0x2e) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        this.scanError = "unexpected end of number";
        return pos;
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const code = text.charCodeAt(pos);
    if (code === 0x45 || code === 0x65) {
      const mark = pos;
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === 0x2b || sign === 0x2d) pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        this.scanError = "unexpected end of number";
        return mark;
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    return pos;
  }
}

/**
 * The token of each ASCII punctuation character, NOT_PUNCTUATION for the others: a typed array,
 * since an object keyed by a few character codes is a sparse dictionary to V8, and looking up
 * every other character in it (a miss) took half of the scanner's time.
 */
const NOT_PUNCTUATION = 0xff;
const PUNCTUATION = new Uint8Array(0x80).fill(NOT_PUNCTUATION);
PUNCTUATION[0x7b] = Token.OpenBrace;
PUNCTUATION[0x7d] = Token.CloseBrace;
PUNCTUATION[0x5b] = Token.OpenBracket;
PUNCTUATION[0x5d] = Token.CloseBracket;
PUNCTUATION[0x3a] = Token.Colon;
PUNCTUATION[0x2c] = Token.Comma;

const ESCAPES: Partial<Record<number, string>> = { 34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t" };

/** End of the comment starting at `start` (`//` to the line break, `/*` past its `*\/` or to the end). */
function commentEnd(text: string, start: number): number {
  if (text.charCodeAt(start + 1) === 0x2f) {
    let pos = start + 2;
    while (pos < text.length && text.charCodeAt(pos) !== 0x0a && text.charCodeAt(pos) !== 0x0d) pos++;
    return pos;
  }
  const close = text.indexOf("*/", start + 2);
  return close === -1 ? text.length : close + 2;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** JSON's whitespace (RFC 8259): space, tab, line feed, carriage return. */
export function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** `{ } [ ] : ,`: a token of one character. */
export function isPunctuation(code: number): boolean {
  return code < 0x80 && PUNCTUATION[code] !== NOT_PUNCTUATION;
}

/**
 * What a bare word may contain, and so a number (every character of a number is one): anything
 * but whitespace, JSON's punctuation, the quote and the slash. The reader's stream finds the end
 * of a token cut by a chunk with it, so it must stop where the scanner stops.
 */
export function isWordCharacter(code: number): boolean {
  return !(isBlank(code) || isPunctuation(code) || code === 0x22 || code === 0x2f);
}
