/**
 * Recursive-descent parser of the code frontend (grammar: docs/grammar.md). One token of
 * lookahead plus one pushed-back token; no backtracking, so parsing is linear in the input.
 *
 * The parser only builds the syntax tree and enforces spacing: canonical spacing is required in
 * strict mode, and every deviation is a recorded repair in lenient mode. Roles (which argument
 * is a subject, a time, a target) are assigned later, in lower.ts.
 */

import type { DecodeContext, RepairKind } from "../decode-context.js";
import { KEYWORDS } from "./chars.js";
import { Lexer, type Token, type TokenKind } from "./lexer.js";
import type { ArgNode, CallNode, ConstraintNode, Lexeme, MetaItemNode, MetaTrailerNode, Statement } from "./syntax.js";
import { SilpError } from "../../errors.js";

export function parseStatement(context: DecodeContext, start: number, end: number): Statement {
  return new Parser(context, start, end).statement();
}

class Parser {
  private readonly lexer: Lexer;
  private lookahead: Token | undefined;

  constructor(
    private readonly context: DecodeContext,
    private readonly start: number,
    private readonly end: number,
  ) {
    const onSingleQuote = context.strict
      ? undefined
      : (offset: number) => context.repair("single_quoted_string", offset, "a single-quoted string", ['a "double-quoted" string']);
    this.lexer = new Lexer(context.source, start, end, onSingleQuote);
  }

  /**
   * statement = [ "if" SP condition ":" SP ] actions [ SP "else:" SP alt-actions ]
   *             [ meta-trailer / SP "#meta" SP json-object ]
   */
  statement(): Statement {
    const statement: Statement = { conditions: [], actions: [], alternatives: [] };
    const first = this.peek();
    this.space(first, "", "whitespace", "no whitespace before the payload");
    if (first.kind === "bare" && this.keyword(first) === "if") {
      const ifToken = this.take();
      const afterIf = this.peek();
      if (afterIf.kind === "(") {
        // `if(` is a call of a verb named IF, not a condition.
        statement.actions = this.calls(ifToken);
      } else {
        this.context.hooks.structural(ifToken.text, ifToken.start, "keyword", false); // it is the keyword
        this.space(afterIf, " ", "whitespace", "one space after if");
        statement.conditions = this.condition();
        statement.actions = this.calls();
      }
    } else {
      statement.actions = this.calls();
    }
    let next = this.peek();
    if (next.kind === "bare" && this.keyword(next) === "else") {
      this.space(next, " ", "whitespace", "one space before else");
      const elseToken = this.takeKeyword();
      const colon = this.peek();
      if (colon.kind === ":") {
        this.space(colon, "", "whitespace", "no space before the colon of else:");
        this.take();
      } else {
        this.context.repair("else_without_colon", elseToken.end, "else without a colon", ["else:"]);
      }
      this.space(this.peek(), " ", "whitespace", "one space after else:");
      statement.alternatives = this.calls();
      next = this.peek();
    }
    if (next.kind === "bare" && next.text === "#") {
      this.space(next, " ", "whitespace", "one space before the meta trailer");
      statement.trailer = this.metaItems(this.take());
      return statement;
    }
    if (next.kind === "bare" && this.keyword(next) === "#meta") {
      this.space(next, " ", "whitespace", "one space before #meta");
      const metaToken = this.takeKeyword();
      let jsonStart = metaToken.end;
      const source = this.context.source;
      while (jsonStart < this.end && /\s/.test(source[jsonStart] as string)) jsonStart++;
      if (jsonStart - metaToken.end !== 1 || source[metaToken.end] !== " ") {
        this.context.repair("whitespace", metaToken.end, "expected one space after #meta", ["SP"]);
      }
      let jsonEnd = this.end;
      while (jsonEnd > jsonStart && /\s/.test(source[jsonEnd - 1] as string)) jsonEnd--;
      if (jsonEnd !== this.end) this.context.repair("whitespace", jsonEnd, "trailing whitespace after the payload");
      if (jsonStart >= jsonEnd) this.fail(jsonStart, "expected a JSON object after #meta", ["{"]);
      statement.trailer = { form: "json", json: source.slice(jsonStart, jsonEnd), start: jsonStart };
      return statement;
    }
    const eof = this.peek();
    if (eof.kind !== "eof") {
      this.fail(eof.start, `unexpected ${describe(eof)} after the last call`, ['";" and another call', "else:", "#meta", "end of payload"]);
    }
    this.space(eof, "", "whitespace", "no whitespace after the payload");
    return statement;
  }

