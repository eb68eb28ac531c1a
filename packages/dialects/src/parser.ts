/**
 * The dialect parser: a dialect payload -> the code frontend's canonical payload for the same
 * tokens, which the code frontend then decodes (its roles, quoting and validation are the only
 * ones). Recursive descent with no backtracking: at each point the longest spelling of the dialect
 * that matches decides (docs/dialects.md, "Lossless by construction"); values are read with the
 * code frontend's own lexer. Linear: every step consumes input or ends the parse (the one
 * lookahead, whether an action call's argument has a name, reads its first value once more).
 * With `keywords: ordered`, an action call's leading arguments written without names get them
 * back from the agreed order (argument-order.ts): the code payload always has every name.
 *
 * This is half of the strict decoder: the other half (dialect.ts) prints the decoded IR again and
 * refuses the text unless it is exactly what the printer writes.
 */

import { codeSyntax, functionNameToAction } from "silp/util";
import { LeadingRun, orderOf, POSITIONAL } from "./argument-order.js";
import type { Spellings } from "./spellings.js";
import { SilpError } from "silp";

/** A key as the code frontend writes it: bare when it is an identifier and not a keyword. */
const codeKey = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !codeSyntax.KEYWORDS.has(name) ? name : codeSyntax.quoteString(name));

/** The code payload and, for each piece of it, where it came from in the dialect text. */
export interface Unspelled {
  readonly code: string;
  /** Offset in `code` -> offset in the dialect text (for errors the code decoder reports). */
  readonly toTextOffset: (codeOffset: number) => number;
  /** How the text's meta trailer is written: items (`#{p2}`), an earlier version's JSON object, or none. */
  readonly metaForm: "items" | "json" | undefined;
  /** Where the trailer starts in the dialect text (its length when there is none). */
  readonly metaAt: number;
}

/** The start of a JSON trailer object of earlier versions: its first key is silp, version or meta. */
const JSON_TRAILER = /^\s*"(?:silp|version|meta)"\s*:/;

type ValueRole = "function" | "name" | "value";

class Unspeller {
  private pos = 0;
  private out = "";
  private metaForm: "items" | "json" | undefined;
  private metaAt: number;
  private readonly marks: { code: number; text: number; length: number }[] = [];

  constructor(
    private readonly text: string,
    private readonly spellings: Spellings,
  ) {
    this.metaAt = text.length;
  }

