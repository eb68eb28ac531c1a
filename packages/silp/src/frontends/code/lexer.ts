/**
 * Lexer of the code frontend: a pull lexer over the payload, one token per `next()` call, in a
 * single left-to-right pass with no backtracking, so lexing is linear in the input.
 *
 * Whitespace is not a token; each token records where the whitespace before it started, so the
 * parser can insist on canonical spacing in strict mode and report repairs in lenient mode.
 */

import { codePointBefore, isJoinerInWord } from "../../security/invisible.js";
import { isBareCode, isWhitespaceCode } from "./chars.js";
import { SilpError } from "../../errors.js";

export type TokenKind =
  | "bare" // a run of bare characters: names, function names, unquoted values, keywords
  | "string" // "..." with JSON escapes; `text` is the decoded value
  | "json" // `...` a JSON literal for non-string extra values; `text` is the JSON source
  | "op" // == != <= >= < >
  | "("
  | ")"
  | ","
  | ";"
  | ":"
  | "@"
  | "="
  | "!"
  | "["
  | "]"
  | "{" // the meta trailer's braces: #{p2 c.75}
  | "}"
  | "eof";

export interface Token {
  kind: TokenKind;
  /** Decoded text: the value for strings, the JSON source for json literals, else the raw slice. */
  text: string;
  start: number;
  end: number;
  /** Offset where the whitespace before this token starts (== start when there is none). */
  wsStart: number;
}

export class Lexer {
  private pos: number;

  /**
   * Lexes `source` from `start` up to (not including) `end`. `onSingleQuote`, given only in
   * lenient mode, accepts a 'single-quoted' string and is told where it starts (to record the
   * repair); without it a `'` stays an unexpected character, as strict mode requires.
   */
  constructor(
    readonly source: string,
    start = 0,
    private readonly end = source.length,
    private readonly onSingleQuote?: (offset: number) => void,
  ) {
    this.pos = start;
  }

  /** The offset just after the last token read. */
  get position(): number {
    return this.pos;
  }

  next(): Token {
    const source = this.source;
    const wsStart = this.pos;
    let pos = this.pos;
    while (pos < this.end && isWhitespaceCode(source.charCodeAt(pos))) pos++;
    const start = pos;
    if (pos >= this.end) {
      this.pos = pos;
      return { kind: "eof", text: "", start, end: pos, wsStart };
    }
    const code = source.charCodeAt(pos);
    switch (code) {
      case 0x28:
        return this.single("(", start, wsStart);
      case 0x29:
        return this.single(")", start, wsStart);
      case 0x2c:
        return this.single(",", start, wsStart);
      case 0x3b:
        return this.single(";", start, wsStart);
      case 0x3a:
        return this.single(":", start, wsStart);
      case 0x40:
        return this.single("@", start, wsStart);
      case 0x5b:
        return this.single("[", start, wsStart);
      case 0x5d:
        return this.single("]", start, wsStart);
      case 0x7b:
        return this.single("{", start, wsStart);
      case 0x7d:
        return this.single("}", start, wsStart);
      case 0x22:
        return this.readString(start, wsStart);
      case 0x60:
        return this.readJsonLiteral(start, wsStart);
      case 0x27:
        if (this.onSingleQuote) return this.readSingleQuoted(start, wsStart, this.onSingleQuote);
        break;
      case 0x21: // !  !=
      case 0x3d: // =  ==
      case 0x3c: // <  <=
      case 0x3e: {
        // >  >=
        const twoChar = pos + 1 < this.end && source.charCodeAt(pos + 1) === 0x3d;
        this.pos = pos + (twoChar ? 2 : 1);
        const kind: TokenKind = twoChar || code === 0x3c || code === 0x3e ? "op" : code === 0x21 ? "!" : "=";
        return { kind, text: source.slice(start, this.pos), start, end: this.pos, wsStart };
      }
    }
    if (code < 0x80 ? isBareCode(code, "") : isBareCode(code, String.fromCodePoint(source.codePointAt(pos) as number))) {
      return this.readBare(start, wsStart);
    }
    const codePoint = source.codePointAt(pos) as number;
    throw new SilpError("invalid_syntax", `unexpected character ${describeChar(codePoint)}`, {
      source,
      offset: pos,
      expected: ["a name, a value, a quoted string or punctuation ( ) , ; : @ = ! < > [ ]"],
    });
  }

  private single(kind: TokenKind, start: number, wsStart: number): Token {
    this.pos = start + 1;
    return { kind, text: kind, start, end: start + 1, wsStart };
  }

  private readBare(start: number, wsStart: number): Token {
    const source = this.source;
    let pos = start;
    while (pos < this.end) {
      const code = source.charCodeAt(pos);
      if (code < 0x80) {
        if (!isBareCode(code, "")) break;
        pos++;
        continue;
      }
      const codePoint = source.codePointAt(pos) as number;
      const width = codePoint > 0xffff ? 2 : 1;
      if (!isBareCode(code, String.fromCodePoint(codePoint)) && !this.isKeptJoiner(code, pos, start)) break;
      pos += width;
    }
    this.pos = pos;
    return { kind: "bare", text: source.slice(start, pos), start, end: pos, wsStart };
  }