  /**
   * meta-trailer = SP "#{" meta-item *( SP meta-item ) "}", the end of the payload.
   * meta-item = flag / key "=" ( value / json-literal / "[" [ entry *( "," entry ) "]" ),
   * where a flag is a bare word such as `p2` or `c.75` (lower.ts gives items their meaning). The
   * closing brace matters: a payload cut inside the trailer is an error, never a shorter value.
   */
  private metaItems(hash: Token): MetaTrailerNode {
    const open = this.take();
    if (open.kind !== "{") this.fail(open.start, `expected { after # (the meta trailer is #{...}), not ${describe(open)}`, ["{"]);
    this.space(open, "", "whitespace", "no space between # and {");
    const items: MetaItemNode[] = [];
    for (;;) {
      const token = this.take();
      if (token.kind === "}" && items.length > 0) {
        this.space(token, "", "whitespace", "no space before }");
        break;
      }
      if (token.kind === "eof")
        this.fail(token.start, "unexpected end of payload inside the meta trailer", items.length > 0 ? ["}", "a meta item"] : ["a meta item"]);
      this.space(token, items.length === 0 ? "" : " ", "whitespace", items.length === 0 ? "no space after {" : "one space between meta items");
      items.push(this.metaItem(token));
    }
    const eof = this.peek();
    if (eof.kind !== "eof") this.fail(eof.start, `unexpected ${describe(eof)} after the meta trailer`, ["end of payload"]);
    this.space(eof, "", "whitespace", "no whitespace after the payload");
    return { form: "items", items, start: hash.start };
  }

  private metaItem(token: Token): MetaItemNode {
    if (token.kind !== "bare" && token.kind !== "string") {
      this.fail(token.start, `unexpected ${describe(token)} in the meta trailer`, ["a meta item such as p2, c.75 or sid=a1", "}"]);
    }
    const name = this.lexeme(token);
    if (this.peek().kind !== "=") {
      if (token.kind === "string") this.fail(this.peek().start, `expected = after the meta field ${JSON.stringify(token.text)}`, ["="]);
      return { name, start: token.start };
    }
    const eq = this.take();
    this.space(eq, "", "whitespace", "no space before =");
    const valueToken = this.take();
    this.space(valueToken, "", "whitespace", "no space after =");
    if (valueToken.kind !== "[") return { name, value: this.value(valueToken, `a value for ${token.text}`), start: token.start };
    const list: Lexeme[] = [];
    let next = this.peek();
    if (next.kind === "]") {
      this.space(next, "", "whitespace", "no space inside []");
      this.take();
      return { name, list, start: token.start };
    }
    for (;;) {
      const entry = this.take();
      this.space(entry, "", "whitespace", "no space inside [...]");
      list.push(entry.kind === "!" ? this.actionCode(entry) : this.value(entry, "a list entry"));
      next = this.take();
      this.space(next, "", "whitespace", "no space inside [...]");
      if (next.kind === "]") return { name, list, start: token.start };
      if (next.kind !== ",")
        this.fail(next.start, next.kind === "eof" ? "unexpected end of payload inside a list" : `unexpected ${describe(next)} in a list`, [",", "]"]);
    }
  }

  /** `!FETCH` in a list: an action code as the IR writes it, one bare word glued to the `!`. */
  private actionCode(bang: Token): Lexeme {
    const word = this.take();
    if (word.kind !== "bare" || word.wsStart !== word.start) this.fail(word.start, "expected an action code such as !FETCH after !", ["!VERB"]);
    return { kind: "string", text: `!${word.text}`, start: bang.start, end: word.end };
  }