  run(): Unspelled {
    this.statement();
    const marks = this.marks;
    const toTextOffset = (codeOffset: number): number => {
      let low = 0;
      let high = marks.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((marks[middle] as { code: number }).code <= codeOffset) low = middle;
        else high = middle - 1;
      }
      const mark = marks[low];
      return mark === undefined ? 0 : mark.text + Math.min(Math.max(0, codeOffset - mark.code), mark.length);
    };
    return { code: this.out, toTextOffset, metaForm: this.metaForm, metaAt: this.metaAt };
  }

  private statement(): void {
    const s = this.spellings;
    if (this.is(s.if)) {
      this.take(s.if, "if ");
      this.condition();
      while (this.is(s.and)) {
        this.take(s.and, " and ");
        this.condition();
      }
      this.expect(s.thenWord, ": ", "the end of the conditions");
    }
    this.call(true);
    while (this.is(s.actions)) {
      this.take(s.actions, "; ");
      this.call(true);
    }
    if (this.is(s.else)) {
      this.take(s.else, " else: ");
      this.call(false);
      while (this.is(s.alternatives)) {
        this.take(s.alternatives, "; ");
        this.call(false);
      }
    }
    const marker = this.is(s.meta) ? s.meta : s.metaJson !== undefined && this.is(s.metaJson) ? s.metaJson : undefined;
    if (marker !== undefined) {
      // The rest is the trailer's items and "}" as the code frontend writes them, which the code
      // decoder reads and checks. Payloads of earlier versions carry a JSON object instead (the
      // code spelling ` #meta {"meta":…}`), which the code decoder still reads.
      const rest = this.text.slice(this.pos + marker.length);
      this.metaForm = JSON_TRAILER.test(rest) ? "json" : "items";
      this.metaAt = this.pos;
      this.take(marker, this.metaForm === "json" ? " #meta {" : " #{");
      this.emit(rest, this.pos);
      this.pos = this.text.length;
    }
    if (this.pos < this.text.length) this.fail(`unexpected ${this.describeHere()}`, ["the end of the payload"]);
  }

  private condition(): void {
    const s = this.spellings;
    if (this.is(s.negation)) {
      this.take(s.negation, "!");
      this.value("name");
      this.args(false);
      return;
    }
    this.value("name");
    const here = this.longest();
    for (const [operator, spelling] of Object.entries(s.operators)) {
      if (here === spelling) {
        this.take(spelling, operator);
        this.value("value");
        if (this.is(s.time)) {
          this.take(s.time, ", ");
          this.value("value");
        }
        return;
      }
    }
    this.args(false);
  }

  /** A call; an action call's leading arguments may be written without names (keywords: ordered). */
  private call(isAction: boolean): void {
    const name = this.value("function");
    const order = isAction ? orderOf(this.spellings.argumentOrder, functionNameToAction(name)) : undefined;
    this.args(true, order === undefined ? undefined : new LeadingRun(order));
  }

  /** An argument list, if one follows; a call always gets one in the code payload (`f()`). */
  private args(isCall: boolean, run?: LeadingRun): void {
    const s = this.spellings;
    if (s.spacesCall) {
      if (this.longest() !== " ") {
        if (isCall) this.emit("()", this.pos, 0);
        return;
      }
      this.take(" ", "(");
      this.argument(run);
      while (this.longest() === " ") {
        this.take(" ", ",");
        this.argument(run);
      }
      this.emit(")", this.pos, 0);
      return;
    }
    if (this.text.charCodeAt(this.pos) !== 0x28 /* ( */) {
      if (isCall && s.omitEmptyArgs) this.emit("()", this.pos, 0);
      else if (isCall) this.fail(`expected ( after the function name, found ${this.describeHere()}`, ["("]);
      return;
    }
    this.take("(", "(");
    if (this.text.charCodeAt(this.pos) === 0x29 /* ) */) {
      this.take(")", ")");
      return;
    }
    this.argument(run);
    while (this.text.charCodeAt(this.pos) === 0x2c /* , */) {
      this.take(",", ",");
      this.argument(run);
    }
    this.expect(")", ")", "the end of the argument list");
  }

  /** `value`, `key=value`, `target@location`, each optionally followed by `[key=value,...]`. */
  private argument(run?: LeadingRun): void {
    const s = this.spellings;
    if (run !== undefined) {
      // Which name an argument written without one stands for is its place in the leading run.
      const name = run.read(this.namedHere());
      if (name !== undefined && name !== POSITIONAL) this.emit(`${codeKey(name)}=`, this.pos, 0);
    }
    this.value("value");
    if (this.is(s.equals)) {
      this.take(s.equals, "=");
      this.value("value");
    }
    if (this.is(s.location)) {
      this.take(s.location, "@");
      this.value("value");
    }
    if (this.text.charCodeAt(this.pos) === 0x5b /* [ */) {
      this.take("[", "[");
      for (;;) {
        this.value("name");
        this.expect(s.equals, "=", "the key's value");
        this.value("value");
        if (this.text.charCodeAt(this.pos) !== 0x2c /* , */) break;
        this.take(",", ",");
      }
      this.expect("]", "]", "the end of the extra fields");
    }
  }

  /** Whether the argument here is written with a name: its first value is followed by the equals spelling. */
  private namedHere(): boolean {
    const code = this.text.charCodeAt(this.pos);
    if (this.pos >= this.text.length || code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) return false;
    const token = new codeSyntax.Lexer(this.text, this.pos).next();
    if (token.kind !== "bare" && token.kind !== "string" && token.kind !== "json") return false;
    return this.longestAt(token.end) === this.spellings.equals;
  }

  /** A bare word, a "quoted" string or a `json` literal, read by the code frontend's lexer; returns its text (a string's content). */
  private value(role: ValueRole): string {
    const start = this.pos;
    const code = this.text.charCodeAt(start);
    if (start >= this.text.length || code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) {
      this.fail(`expected a ${role === "function" ? "function name" : role}, found ${this.describeHere()}`, [role]);
    }
    const token = new codeSyntax.Lexer(this.text, start).next();
    if (token.kind !== "bare" && token.kind !== "string" && token.kind !== "json") {
      this.fail(`expected a ${role === "function" ? "function name" : role}, found ${this.describeHere()}`, [role]);
    }
    const bareFunctionName = role === "function" && !this.spellings.quoteReservedFunctionNames;
    if (token.kind === "bare" && this.spellings.reserved.has(token.text) && !bareFunctionName) {
      this.fail(`"${token.text}" is a word of this dialect; as a ${role} it must be quoted`, [JSON.stringify(token.text)]);
    }
    this.pos = token.end;
    // The code frontend reads function names only bare; a dialect quotes one that is a reserved word.
    const written = role === "function" && token.kind === "string" ? token.text : this.text.slice(start, token.end);
    this.emit(written, start, token.end - start);
    return token.text;
  }

  /** The longest spelling of the dialect that the text continues with here. */
  private longest(): string | undefined {
    return this.longestAt(this.pos);
  }

  private longestAt(at: number): string | undefined {
    for (const spelling of this.spellings.longestFirst) if (this.text.startsWith(spelling, at)) return spelling;
    return undefined;
  }

  private is(spelling: string): boolean {
    return spelling !== "" && this.longest() === spelling;
  }

  private take(spelling: string, code: string): void {
    this.emit(code, this.pos, spelling.length);
    this.pos += spelling.length;
  }

  private expect(spelling: string, code: string, what: string): void {
    if (!this.is(spelling)) this.fail(`expected ${JSON.stringify(spelling)} (${what}), found ${this.describeHere()}`, [spelling]);
    this.take(spelling, code);
  }

  private emit(code: string, textOffset: number, length = code.length): void {
    this.marks.push({ code: this.out.length, text: textOffset, length });
    this.out += code;
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return "the end of the payload";
    return JSON.stringify(this.text.slice(this.pos, this.pos + 12));
  }

  private fail(message: string, expected: readonly string[]): never {
    throw new SilpError("invalid_syntax", message, { source: this.text, offset: this.pos, expected });
  }
}

/** Reads a dialect payload into the code payload with the same tokens, or throws invalid_syntax. */
export function unspell(text: string, spellings: Spellings): Unspelled {
  return new Unspeller(text, spellings).run();
}