  /**
   * ZWNJ/ZWJ inside a word of a non-Latin script (Persian می‌خواهم): the sanitizer keeps exactly
   * these (docs/security.md, same predicate), so the grammar must read them as part of the bare
   * value instead of failing on a character the sanitizer deliberately let through. Never at the
   * start or end of a token: both neighbours must be letters or marks of the word.
   */
  private isKeptJoiner(code: number, pos: number, start: number): boolean {
    if ((code !== 0x200c && code !== 0x200d) || pos === start || pos + 1 >= this.end) return false;
    return isJoinerInWord(codePointBefore(this.source, pos), this.source.codePointAt(pos + 1));
  }

  /** A JSON string literal. Escapes are checked here so errors point at the bad escape. */
  private readString(start: number, wsStart: number): Token {
    const source = this.source;
    let pos = start + 1;
    let escaped = false;
    while (pos < this.end) {
      const code = source.charCodeAt(pos);
      if (code === 0x22) break; // closing quote
      if (code === 0x5c) {
        escaped = true;
        const next = source[pos + 1];
        if (next === "u") {
          const hex = source.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex) || pos + 6 > this.end) {
            throw new SilpError("invalid_syntax", "invalid \\u escape in string", { source, offset: pos, expected: ["\\u followed by 4 hex digits"] });
          }
          pos += 6;
          continue;
        }
        if (next === undefined || pos + 1 >= this.end || !'"\\/bfnrt'.includes(next)) {
          throw new SilpError("invalid_syntax", "invalid escape in string", {
            source,
            offset: pos,
            expected: ['one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX'],
          });
        }
        pos += 2;
        continue;
      }
      if (code < 0x20) {
        throw new SilpError("invalid_syntax", "unescaped control character in string", { source, offset: pos, expected: ["an escape such as \\n"] });
      }
      pos++;
    }
    if (pos >= this.end) {
      throw new SilpError("invalid_syntax", "unterminated string", { source, offset: start, expected: ['a closing "'] });
    }
    const raw = source.slice(start, pos + 1);
    this.pos = pos + 1;
    const text = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    return { kind: "string", text, start, end: this.pos, wsStart };
  }

  /**
   * 'text' (lenient only): the same escapes as a "string", plus \' for a quote. It is rewritten
   * as the equivalent JSON string and read by JSON.parse, so both spellings decode alike.
   */
  private readSingleQuoted(start: number, wsStart: number, onSingleQuote: (offset: number) => void): Token {
    const source = this.source;
    let pos = start + 1;
    let json = '"';
    let runStart = pos;
    while (pos < this.end) {
      const code = source.charCodeAt(pos);
      if (code === 0x27) break;
      if (code === 0x22) {
        json += `${source.slice(runStart, pos)}\\"`;
        runStart = ++pos;
        continue;
      }
      if (code === 0x5c && source.charCodeAt(pos + 1) === 0x27 && pos + 1 < this.end) {
        json += `${source.slice(runStart, pos)}'`;
        pos += 2;
        runStart = pos;
        continue;
      }
      pos += code === 0x5c && pos + 1 < this.end ? 2 : 1;
    }
    if (pos >= this.end) throw new SilpError("invalid_syntax", "unterminated string", { source, offset: start, expected: ["a closing '"] });
    json += `${source.slice(runStart, pos)}"`;
    let text: string;
    try {
      text = JSON.parse(json) as string;
    } catch {
      throw new SilpError("invalid_syntax", "invalid escape or control character in a single-quoted string", {
        source,
        offset: start,
        expected: ["a JSON string escape"],
      });
    }
    onSingleQuote(start);
    this.pos = pos + 1;
    return { kind: "string", text, start, end: this.pos, wsStart };
  }

  /** `...`: a JSON literal. Backticks never occur inside it (the printer escapes them as \u0060). */
  private readJsonLiteral(start: number, wsStart: number): Token {
    const close = this.source.indexOf("`", start + 1);
    if (close === -1 || close >= this.end) {
      throw new SilpError("invalid_syntax", "unterminated JSON literal", { source: this.source, offset: start, expected: ["a closing `"] });
    }
    this.pos = close + 1;
    return { kind: "json", text: this.source.slice(start + 1, close), start, end: this.pos, wsStart };
  }
}

export function describeChar(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, "0");
  const printable = codePoint >= 0x21 && codePoint !== 0x7f && !/\p{C}|\p{Z}/u.test(String.fromCodePoint(codePoint));
  return printable ? `"${String.fromCodePoint(codePoint)}" (U+${hex})` : `U+${hex}`;
}
