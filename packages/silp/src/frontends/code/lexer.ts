/**
 * Lexer of the code frontend: a pull lexer, one token per `next()` call, in a single
 * left-to-right pass with no backtracking, so lexing is linear in the input.
 *
 * It reads a whole payload (`new Lexer(source)`: decode) or a stream of chunks (`Lexer.stream()`:
 * streaming decode, the same lexer). In a stream the text ends where the chunks received so far
 * end, and a token that reaches that end may go on in the next chunk: `next()` then throws
 * `INCOMPLETE` and keeps what it had scanned of the token (its text so far and the scanner's
 * state), so the next chunk resumes the token where it stopped. Each character is scanned a
 * bounded number of times however the text is cut, and a chunk is never joined to the text
 * before it (a growing string would be copied whole on every read). The stream's text is kept
 * once, by the reader (`received`): a token that spanned chunks is read from there by its offsets
 * when it ends, so the lexer keeps no copy of its own.
 *
 * Whitespace is not a token; each token records where the whitespace before it started and
 * whether it was exactly one space, so the parser can insist on canonical spacing in strict
 * mode and report repairs in lenient mode without reading the text again.
 */

import { INCOMPLETE, type ReceivedText } from "../decode-context.js";
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
  /** The whitespace before this token is exactly one U+0020. */
  oneSpace: boolean;
  /** The character code right after a bare token (-1 at the end of the payload; 0 for other tokens). */
  follow: number;
  /** A 'single-quoted' string (lenient mode only): the parser records the repair. */
  singleQuoted?: true;
}

export { INCOMPLETE };

/** What a stream lexer keeps of a token that the text received so far ends inside. */
interface Pending {
  /** Where the token's whitespace started, and (once it ended) where the token starts; -1 before. */
  wsStart: number;
  start: number;
  /** The first whitespace character (its code), and the whitespace's length so far. */
  wsFirst: number;
  /** What the token is being read as: whitespace before it, or the kind of its first character. */
  scan: "ws" | "bare" | "string" | "single" | "json";
  /** Where reading resumes: the text from here on is read again with the next chunk. */
  resume: number;
  /** A string: an escape was seen (its text needs JSON.parse). */
  escaped: boolean;
  /** A single-quoted string: the JSON string built so far. */
  json: string;
  /** The code point before `resume` (a joiner inside a word looks back at it). */
  before: number | undefined;
}

export class Lexer {
  /** The text being read: the whole payload, or in a stream what is left of the last chunks. */
  private text: string;
  /** Offset of `text`'s first character in the payload. */
  private base: number;
  private pos: number;
  private end: number;
  private final: boolean;
  private pending: Pending | undefined;
  private readonly spare: Pending = {
    scan: "ws",
    start: -1,
    wsStart: 0,
    wsFirst: 0,
    resume: 0,
    escaped: false,
    json: '"',
    before: undefined,
  };
  /** Reading a stream: the text before the last chunks is gone from `text`; the reader keeps it (`received`). */
  private streamed = false;
  /** A stream: all the text received, each chunk appended by the reader before `append` gets it. */
  private received: ReceivedText | undefined;

  /**
   * Lexes `source` from `start` up to (not including) `end`. `singleQuotes`, set only in lenient
   * mode, accepts a 'single-quoted' string (its token says so, for the repair); without it a `'`
   * stays an unexpected character, as strict mode requires.
   */
  constructor(
    source: string,
    start = 0,
    end = source.length,
    private readonly singleQuotes = false,
  ) {
    this.text = source;
    this.base = 0;
    this.pos = start;
    this.end = end;
    this.final = true;
  }

  /**
   * A lexer for a stream whose payload starts at `start` of `received`, the text received so far;
   * feed it each chunk with `append` once `received` holds it, and `finish` at the end.
   */
  static stream(received: ReceivedText, start: number, singleQuotes = false): Lexer {
    const lexer = new Lexer("", 0, 0, singleQuotes);
    lexer.received = received;
    lexer.base = start;
    lexer.pos = start;
    lexer.end = start;
    lexer.final = false;
    lexer.streamed = true;
    return lexer;
  }

  /** Where the text ends: the payload's end, or in a stream the end of the chunks received. */
  get limit(): number {
    return this.end;
  }

