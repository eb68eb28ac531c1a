/**
 * Recursive-descent parser of the code frontend (grammar: docs/grammar.md). One token of
 * lookahead; no backtracking, so parsing is linear in the input.
 *
 * The parser reads the payload in steps, each a small unit of the grammar: the start, one
 * constraint with the `and` / `:` after it, a call's name and `(`, one argument with the `,` or
 * `)` after it, what follows a call. When a step completes, its unit is handed to the lowering
 * (lower.ts), which turns it into its part of the IR at once and sends it on. This is the code
 * frontend's one reader (its `openStream`). `decode()` appends nothing and finishes at once, so
 * every step runs over the whole payload; a stream runs the same steps as the text arrives: a step that reaches
 * the end of the text received so far stops (INCOMPLETE), everything it did is undone, and it
 * runs again once the token it stopped at is complete. So a stream is parsed by this parser and
 * no other, its parts are the units of its steps, and the steps before the last one are never
 * read again.
 *
 * The parser only builds the syntax and enforces spacing: canonical spacing is required in
 * strict mode, and every deviation is a recorded repair in lenient mode. Roles (which argument
 * is a subject, a time, a target) are assigned by the lowering.
 */

import {
  type DecodeContext,
  type DecodedPayload,
  type PartSink,
  type PayloadStream,
  type RepairKind,
  STREAM_COMPACT_AT,
  STREAM_READ_BATCH,
  type StreamWork,
  receivedText,
} from "../decode-context.js";
import { KEYWORDS } from "./chars.js";
import { INCOMPLETE, Lexer, type Token, type TokenKind } from "./lexer.js";
import { StatementLowering } from "./lower.js";
import type { ArgNode, CallNode, ConstraintNode, Lexeme, MetaItemNode, MetaTrailerNode, Statement } from "./syntax.js";
import { SilpError } from "../../errors.js";

/** Which calls the parser is reading: the actions, or the alternatives after `else:`. */
export type Branch = "actions" | "alternatives";

type Phase = "begin" | "condition" | "call" | "args" | "afterCall" | "afterCalls" | "done";

/** A whitespace check owed to the first token of the next step (the space after `and`, `:`, `;`, `,`, `else:`). */
interface SpaceCheck {
  expected: "" | " ";
  message: string;
  /** After a comma: the lenient repair is `space_after_comma` for one space. */
  comma?: true;
}

/** Where a step began, to undo it when it stops at the end of the text received so far. */
interface Mark {
  index: number;
  repairs: number;
  repairsDropped: number;
  spaceCheck: SpaceCheck | undefined;
}

export class CodeParser implements PayloadStream {
  /** A stream's lexer from its first chunk on, then the lexer of the rest of the payload (`finish`). */
  private lexer: Lexer | undefined;
  /** Tokens read and not yet consumed by a completed step (the lookahead, and in a stream those a stopped step read). */
  /** A whole payload: the token read ahead. */
  private lookahead: Token | undefined;
  /** A stream: the tokens read and not yet consumed by a completed step, and the next one to read. */
  private tokens: Token[] = [];
  private index = 0;
  /** How many of `tokens` the current step has read (their repairs recorded). */
  private served = 0;
  /** Where the text after the last completed step starts: the end of its last token. */
  private consumedEnd: number;
  /** A stream: where the text the completed steps looked at ends, and the running step's so far. */
  private readEnd = 0;
  private stepRead = 0;
  private phase: Phase = "begin";
  private branch: Branch = "actions";
  private call: CallNode | undefined;
  /** Where the current call's text starts (its `!` when written `!BOOK(...)`). */
  private callStart = 0;
  /** `if(`: the `if` token, read as the first call's name. */
  private pendingName: Token | undefined;
  private spaceCheck: SpaceCheck | undefined;
  private readonly statement: Statement = { conditions: [], actions: [], alternatives: [] };
  /** A stream only: where the running step began (one object, reused). */
  private readonly mark: Mark = { index: 0, repairs: 0, repairsDropped: 0, spaceCheck: undefined };
  /** A stream only: how far `mayComplete` scanned the tokens of the current step, and the bracket depth there. */
  private readonly gate = { seen: 0, depth: 0, flat: 0 };
  /** Stream only: the steps run on appended text, and those undone (decode-context.ts, StreamWork). */
  readonly work: StreamWork = { steps: 0, undone: 0 };
  /** A stream only: the lexer failed at the token after the last one read; a step that reaches it raises this. */
  private lexError: unknown;
  /** A stream only: keywords the current step read, reported to the sanitizer when the step completes. */
  private readonly keywords: Token[] = [];
  /** A stream only: the next step needs the whole payload (the meta trailer); chunks are not read until `finish`. */
  waitsForEnd = false;