  /** condition = constraint *( SP "and" SP constraint ), closed by ":" (or, lenient, "then"). */
  private condition(): ConstraintNode[] {
    const constraints = [this.constraint()];
    for (;;) {
      const next = this.peek();
      if (next.kind === "bare") {
        const word = this.keyword(next);
        if (word === "and") {
          this.space(next, " ", "whitespace", "one space before and");
          this.takeKeyword();
          this.space(this.peek(), " ", "whitespace", "one space after and");
          constraints.push(this.constraint());
          continue;
        }
        if (word === "then") {
          this.takeKeyword();
          this.context.repair("then_for_colon", next.start, "then used instead of a colon", [":"]);
          this.space(this.peek(), " ", "whitespace", "one space after the condition");
          return constraints;
        }
      }
      if (next.kind === ":") {
        this.space(next, "", "whitespace", "no space before the colon");
        this.take();
        this.space(this.peek(), " ", "whitespace", "one space after the colon");
        return constraints;
      }
      this.fail(next.start, `unexpected ${describe(next)} in the condition`, ['"and" and another constraint', '":" and the actions']);
    }
  }

  /**
   * constraint = "!" name [ args ]              ; negation
   *            / name args                      ; function-call form
   *            / name operator value [ "," SP value ]  ; operator form
   */
  private constraint(): ConstraintNode {
    const token = this.take();
    if (token.kind === "!") {
      const nameToken = this.take();
      this.space(nameToken, "", "whitespace", "no space after !");
      const name = this.name(nameToken, "a constraint name after !");
      let args: ArgNode[] | undefined;
      const open = this.peek();
      if (open.kind === "(") {
        this.space(open, "", "whitespace", "no space before (");
        args = this.args();
      }
      return { form: "negation", name, args, start: token.start };
    }
    if (token.kind !== "bare" && token.kind !== "string") {
      this.fail(token.start, `unexpected ${describe(token)} where a constraint should start`, ["a constraint name", "!"]);
    }
    const name = this.lexeme(token);
    const next = this.peek();
    if (next.kind === "(") {
      this.space(next, "", "whitespace", "no space before (");
      return { form: "call", name, args: this.args(), start: token.start };
    }
    if (next.kind === "op") {
      this.space(next, "", "whitespace", "no space around an operator");
      this.take();
      const valueToken = this.take();
      this.space(valueToken, "", "whitespace", "no space around an operator");
      const value = this.value(valueToken, "a value after the operator");
      let time: Lexeme | undefined;
      const comma = this.peek();
      if (comma.kind === ",") {
        this.space(comma, "", "whitespace", "no space before the comma");
        this.take();
        const timeToken = this.take();
        this.space(timeToken, " ", "whitespace", "one space after the comma of an operator condition");
        time = this.value(timeToken, "a time after the comma");
      }
      return { form: "operator", name, operator: next.text, value, time, start: token.start };
    }
    this.fail(next.start, `unexpected ${describe(next)} after constraint name`, ["(", "an operator == != < > <= >="]);
  }

  /** actions = call *( ";" SP call ); `first` is an already consumed function name. */
  private calls(first?: Token): CallNode[] {
    const calls = [this.call(first)];
    for (;;) {
      const next = this.peek();
      if (next.kind !== ";") return calls;
      this.space(next, "", "whitespace", "no space before ;");
      this.take();
      if (!this.context.strict && this.endsCalls(this.peek())) {
        this.context.repair("trailing_semicolon", next.start, "a ; after the last call", ["end of payload", "else:"]);
        return calls;
      }
      this.space(this.peek(), " ", "whitespace", "one space after ;");
      calls.push(this.call());
    }
  }

  /**
   * Lenient only: what may follow a stray `;` after the last call. A word directly followed by
   * `(` is a call, whatever it spells: `a(); else(x)` calls a verb ELSE.
   */
  private endsCalls(token: Token): boolean {
    if (token.kind === "eof") return true;
    if (token.kind !== "bare" || this.context.source.charCodeAt(token.end) === 0x28 /* ( */) return false;
    const word = this.keyword(token);
    return word === "else" || word === "#meta" || word === "#";
  }

  /** call = fn-name "(" [ arg *( "," arg ) ] ")" */
  private call(consumed?: Token): CallNode {
    let token = consumed ?? this.take();
    if (token.kind === "!" && !this.context.strict && this.peek().kind === "bare") {
      // `!BOOK(hotel)`: the IR's spelling of the verb written as a call (lower.ts reads the case).
      this.context.repair("bang_verb", token.start, "a call written with the IR's ! before the verb", ["a function name such as book"]);
      token = this.take();
      this.space(token, "", "whitespace", "no space after !");
    }
    if (token.kind !== "bare") {
      this.fail(token.start, `unexpected ${describe(token)} where a function call should start`, ["a function name"]);
    }
    const name = this.lexeme(token);
    const open = this.peek();
    if (open.kind !== "(") this.fail(open.start, `expected ( after ${token.text}`, ["("]);
    this.space(open, "", "whitespace", "no space before (");
    return { name, args: this.args(), start: token.start };
  }

