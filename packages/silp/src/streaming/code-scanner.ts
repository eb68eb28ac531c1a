/**
 * Incremental scanner of the code frontend (docs/grammar.md, Streaming). It reads each character
 * once, keeping only the state of the grammar's top level: quotes, bracket depth, the keyword
 * being read (`if`, `and`, `then`, `else`, `#meta`) and where the current unit started. When a
 * unit completes, its text is decoded alone (unit-decode.ts):
 *
 *   the intent      at the `(` of the first call        `start()`
 *   each entity     at the `,` or `)` ending its argument `start(<argument>)`
 *   each constraint at the `and`, `:` or `then` after it  `if <constraint>: x()`
 *   each alternative at the `)` ending its call          `x() else: <call>`
 *
 * A leading code fence line is skipped; a backtick outside any call (a closing fence) or `#meta`
 * ends the parts (meta arrives with the final result). Prose before the payload yields no parts:
 * the final decode still extracts the payload.
 */
import { isBareCode, isWhitespaceCode } from "../frontends/code/chars.js";
import type { ResolvedOptions } from "../options.js";
import type { PartSink, UnitScanner } from "./parts.js";
import { TextWindow } from "./text-window.js";
import { UnitDecoder } from "./unit-decode.js";

type Mode = "start" | "fence" | "condition" | "actions" | "alternatives" | "done";

/** Longest keyword (`#meta`); longer words are only counted. */
const KEYWORD_LENGTH = 5;

export class CodeScanner implements UnitScanner {
  private mode: Mode = "start";
  private depth = 0;
  /** The quote of the string being read (" ' or `), or 0. */
  private quote = 0;
  private escaped = false;
  /** The depth-0 word being read: its first characters, its length and start. */
  private word = "";
  private wordLength = 0;
  private wordStart = 0;
  /** Start of the current constraint, call or alternative. */
  private unitStart = 0;
  /** The current call's name (set at its `(`), and where its current argument starts. */
  private callName: string | undefined;
  private argumentStart = 0;
  private intentSeen = false;
  /** Offset of the first non-blank character of the current unit, or -1 (keywords need one before them). */
  private contentStart = -1;
  /** A call just closed in the actions: only now can `else` be the keyword (else it names a verb). */
  private callClosed = false;
  private readonly window = new TextWindow();

  private readonly units: UnitDecoder;

  constructor(
    options: ResolvedOptions,
    private readonly emit: PartSink,
  ) {
    this.units = new UnitDecoder("code", options);
  }

  /** A method, not a field read: the mode changes inside step(), which narrowing cannot see. */
  private done(): boolean {
    return this.mode === "done" || this.units.exhausted;
  }

  scan(chunk: string, offset: number): void {
    // Done: nothing more to report, so no more text is kept either.
    if (this.done()) return;
    this.window.begin(chunk, offset);
    for (let index = 0; index < chunk.length && !this.done(); index++) {
      this.step(chunk.charCodeAt(index), offset + index);
    }
    this.window.finish();
  }

  private step(code: number, at: number): void {
    if (this.quote !== 0) {
      if (this.escaped) this.escaped = false;
      else if (code === 0x5c && this.quote !== 0x60) this.escaped = true;
      else if (code === this.quote) this.quote = 0;
      return;
    }
    if (this.mode === "fence") {
      if (code === 0x0a) this.mode = "start";
      return;
    }
    if (this.contentStart < 0 && !isWhitespaceCode(code)) this.contentStart = at;
    // Any non-ASCII character counts as a word character: only ASCII keywords matter here.
    if (this.depth === 0 && isBareCode(code, code < 0x80 ? "" : "a")) {
      if (this.wordLength === 0) {
        this.wordStart = at;
        this.word = "";
      }
      if (this.wordLength < KEYWORD_LENGTH) this.word += String.fromCharCode(code);
      this.wordLength++;
      return;
    }
    if (this.wordLength > 0) {
      this.endWord(at, code);
      this.wordLength = 0;
      if (this.mode === "done") return;
    }
    if (this.mode === "start" && !isWhitespaceCode(code)) {
      if (code === 0x60) {
        this.mode = "fence";
        return;
      }
      this.mode = "actions";
      this.unitStart = at;
    }
    switch (code) {
      case 0x22:
      case 0x27:
        this.quote = code;
        return;
      case 0x60:
        if (this.depth === 0) this.mode = "done";
        else this.quote = code;
        return;
      case 0x28:
      case 0x5b:
        if (this.depth === 0 && code === 0x28 && this.mode === "actions") this.openCall(at);
        this.depth++;
        return;
      case 0x29:
      case 0x5d:
        if (this.depth === 0) return;
        this.depth--;
        // A `]` closing a call is invalid (the final decode says so), but it ends the unit all the same.
        if (this.depth === 0) this.closeCall(at);
        return;
      case 0x2c:
        if (this.depth === 1 && this.mode === "actions") this.endArgument(at);
        return;
      case 0x3a:
        if (this.depth !== 0) return;
        if (this.mode === "condition") {
          this.endConstraint(at);
          this.mode = "actions";
        }
        this.startUnit(at + 1);
        return;
      case 0x3b:
        if (this.depth === 0) this.startUnit(at + 1);
        return;
    }
  }