  /** A stream's chunks are read until `finish`; a whole payload (decode) has none. */
  private streaming = true;

  private readonly lowering: StatementLowering;

  /**
   * The code frontend's reader of a payload starting at `start` of a stream or a text: the chunks
   * that arrive go to `append`, and `finish` reads the rest; decode() appends nothing, so `finish`
   * reads it all. Each part goes to `sink` as its unit completes.
   */
  constructor(
    private readonly context: DecodeContext,
    start: number,
    sink?: PartSink,
  ) {
    this.consumedEnd = start;
    this.lowering = new StatementLowering(context, sink);
  }

  /**
   * A stream's next chunk: runs every step the text received so far completes. A step that
   * reaches its end is undone and waits for more; an error is thrown (the stream is then decoded
   * whole, which reports it as decode() does).
   */
  append(chunk: string): void {
    if (this.waitsForEnd || this.phase === "done") return;
    this.lexer ??= Lexer.stream(receivedText(this.context), this.consumedEnd, !this.context.strict);
    // A chunk that only goes on with the token being read completes nothing.
    if (!this.lexer.append(chunk)) return;
    // The tokens the text received so far completes are read a batch at a time, each batch
    // stepped through before the next: a chunk holding a whole reply, read at once, kept all its
    // tokens alive together, and collecting them made a 100K-character chunk cost 4x per
    // character what a 16K one did.
    let more: boolean;
    do {
      more = this.readBatch(this.lexer);
      this.advance();
      // (advance moves the phase on, which the check at the top of append narrowed)
    } while (more && (this.phase as Phase) !== "done" && !this.waitsForEnd);
  }

  /** Reads up to STREAM_READ_BATCH more tokens; false once the text received so far has no complete token left. */
  private readBatch(lexer: Lexer): boolean {
    if (this.lexError !== undefined) return false;
    try {
      for (let read = 0; read < STREAM_READ_BATCH; read++) {
        const token = lexer.tryNext();
        if (token === undefined) return false;
        this.tokens.push(token);
      }
      return true;
    } catch (error) {
      // Raised when a step reaches the token it stopped at, so the parts before it are the same however the text was cut.
      this.lexError = error;
      return false;
    }
  }

  /**
   * The stream ended, and its payload is `source[…, end)` of the whole text: the steps left run
   * over the rest of it, read again from where the last completed step ended.
   */
  finish(end: number): DecodedPayload {
    this.lexer = new Lexer(this.context.source, this.consumedEnd, end, !this.context.strict);
    this.tokens = [];
    this.index = 0;
    this.served = 0;
    this.lexError = undefined;
    this.keywords.length = 0;
    this.waitsForEnd = false;
    this.streaming = false;
    while (this.phase !== "done") this.step();
    return this.lowering.finish(this.statement);
  }

  /** Where the text read by the completed steps ends, the tokens they looked at past their own included. */
  get position(): number {
    return this.readEnd;
  }

  private advance(): void {
    const mark = this.mark;
    while (this.phase !== "done" && this.mayComplete()) {
      mark.index = this.index;
      mark.repairs = this.context.repairs.length;
      mark.repairsDropped = this.context.repairsDropped;
      mark.spaceCheck = this.spaceCheck;
      this.work.steps++;
      try {
        this.step();
      } catch (error) {
        // Stopped or failed, the step did nothing: a stream that failed can still finish from here
        // when its payload turns out to end before the text that failed (a closing code fence).
        this.undo(mark);
        if (error !== INCOMPLETE) throw error;
        this.work.undone++;
        return;
      }
    }
  }