  /** The offset just after the last token read. */
  get position(): number {
    return this.pos;
  }

  /** A stream's next chunk. Only the text from where a pending token resumes is kept with it. */
  append(chunk: string): boolean {
    const pending = this.pending;
    if (pending !== undefined && pending.resume === this.end && this.continues(pending, chunk)) return false;
    const keep = pending ? pending.resume : this.pos;
    this.text = this.text.slice(keep - this.base) + chunk;
    this.base = keep;
    this.end += chunk.length;
    return true;
  }

  /**
   * A chunk that only goes on with the pending token (more of a word, of a string without quote
   * or escape, of whitespace) joins it without being read as tokens: false when it might end it.
   * Most chunks of a model's stream are such pieces; this keeps them to a check per character.
   */
  private continues(pending: Pending, chunk: string): boolean {
    const scan = pending.scan;
    if (scan === "single" || (scan === "ws" && pending.start !== -1)) return false;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      const inner =
        scan === "bare"
          ? code < 0x80 && isBareCode(code, "")
          : scan === "string"
            ? code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff)
            : scan === "json"
              ? code !== 0x60
              : isWhitespaceCode(code);
      if (!inner) return false;
    }
    if (scan === "ws") {
      if (pending.resume === pending.wsStart) pending.wsFirst = chunk.charCodeAt(0);
    } else {
      pending.before = chunk.charCodeAt(chunk.length - 1);
    }
    pending.resume += chunk.length;
    this.end += chunk.length;
    this.base = this.end;
    this.text = "";
    this.pos = this.end;
    return true;
  }

  /**
   * The stream's payload ends at `end` (at most the text received): what is pending becomes a
   * token or an error, and the end of text is the end of the payload.
   */
  finish(end = this.end): void {
    this.end = end;
    this.final = true;
  }

  next(): Token {
    const token = this.scan();
    if (token === undefined) throw INCOMPLETE;
    return token;
  }

  /**
   * The next token, or undefined when the text received so far ends inside it (what was read of
   * it is kept): a stream asks this first, so a chunk that completes no token costs no throw.
   */
  tryNext(): Token | undefined {
    return this.scan();
  }

  private scan(): Token | undefined {
    const pending = this.pending;
    if (pending !== undefined) {
      this.pending = undefined;
      return this.resumeToken(pending);
    }
    const text = this.text;
    const base = this.base;
    const wsStart = this.pos;
    let pos = this.pos;
    while (pos < this.end && isWhitespaceCode(text.charCodeAt(pos - base))) pos++;
    return this.token(pos, wsStart, wsStart < pos ? text.charCodeAt(wsStart - base) : 0, pos - wsStart);
  }

  /** Goes on with a token the last chunk ended inside. */
  private resumeToken(p: Pending): Token | undefined {
    const base = this.base;
    if (p.scan === "ws") {
      let pos = p.resume;
      while (pos < this.end && isWhitespaceCode(this.text.charCodeAt(pos - base))) pos++;
      // The whitespace's first character is known once one arrived: before this chunk, or in it.
      const wsFirst = p.resume > p.wsStart ? p.wsFirst : pos > p.resume ? this.text.charCodeAt(p.resume - base) : 0;
      return this.token(pos, p.wsStart, wsFirst, pos - p.wsStart);
    }
    const oneSpace = p.start - p.wsStart === 1 && p.wsFirst === 0x20;
    switch (p.scan) {
      case "bare":
        return this.readBare(p.start, p.wsStart, oneSpace, p.resume, p);
      case "string":
        return this.readString(p.start, p.wsStart, oneSpace, p.resume, p);
      case "single":
        return this.readSingleQuoted(p.start, p.wsStart, oneSpace, p.resume, p);
      case "json":
        return this.readJsonLiteral(p.start, p.wsStart, oneSpace, p.resume, p);
    }
  }

  /** The token starting at `start`, after whitespace from `wsStart` (`wsFirst` its first character). */
  private token(start: number, wsStart: number, wsFirst: number, wsLength: number): Token | undefined {
    if (start >= this.end) {
      this.pos = start;
      if (!this.final) return this.suspendAt(start, wsStart, wsFirst);
      return this.make("eof", "", start, start, wsStart, wsLength === 1 && wsFirst === 0x20, 0);
    }
    const oneSpace = wsLength === 1 && wsFirst === 0x20;
    const text = this.text;
    const base = this.base;
    const code = text.charCodeAt(start - base);
    switch (code) {
      case 0x28:
        return this.single("(", start, wsStart, oneSpace);
      case 0x29:
        return this.single(")", start, wsStart, oneSpace);
      case 0x2c:
        return this.single(",", start, wsStart, oneSpace);
      case 0x3b:
        return this.single(";", start, wsStart, oneSpace);
      case 0x3a:
        return this.single(":", start, wsStart, oneSpace);
      case 0x40:
        return this.single("@", start, wsStart, oneSpace);
      case 0x5b:
        return this.single("[", start, wsStart, oneSpace);
      case 0x5d:
        return this.single("]", start, wsStart, oneSpace);
      case 0x7b:
        return this.single("{", start, wsStart, oneSpace);
      case 0x7d:
        return this.single("}", start, wsStart, oneSpace);
      case 0x22:
        return this.readString(start, wsStart, oneSpace, start + 1, undefined);
      case 0x60:
        return this.readJsonLiteral(start, wsStart, oneSpace, start + 1, undefined);
      case 0x27:
        if (this.singleQuotes) return this.readSingleQuoted(start, wsStart, oneSpace, start + 1, undefined);
        break;
      case 0x21: // !  !=
      case 0x3d: // =  ==
      case 0x3c: // <  <=
      case 0x3e: {
        // >  >=
        if (start + 1 >= this.end && !this.final) return this.suspendAt(start, wsStart, wsFirst);
        const twoChar = start + 1 < this.end && text.charCodeAt(start + 1 - base) === 0x3d;
        const end = start + (twoChar ? 2 : 1);
        this.pos = end;
        const kind: TokenKind = twoChar || code === 0x3c || code === 0x3e ? "op" : code === 0x21 ? "!" : "=";
        return this.make(kind, text.slice(start - base, end - base), start, end, wsStart, oneSpace, 0);
      }
    }
    // A high surrogate whose low half has not arrived yet is not a character yet.
    if (code >= 0xd800 && code <= 0xdbff && start + 1 >= this.end && !this.final) return this.suspendAt(start, wsStart, wsFirst);
    if (code < 0x80 ? isBareCode(code, "") : isBareCode(code, String.fromCodePoint(text.codePointAt(start - base) as number))) {
      return this.readBare(start, wsStart, oneSpace, start, undefined);
    }
    const codePoint = text.codePointAt(start - base) as number;
    throw this.error(`unexpected character ${describeChar(codePoint)}`, start, ["a name, a value, a quoted string or punctuation ( ) , ; : @ = ! < > [ ]"]);
  }

  private single(kind: TokenKind, start: number, wsStart: number, oneSpace: boolean): Token {
    this.pos = start + 1;
    return this.make(kind, kind, start, start + 1, wsStart, oneSpace, 0);
  }

  private readBare(start: number, wsStart: number, oneSpace: boolean, from: number, resumed: Pending | undefined): Token | undefined {
    const text = this.text;
    const base = this.base;
    let pos = from;
    let more = false;
    while (pos < this.end) {
      const code = text.charCodeAt(pos - base);
      if (code < 0x80) {
        if (!isBareCode(code, "")) break;
        pos++;
        continue;
      }
      if (code >= 0xd800 && code <= 0xdbff && pos + 1 >= this.end && !this.final) {
        more = true; // its low half is still to come
        break;
      }
      const codePoint = text.codePointAt(pos - base) as number;
      if (!isBareCode(code, String.fromCodePoint(codePoint))) {
        const joiner = this.keptJoiner(code, pos, start, resumed, from);
        more = joiner === INCOMPLETE;
        if (joiner !== true) break;
      }
      pos += codePoint > 0xffff ? 2 : 1;
    }
    if (more || (pos >= this.end && !this.final)) return this.suspendToken("bare", start, wsStart, oneSpace, pos, resumed);
    this.pos = pos;
    const body = resumed ? this.spanned(start, pos) : text.slice(from - base, pos - base);
    return this.make("bare", body, start, pos, wsStart, oneSpace, pos < this.end ? text.charCodeAt(pos - base) : -1);
  }

  /**
   * ZWNJ/ZWJ inside a word of a non-Latin script (Persian می‌خواهم): the sanitizer keeps exactly
   * these (docs/security.md, same predicate), so the grammar must read them as part of the bare
   * value instead of failing on a character the sanitizer deliberately let through. Never at the
   * start or end of a token: both neighbours must be letters or marks of the word. INCOMPLETE
   * when the character after it has not arrived yet.
   */
  private keptJoiner(code: number, pos: number, start: number, resumed: Pending | undefined, from: number): boolean | typeof INCOMPLETE {
    if ((code !== 0x200c && code !== 0x200d) || pos === start) return false;
    if (pos + 1 >= this.end) return this.final ? false : INCOMPLETE;
    const before = pos === from && resumed !== undefined ? resumed.before : codePointBefore(this.text, pos - this.base);
    return isJoinerInWord(before, this.text.codePointAt(pos + 1 - this.base));
  }

  /** A JSON string literal. Escapes are checked here so errors point at the bad escape. */
  private readString(start: number, wsStart: number, oneSpace: boolean, from: number, resumed: Pending | undefined): Token | undefined {
    const text = this.text;
    const base = this.base;
    let pos = from;
    let escaped = resumed?.escaped ?? false;
    while (pos < this.end) {
      const code = text.charCodeAt(pos - base);
      if (code === 0x22) break; // closing quote
      if (code === 0x5c) {
        escaped = true;
        if (!this.final && pos + 6 > this.end) {
          // The escape may not have arrived whole: read it again with the next chunk.
          if (pos + 1 >= this.end || (text[pos + 1 - base] === "u" && pos + 6 > this.end)) {
            return this.suspendToken("string", start, wsStart, oneSpace, pos, resumed, escaped);
          }
        }
        const next = text[pos + 1 - base];
        if (next === "u") {
          const hex = text.slice(pos + 2 - base, pos + 6 - base);
          if (!/^[0-9a-fA-F]{4}$/.test(hex) || pos + 6 > this.end) {
            throw this.error("invalid \\u escape in string", pos, ["\\u followed by 4 hex digits"]);
          }
          pos += 6;
          continue;
        }
        if (next === undefined || pos + 1 >= this.end || !'"\\/bfnrt'.includes(next)) {
          throw this.error("invalid escape in string", pos, ['one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX']);
        }
        pos += 2;
        continue;
      }
      if (code < 0x20) throw this.error("unescaped control character in string", pos, ["an escape such as \\n"]);
      pos++;
    }
    if (pos >= this.end) {
      if (!this.final) return this.suspendToken("string", start, wsStart, oneSpace, pos, resumed, escaped);
      throw this.error("unterminated string", start, ['a closing "']);
    }
    this.pos = pos + 1;
    const quoted = resumed ? this.spanned(start, pos + 1) : text.slice(start - base, pos + 1 - base);
    const value = escaped ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
    return this.make("string", value, start, pos + 1, wsStart, oneSpace, 0);
  }

  /**
   * 'text' (lenient only): the same escapes as a "string", plus \' for a quote. It is rewritten
   * as the equivalent JSON string and read by JSON.parse, so both spellings decode alike.
   */
  private readSingleQuoted(start: number, wsStart: number, oneSpace: boolean, from: number, resumed: Pending | undefined): Token | undefined {
    const text = this.text;
    const base = this.base;
    let pos = from;
    let json = resumed?.json ?? '"';
    let runStart = pos;
    let more = false;
    while (pos < this.end) {
      const code = text.charCodeAt(pos - base);
      if (code === 0x27) break;
      if (code === 0x22) {
        json += `${text.slice(runStart - base, pos - base)}\\"`;
        runStart = ++pos;
        continue;
      }
      if (code === 0x5c) {
        if (pos + 1 >= this.end) {
          more = !this.final; // what it escapes is still to come
          if (more) break;
          pos++;
          continue;
        }
        if (text.charCodeAt(pos + 1 - base) === 0x27) {
          json += `${text.slice(runStart - base, pos - base)}'`;
          pos += 2;
          runStart = pos;
          continue;
        }
        pos += 2;
        continue;
      }
      pos++;
    }
    if (more || pos >= this.end) {
      if (this.final) throw this.error("unterminated string", start, ["a closing '"]);
      this.pending = this.fresh("single", start, wsStart, oneSpace);
      this.pending.resume = pos;
      this.pending.json = json + text.slice(runStart - base, pos - base);
      this.pos = pos;
      return undefined;
    }
    json += `${text.slice(runStart - base, pos - base)}"`;
    let value: string;
    try {
      value = JSON.parse(json) as string;
    } catch {
      throw this.error("invalid escape or control character in a single-quoted string", start, ["a JSON string escape"]);
    }
    this.pos = pos + 1;
    const token = this.make("string", value, start, pos + 1, wsStart, oneSpace, 0);
    token.singleQuoted = true;
    return token;
  }

  /** `...`: a JSON literal. Backticks never occur inside it (the printer escapes them as \u0060). */
  private readJsonLiteral(start: number, wsStart: number, oneSpace: boolean, from: number, resumed: Pending | undefined): Token | undefined {
    const text = this.text;
    const base = this.base;
    const found = text.indexOf("`", from - base);
    const close = found === -1 ? -1 : found + base;
    if (close === -1 || close >= this.end) {
      if (!this.final) return this.suspendToken("json", start, wsStart, oneSpace, this.end, resumed);
      throw this.error("unterminated JSON literal", start, ["a closing `"]);
    }
    this.pos = close + 1;
    const literal = resumed ? this.spanned(start + 1, close) : text.slice(from - base, close - base);
    return this.make("json", literal, start, close + 1, wsStart, oneSpace, 0);
  }

  private make(kind: TokenKind, text: string, start: number, end: number, wsStart: number, oneSpace: boolean, follow: number): Token {
    return { kind, text, start, end, wsStart, oneSpace, follow };
  }

  /** A stream: the text of a token that spanned chunks, from the text the reader keeps. */
  private spanned(from: number, to: number): string {
    return (this.received as ReceivedText).slice(from, to);
  }

  /**
   * Keeps where a token the text received so far ends inside resumes with the next chunk (its text
   * stays in `received`); undefined, for the caller to return.
   */
  private suspendToken(
    scan: "bare" | "string" | "json",
    start: number,
    wsStart: number,
    oneSpace: boolean,
    resume: number,
    resumed: Pending | undefined,
    escaped = false,
  ): undefined {
    // The token went on: its record is kept and updated (a stream suspends about once per token).
    const pending = resumed ?? this.fresh(scan, start, wsStart, oneSpace);
    pending.resume = resume;
    pending.escaped = escaped;
    pending.before = resume > this.base ? codePointBefore(this.text, resume - this.base) : resumed?.before;
    this.pending = pending;
    this.pos = resume;
    return undefined;
  }

  /** Reads from `resume` again, whitespace first, with the next chunk (an operator or a split surrogate pair waits whole). */
  private suspendAt(resume: number, wsStart: number, wsFirst: number): undefined {
    const pending = this.fresh("ws", -1, wsStart, false);
    pending.wsFirst = wsFirst;
    pending.resume = resume;
    this.pending = pending;
    this.pos = resume;
    return undefined;
  }

  /**
   * The record of a token a chunk ends inside. One record serves every token in turn (only one is
   * ever pending, and a completed token's text no longer needs it): a stream allocates nothing per token for it.
   */
  private fresh(scan: Pending["scan"], start: number, wsStart: number, oneSpace: boolean): Pending {
    const pending = this.spare;
    pending.scan = scan;
    pending.start = start;
    pending.wsStart = wsStart;
    pending.wsFirst = oneSpace ? 0x20 : start > wsStart ? -1 : 0;
    pending.resume = start;
    pending.escaped = false;
    pending.json = '"';
    pending.before = undefined;
    return pending;
  }

  private error(message: string, offset: number, expected: readonly string[]): SilpError {
    // In a stream the text before the last chunk is gone: the error is positioned, without a code
    // frame (a stream that fails is decoded again whole, which reports the error with its frame).
    return new SilpError("invalid_syntax", message, this.streamed ? { offset, expected } : { source: this.text, offset, expected });
  }
}

export function describeChar(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, "0");
  const printable = codePoint >= 0x21 && codePoint !== 0x7f && !/\p{C}|\p{Z}/u.test(String.fromCodePoint(codePoint));
  return printable ? `"${String.fromCodePoint(codePoint)}" (U+${hex})` : `U+${hex}`;
}