  /** A depth-0 word ended at `at` (before character `next`): a keyword may change the mode. */
  private endWord(at: number, next: number): void {
    const word = this.wordLength === this.word.length ? this.word : "";
    if (this.mode === "start") {
      if (word === "if" && isWhitespaceCode(next)) {
        this.mode = "condition";
        this.startUnit(at);
      } else {
        this.mode = "actions";
        this.unitStart = this.wordStart;
      }
    } else if (this.mode === "condition") {
      // `and` / `then` after a constraint; at the start of one they name it (`if and(x): ...`).
      if ((word === "and" || word === "then") && this.contentStart >= 0 && this.contentStart < this.wordStart) {
        this.endConstraint(this.wordStart);
        this.startUnit(at);
        if (word === "then") this.mode = "actions";
      }
    } else if (word === "else" && this.callClosed) {
      this.mode = "alternatives";
      this.startUnit(at);
    } else if (word === "#meta" || (word === "#" && next === 0x7b) /* the meta trailer #{...} */) {
      this.mode = "done";
    }
  }

  private startUnit(at: number): void {
    this.unitStart = at;
    this.contentStart = -1;
    this.callClosed = false;
    this.window.keep(at);
  }

  /** The text from `from` to `to` without surrounding whitespace, and the offset where it starts. */
  private unit(from: number, to: number): { text: string; offset: number } {
    // Text no longer kept belongs to a unit already ended: nothing to decode (an invalid payload).
    if (!this.window.holds(from)) return { text: "", offset: from };
    const raw = this.window.text(from, to);
    const text = raw.trimStart();
    return { text: text.trimEnd(), offset: from + raw.length - text.length };
  }

  private openCall(at: number): void {
    const name = this.unit(this.unitStart, at);
    this.callName = name.text === "" ? undefined : name.text;
    this.argumentStart = at + 1;
    this.window.keep(at + 1);
    if (!this.intentSeen && this.callName !== undefined) {
      const ir = this.units.decode(`${name.text}()`);
      if (ir) {
        this.intentSeen = true;
        this.emit({ kind: "intent", intent: ir.intent, offset: name.offset });
      }
    }
  }

  private closeCall(at: number): void {
    if (this.mode === "actions") {
      this.endArgument(at);
      this.callName = undefined;
      // What follows a call is `;`, `else`, `#meta` or the end: a new unit, never more of this one.
      this.startUnit(at + 1);
      this.callClosed = true;
    } else if (this.mode === "alternatives") {
      const { text, offset } = this.unit(this.unitStart, at + 1);
      const ir = this.units.decode(`x() else: ${text}`);
      for (const alternative of ir?.alternatives ?? []) this.emit({ kind: "alternative", alternative, offset });
      this.startUnit(at + 1);
    }
  }

  private endArgument(at: number): void {
    const { text, offset } = this.unit(this.argumentStart, at);
    this.argumentStart = at + 1;
    this.window.keep(at + 1);
    if (this.callName === undefined || text === "") return;
    const ir = this.units.decode(`${this.callName}(${text})`);
    for (const entity of ir?.entities ?? []) this.emit({ kind: "entity", entity, offset });
  }

  private endConstraint(at: number): void {
    const { text, offset } = this.unit(this.unitStart, at);
    if (text === "") return;
    const ir = this.units.decode(`if ${text}: x()`);
    for (const constraint of ir?.constraints ?? []) this.emit({ kind: "constraint", constraint, offset });
  }
}