  /**
   * Stream only: whether the tokens read may complete the current step. A necessary condition,
   * checked before the step runs: a step that surely stops is not run (stopping costs a throw),
   * so a step runs about once, when the token that ends it has arrived, however small the
   * chunks. The tokens are scanned once per step (`gate`), not once per chunk.
   */
  private mayComplete(): boolean {
    const tokens = this.tokens;
    const gate = this.gate;
    if (this.lexError !== undefined) return true;
    switch (this.phase) {
      case "begin":
      case "afterCall":
      case "afterCalls":
        // At most two tokens: the next one, and for `if`, `;` and `else` the one after it.
        return tokens.length - this.index >= 2;
      case "call":
      case "condition":
      case "args":
        while (gate.seen < tokens.length) {
          const token = tokens[gate.seen] as Token;
          if (this.ends(token, gate.depth)) return true;
          gate.seen++;
          if (token.kind === "(" || token.kind === "[") gate.depth++;
          else if ((token.kind === ")" || token.kind === "]") && gate.depth > 0) gate.depth--;
          // No step of the grammar is long outside one bracket list: a call's head is `!name(`, a
          // constraint or an argument at most about six tokens around its (...) or [...], nested
          // two deep at most (a constraint's call holding an argument's [...]). Text past that
          // cannot complete the step, so the step runs and fails there, rather than the stream
          // holding every token of `[[[[...` or `a a a ...` until its end. (Were a step longer, it
          // would only run early, stop, and run again: the bound costs time, never a result.)
          if (gate.depth > STEP_MAX_DEPTH || (gate.depth === 0 && ++gate.flat > STEP_MAX_FLAT)) return true;
        }
        return false;
      default:
        return true;
    }
  }

  /** Whether `token`, at bracket depth `depth` of the step, can end the current step (see mayComplete). */
  private ends(token: Token, depth: number): boolean {
    switch (this.phase) {
      case "call":
        return token.kind === "(";
      case "condition":
        if (depth !== 0) return false;
        if (token.kind === ":") return true;
        if (token.kind !== "bare") return false;
        {
          const word = this.keyword(token);
          return word === "and" || word === "then";
        }
      default:
        return depth === 0 && (token.kind === "," || token.kind === ")");
    }
  }

  private undo(mark: Mark): void {
    this.stepRead = this.readEnd;
    this.index = mark.index;
    this.served = mark.index;
    this.context.repairs.length = mark.repairs;
    this.context.repairsDropped = mark.repairsDropped;
    this.spaceCheck = mark.spaceCheck;
    this.keywords.length = 0;
  }

  /** The step completed: its tokens are consumed, its keywords reported. */
  private commit(): void {
    if (!this.streaming) return; // a whole payload reads its tokens one lookahead at a time, and reports keywords at once
    this.gate.depth = 0;
    this.gate.flat = 0;
    if (this.stepRead > this.readEnd) this.readEnd = this.stepRead;
    if (this.index > 0) {
      this.consumedEnd = (this.tokens[this.index - 1] as Token).end;
      // The consumed tokens are dropped once they are most of the buffer, not at every step: a
      // chunk holding many steps (a whole reply pushed at once) would otherwise move the rest of
      // its tokens at each step, quadratic in the chunk (a 256K-character payload took 2.5 s).
      if (this.index >= STREAM_COMPACT_AT && this.index * 2 >= this.tokens.length) {
        this.tokens.splice(0, this.index);
        this.served -= this.index;
        this.index = 0;
      }
    }
    this.gate.seen = this.index;
    if (this.keywords.length === 0) return;
    for (const token of this.keywords) this.context.hooks.structural(token.text, token.start, "keyword", false);
    this.keywords.length = 0;
  }

  private step(): void {
    switch (this.phase) {
      case "begin":
        this.begin();
        break;
      case "condition":
        this.condition();
        break;
      case "call":
        this.callHead();
        break;
      case "args":
        this.argument();
        break;
      case "afterCall":
        this.afterCall();
        break;
      case "afterCalls":
        this.afterCalls();
        break;
      case "done":
        break;
    }
  }