  /** args = "(" [ arg *( "," arg ) ] ")" */
  private args(): ArgNode[] {
    this.take(); // "("
    const args: ArgNode[] = [];
    let next = this.peek();
    if (next.kind === ")") {
      this.space(next, "", "whitespace", "no space inside ()");
      this.take();
      return args;
    }
    this.space(next, "", "whitespace", "no space after (");
    for (;;) {
      args.push(this.arg());
      next = this.take();
      if (next.kind === ")") {
        this.space(next, "", "whitespace", "no space before )");
        return args;
      }
      if (next.kind !== ",") {
        this.fail(next.start, next.kind === "eof" ? "unexpected end of payload inside an argument list" : `unexpected ${describe(next)} in an argument list`, [
          ",",
          ")",
        ]);
      }
      this.space(next, "", "whitespace", "no space before a comma");
      const after = this.peek();
      this.space(after, "", after.wsStart < after.start && this.isSingleSpace(after) ? "space_after_comma" : "whitespace", "no space after a comma");
    }
  }

  /**
   * arg = [ key "=" ] value [ "@" value ] [ "[" kw-arg *( "," kw-arg ) "]" ]
   * (the union of e-arg, c-arg and alt-arg; lower.ts rejects what a role does not allow)
   */
  private arg(): ArgNode {
    const first = this.take();
    const start = first.start;
    let key: Lexeme | undefined;
    let valueToken = first;
    const colon = this.peek();
    if (colon.kind === ":" && !this.context.strict && first.kind === "bare" && colon.wsStart === colon.start && KEY_WORD.test(first.text)) {
      // `to: Beijing` -> `to=Beijing`: a `:` never occurs inside an argument list otherwise, so the
      // reading is unambiguous (docs/grammar.md, Extraction and repair).
      this.context.repair("colon_for_equals", colon.start, `${first.text}: written for ${first.text}=`, ["="]);
      key = this.lexeme(first);
      this.take();
      valueToken = this.take();
      if (valueToken.start - valueToken.wsStart > 1) this.space(valueToken, "", "whitespace", "one space at most after key:");
    } else if (this.peek().kind === "=") {
      if (first.kind !== "bare" && first.kind !== "string") {
        this.fail(first.start, `unexpected ${describe(first)} before =`, ["a keyword name"]);
      }
      key = this.lexeme(first);
      const eq = this.take();
      this.space(eq, "", "whitespace", "no space before =");
      valueToken = this.take();
      this.space(valueToken, "", "whitespace", "no space after =");
    }
    const node: ArgNode = { value: this.value(valueToken, key ? `a value for ${key.text}` : "an argument"), start };
    if (key) node.key = key;
    if (this.peek().kind === "@") {
      const at = this.take();
      this.space(at, "", "whitespace", "no space around @");
      const location = this.take();
      this.space(location, "", "whitespace", "no space around @");
      node.location = this.value(location, "a location after @");
    }
    if (this.peek().kind === "[") {
      const open = this.take();
      this.space(open, "", "whitespace", "no space before [");
      node.annotations = [];
      for (;;) {
        const item = this.peek();
        this.space(item, "", "whitespace", "no space inside [...]");
        node.annotations.push(this.kwArg());
        const next = this.take();
        this.space(next, "", "whitespace", "no space inside [...]");
        if (next.kind === "]") break;
        if (next.kind === "@" || next.kind === "[") {
          this.fail(next.start, `an extra field's value cannot have ${next.kind === "@" ? "an @location" : "nested [...]"}; quote the value to keep the text`, [
            ",",
            "]",
          ]);
        }
        if (next.kind !== ",") this.fail(next.start, `unexpected ${describe(next)} in [...]`, [",", "]"]);
      }
    }
    return node;
  }