  /** statement = [ "if" SP condition ":" SP ] actions [ SP "else:" SP alt-actions ] [ meta-trailer / SP "#meta" SP json-object ] */
  private begin(): void {
    const first = this.peek();
    this.space(first, "", "whitespace", "no whitespace before the payload");
    let next: Phase = "call";
    if (first.kind === "bare" && this.keyword(first) === "if") {
      const ifToken = this.take();
      const afterIf = this.peek();
      if (afterIf.kind === "(") {
        // `if(` is a call of a verb named IF, not a condition.
        this.pendingName = ifToken;
      } else {
        this.reportKeyword(ifToken); // it is the keyword
        this.space(afterIf, " ", "whitespace", "one space after if");
        next = "condition";
      }
    }
    this.commit();
    this.phase = next;
  }

  /** condition = constraint *( SP "and" SP constraint ), closed by ":" (or, lenient, "then"). */
  private condition(): void {
    this.owedSpace();
    const node = this.constraint();
    const next = this.peek();
    let after: Phase | undefined;
    if (next.kind === "bare") {
      const word = this.keyword(next);
      if (word === "and") {
        this.space(next, " ", "whitespace", "one space before and");
        this.takeKeyword();
        this.spaceCheck = AFTER_AND;
        after = "condition";
      } else if (word === "then") {
        this.takeKeyword();
        this.context.repair("then_for_colon", next.start, "then used instead of a colon", [":"]);
        this.spaceCheck = AFTER_CONDITION;
        after = "call";
      }
    } else if (next.kind === ":") {
      this.space(next, "", "whitespace", "no space before the colon");
      this.take();
      this.spaceCheck = AFTER_COLON;
      after = "call";
    }
    if (after === undefined) {
      this.fail(next.start, `unexpected ${describe(next)} in the condition`, ['"and" and another constraint', '":" and the actions']);
    }
    this.commit();
    this.statement.conditions.push(node);
    this.lowering.condition(node);
    this.phase = after;
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

  /** call = fn-name "(" …: the call's name and its `(` (the arguments are steps of their own). */
  private callHead(): void {
    this.owedSpace();
    let token = this.pendingName ?? this.take();
    const start = token.start;
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
    this.take();
    this.commit();
    this.pendingName = undefined;
    const call: CallNode = { name, args: [], start: token.start };
    this.call = call;
    this.callStart = start;
    (this.branch === "actions" ? this.statement.actions : this.statement.alternatives).push(call);
    this.lowering.callHead(call, this.branch, start);
    this.phase = "args";
  }

  /** One argument of the current call with the `,` or `)` after it, or the `)` of an empty call. */
  private argument(): void {
    const call = this.call as CallNode;
    let next: Token;
    if (call.args.length === 0 && this.spaceCheck === undefined) {
      next = this.peek();
      if (next.kind === ")") {
        this.space(next, "", "whitespace", "no space inside ()");
        this.take();
        this.commit();
        this.endCall(call);
        return;
      }
      this.space(next, "", "whitespace", "no space after (");
    } else {
      this.owedSpace();
    }
    const arg = this.arg();
    next = this.take();
    if (next.kind === ")") {
      this.space(next, "", "whitespace", "no space before )");
    } else if (next.kind === ",") {
      this.space(next, "", "whitespace", "no space before a comma");
      this.spaceCheck = AFTER_COMMA;
    } else {
      this.fail(next.start, next.kind === "eof" ? "unexpected end of payload inside an argument list" : `unexpected ${describe(next)} in an argument list`, [
        ",",
        ")",
      ]);
    }
    this.commit();
    call.args.push(arg);
    this.lowering.argument(call, arg, this.branch);
    if (next.kind === ")") this.endCall(call);
  }

  private endCall(call: CallNode): void {
    this.call = undefined;
    this.lowering.callEnd(call, this.branch, this.callStart);
    this.phase = "afterCall";
  }

  /** actions = call *( ";" SP call ): a `;` and the next call, or the end of the calls. */
  private afterCall(): void {
    const next = this.peek();
    if (next.kind !== ";") {
      this.phase = "afterCalls";
      return;
    }
    this.space(next, "", "whitespace", "no space before ;");
    this.take();
    if (!this.context.strict && this.endsCalls(this.peek())) {
      this.context.repair("trailing_semicolon", next.start, "a ; after the last call", ["end of payload", "else:"]);
      this.commit();
      this.phase = "afterCalls";
      return;
    }
    this.commit();
    this.spaceCheck = AFTER_SEMICOLON;
    this.phase = "call";
  }

  /**
   * Lenient only: what may follow a stray `;` after the last call. A word directly followed by
   * `(` is a call, whatever it spells: `a(); else(x)` calls a verb ELSE.
   */
  private endsCalls(token: Token): boolean {
    if (token.kind === "eof") return true;
    if (token.kind !== "bare" || token.follow === 0x28 /* ( */) return false;
    const word = this.keyword(token);
    return word === "else" || word === "#meta" || word === "#";
  }

  /** After the calls: `else:` and the alternatives, the meta trailer, or the end of the payload. */
  private afterCalls(): void {
    const next = this.peek();
    if (this.branch === "actions" && next.kind === "bare" && this.keyword(next) === "else") {
      this.space(next, " ", "whitespace", "one space before else");
      const elseToken = this.takeKeyword();
      const colon = this.peek();
      if (colon.kind === ":") {
        this.space(colon, "", "whitespace", "no space before the colon of else:");
        this.take();
      } else {
        this.context.repair("else_without_colon", elseToken.end, "else without a colon", ["else:"]);
      }
      this.commit();
      this.spaceCheck = AFTER_ELSE;
      this.branch = "alternatives";
      this.phase = "call";
      return;
    }
    if (next.kind === "bare" && (next.text === "#" || this.keyword(next) === "#meta")) {
      // The trailer ends the payload: it is read once, whole, when the payload has ended.
      if (this.streaming) {
        this.waitsForEnd = true;
        throw INCOMPLETE;
      }
      this.statement.trailer = next.text === "#" ? this.metaItems() : this.metaJson();
    } else {
      if (next.kind !== "eof") {
        this.fail(next.start, `unexpected ${describe(next)} after the last call`, ['";" and another call', "else:", "#meta", "end of payload"]);
      }
      this.space(next, "", "whitespace", "no whitespace after the payload");
    }
    this.commit();
    this.phase = "done";
  }

  /**
   * meta-trailer = SP "#{" meta-item *( SP meta-item ) "}", the end of the payload.
   * meta-item = flag / key "=" ( value / json-literal / "[" [ entry *( "," entry ) "]" ),
   * where a flag is a bare word such as `p2` or `c.75` (lower.ts gives items their meaning). The
   * closing brace matters: a payload cut inside the trailer is an error, never a shorter value.
   */
  private metaItems(): MetaTrailerNode {
    this.space(this.peek(), " ", "whitespace", "one space before the meta trailer");
    const hash = this.take();
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

  /** `#meta {...}` (draft -00): the rest of the payload is the JSON object. */
  private metaJson(): Statement["trailer"] {
    this.space(this.peek(), " ", "whitespace", "one space before #meta");
    const metaToken = this.takeKeyword();
    const source = this.context.source;
    const end = (this.lexer as Lexer).limit;
    let jsonStart = metaToken.end;
    while (jsonStart < end && /\s/.test(source[jsonStart] as string)) jsonStart++;
    if (jsonStart - metaToken.end !== 1 || source[metaToken.end] !== " ") {
      this.context.repair("whitespace", metaToken.end, "expected one space after #meta", ["SP"]);
    }
    let jsonEnd = end;
    while (jsonEnd > jsonStart && /\s/.test(source[jsonEnd - 1] as string)) jsonEnd--;
    if (jsonEnd !== end) this.context.repair("whitespace", jsonEnd, "trailing whitespace after the payload");
    if (jsonStart >= jsonEnd) this.fail(jsonStart, "expected a JSON object after #meta", ["{"]);
    // The rest is the JSON object, not tokens: nothing is left to read.
    this.lookahead = undefined;
    return { form: "json", json: source.slice(jsonStart, jsonEnd), start: jsonStart };
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

  /** args = "(" [ arg *( "," arg ) ] ")": a constraint's arguments, read within its step. */
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
      this.afterComma(this.peek());
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

  /** A token is its own lexeme (tokens are never reused), saving an allocation. */
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

  /** Consumes the lookahead token as a keyword: the sanitizer reports (or rejects) it. */
  private takeKeyword(): Token {
    const token = this.take();
    this.reportKeyword(token);
    return token;
  }

  /**
   * Reports a keyword to the sanitizer: at once when the payload is whole; in a stream when the
   * step completes, since a step that stops is read again and would report it twice.
   */
  private reportKeyword(token: Token): void {
    if (this.streaming) this.keywords.push(token);
    else this.context.hooks.structural(token.text, token.start, "keyword", false);
  }

  private peek(): Token {
    if (!this.streaming) {
      // A whole payload: one token of lookahead, lexed when first needed.
      let next = this.lookahead;
      if (next === undefined) {
        next = (this.lexer as Lexer).next();
        this.lookahead = next;
        if (next.singleQuoted) this.context.repair("single_quoted_string", next.start, "a single-quoted string", ['a "double-quoted" string']);
      }
      return next;
    }
    // Past a stream's tokens is the end of the text so far, or of the batch read (append reads the next).
    if (this.index === this.tokens.length) throw this.lexError ?? INCOMPLETE;
    const token = this.tokens[this.index] as Token;
    if (token.end > this.stepRead) this.stepRead = token.end;
    if (this.index >= this.served) {
      // A token's own repair is recorded when a step first reads it (again, when a stopped step reads it again).
      this.served = this.index + 1;
      if (token.singleQuoted) this.context.repair("single_quoted_string", token.start, "a single-quoted string", ['a "double-quoted" string']);
    }
    return token;
  }

  private take(): Token {
    const token = this.peek();
    if (this.streaming) this.index++;
    else this.lookahead = undefined;
    return token;
  }

  /** The whitespace check a step owes the one before (after `and`, `:`, `;`, `,`, `else:`). */
  private owedSpace(): void {
    const check = this.spaceCheck;
    if (check === undefined) return;
    const token = this.peek();
    if (check.comma) this.afterComma(token);
    else this.space(token, check.expected, "whitespace", check.message);
    this.spaceCheck = undefined;
  }

  private afterComma(token: Token): void {
    this.space(token, "", token.wsStart < token.start && token.oneSpace ? "space_after_comma" : "whitespace", "no space after a comma");
  }

  /**
   * Checks the whitespace before `token` against the canonical `expected` ("" or " "). A
   * deviation is a repair of the given kind (an error in strict mode).
   */
  private space(token: Token, expected: "" | " ", kind: RepairKind, message: string): void {
    if (expected === "" ? token.start === token.wsStart : token.oneSpace) return;
    if (token.kind === "eof" && expected === " ") return; // reported by the missing token instead
    this.context.repair(kind, token.wsStart, `non-canonical whitespace: ${message}`, [expected === "" ? "no whitespace" : "one space"]);
  }

  private fail(offset: number, message: string, expected: readonly string[]): never {
    throw new SilpError("invalid_syntax", message, this.streaming ? { offset, expected } : { source: this.context.source, offset, expected });
  }
}

/** The checks a step owes the next one (shared: a step allocates nothing for them). */
const AFTER_AND: SpaceCheck = { expected: " ", message: "one space after and" };
const AFTER_CONDITION: SpaceCheck = { expected: " ", message: "one space after the condition" };
const AFTER_COLON: SpaceCheck = { expected: " ", message: "one space after the colon" };
const AFTER_COMMA: SpaceCheck = { expected: "", message: "no space after a comma", comma: true };
const AFTER_SEMICOLON: SpaceCheck = { expected: " ", message: "one space after ;" };
const AFTER_ELSE: SpaceCheck = { expected: " ", message: "one space after else:" };

/** How deep a step's brackets go, and how many of its tokens lie outside them, in any payload the grammar reads (see mayComplete). */
const STEP_MAX_DEPTH = 2;
const STEP_MAX_FLAT = 8;

/** A key that `key: value` may name (lenient): a plain ASCII word, so `10:30` is never split. */
const KEY_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function describe(token: Token): string {
  if (token.kind === "eof") return "end of payload";
  const kinds: Partial<Record<TokenKind, string>> = { string: "quoted string", json: "JSON literal", bare: "word" };
  const label = kinds[token.kind];
  const text = token.text.length > 40 ? `${token.text.slice(0, 40)}…` : token.text;
  return label ? `${label} "${text}"` : `"${token.text}"`;
}