  /**
   * kw-arg = name "=" ( value / json-literal ): an extra field inside [...]. Deliberately not
   * `arg()`: an extra field has no `@location` and no nested `[...]` (docs/grammar.md), so neither
   * is parsed here; the `@` or `[` then fails as unexpected at its own offset instead of being
   * parsed and silently dropped, and no input can make the parser recurse.
   */
  private kwArg(): ArgNode {
    const first = this.take();
    if (this.peek().kind !== "=" || (first.kind !== "bare" && first.kind !== "string")) {
      this.fail(first.start, "extra fields in [...] must be written key=value", ["key=value"]);
    }
    const key = this.lexeme(first);
    const eq = this.take();
    this.space(eq, "", "whitespace", "no space before =");
    const valueToken = this.take();
    this.space(valueToken, "", "whitespace", "no space after =");
    return { key, value: this.value(valueToken, `a value for ${key.text}`), start: first.start };
  }

  private value(token: Token, what: string): Lexeme {
    if (token.kind === "bare" || token.kind === "string" || token.kind === "json") return this.lexeme(this.notBareKeyword(token, what));
    this.fail(token.start, token.kind === "eof" ? `unexpected end of payload: expected ${what}` : `unexpected ${describe(token)}: expected ${what}`, [what]);
  }

  private name(token: Token, what: string): Lexeme {
    if (token.kind === "bare" || token.kind === "string") return this.lexeme(this.notBareKeyword(token, what));
    this.fail(token.start, token.kind === "eof" ? `unexpected end of payload: expected ${what}` : `unexpected ${describe(token)}: expected ${what}`, [what]);
  }

  /**
   * `bare` excludes the keywords (ABNF), so `email(if)` is not canonical: compile prints
   * `email("if")`. Strict mode rejects it at the keyword; lenient mode keeps the word as the
   * value (inside parentheses it cannot be read as anything else; docs/grammar.md).
   */
  private notBareKeyword(token: Token, what: string): Token {
    if (this.context.strict && token.kind === "bare" && KEYWORDS.has(token.text)) {
      this.fail(token.start, `the keyword ${token.text} must be quoted as ${what} (strict mode)`, [`"${token.text}"`]);
    }
    return token;
  }

  /** A value or name token is its own lexeme (tokens are never reused), saving an allocation. */
  private lexeme(token: Token): Lexeme {
    return token as Lexeme;
  }

  /**
   * The keyword a bare token would spell after the sanitizer folds look-alike characters. A
   * lookahead only: nothing is reported here, because the token may turn out to be a verb or a
   * value (reported in that role by lower.ts). `takeKeyword` reports it once it is one.
   */
  private keyword(token: Token): string {
    return this.context.hooks.preview(token.text, "keyword");
  }

  /** Consumes the lookahead token as a keyword: the sanitizer reports (or rejects) it now. */
  private takeKeyword(): Token {
    const token = this.take();
    this.context.hooks.structural(token.text, token.start, "keyword", false);
    return token;
  }

  private peek(): Token {
    if (this.lookahead === undefined) this.lookahead = this.lexer.next();
    return this.lookahead;
  }

  private take(): Token {
    const token = this.peek();
    this.lookahead = undefined;
    return token;
  }

  private isSingleSpace(token: Token): boolean {
    return token.start - token.wsStart === 1 && this.context.source.charCodeAt(token.wsStart) === 0x20;
  }

  /**
   * Checks the whitespace before `token` against the canonical `expected` ("" or " "). A
   * deviation is a repair of the given kind (an error in strict mode).
   */
  private space(token: Token, expected: "" | " ", kind: RepairKind, message: string): void {
    const length = token.start - token.wsStart;
    if (expected === "" ? length === 0 : length === 1 && this.context.source.charCodeAt(token.wsStart) === 0x20) return;
    if (token.kind === "eof" && expected === " ") return; // reported by the missing token instead
    this.context.repair(kind, token.wsStart, `non-canonical whitespace: ${message}`, [expected === "" ? "no whitespace" : "one space"]);
  }

  private fail(offset: number, message: string, expected: readonly string[]): never {
    throw new SilpError("invalid_syntax", message, { source: this.context.source, offset, expected });
  }
}

/** A key that `key: value` may name (lenient): a plain ASCII word, so `10:30` is never split. */
const KEY_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function describe(token: Token): string {
  if (token.kind === "eof") return "end of payload";
  const kinds: Partial<Record<TokenKind, string>> = { string: "quoted string", json: "JSON literal", bare: "word" };
  const label = kinds[token.kind];
  const text = token.text.length > 40 ? `${token.text.slice(0, 40)}…` : token.text;
  return label ? `${label} "${text}"` : `"${token.text}"`;
}
