/**
 * The json frontend's one reader: decode() and a stream read a payload through it. The tokens of
 * tree.ts's scanner feed the grammar of tree.ts, run in steps, and each step's unit goes to the
 * one lowering (lower.ts), which sends its part of the IR on:
 *
 *   a property of the root object   at the `,` or `}` after it    `{"intent":"!START", …`
 *   an item of a list property      at the `,` or `]` after it    `"constraints":[{…}, …`
 *
 * (constraints, alternatives, entities, act and action_ lists), so the intent arrives with its
 * property, and each flat slot, entity, constraint and alternative as soon as its own text is
 * complete. A slot's entity takes the intent as its action: one read before the intent waits for it.
 *
 * A stream (`append`): a token is read once its end has arrived: a string's closing quote, the
 * first character after a number or a word, anything after whitespace. Whether it has is found by
 * looking at each new chunk alone, so a long string or a long run of chunks costs no re-reading.
 * A step runs once the token that ends it (`,` `}` `]` at its own depth) has arrived, so it runs
 * once and is never undone.
 *
 * A whole payload (`finish` with nothing appended, which is decode()): the same steps over the
 * text, each unit lowered once the grammar has reached the payload's end, so that a syntax error
 * is reported before anything the lowering would say, and a lenient repair (repair.ts) reads the
 * repaired text afresh. Before that, one shortcut: JSON.parse's value through the same lowering,
 * taken only when the text repeats no key and nothing in it needs a position (lower.ts,
 * `lowerParsedJson`); `npm run bench:floor` shows what it is worth.
 */
import { SilpError } from "../../errors.js";
import { normalPart } from "../../ir/normalize.js";
import type { Alternative, Constraint, Entity } from "../../ir/types.js";
import {
  type DecodeContext,
  type DecodedPayload,
  type PartSink,
  STREAM_COMPACT_AT,
  STREAM_READ_BATCH,
  type PayloadStream,
  type ReceivedText,
  type StreamWork,
  receivedText,
} from "../decode-context.js";
import { JsonLowering, LIST_KEYS, lowerParsedJson, positionedReporter } from "./lower.js";
import { repairJson } from "./repair.js";
import { SECONDARY_PREFIX } from "./printer.js";
import { type JsonNode, type ReadToken, Stop, Token, TreeParser, isBlank, isPunctuation, isWordCharacter, startsWithValue } from "./tree.js";
import { positionedView } from "./view.js";
import { scanJson } from "../json-value.js";
import { IDENTITY_HOOKS } from "../../security/hooks.js";

/**
 * What the end of a pending token waits for (see `endsIn`). A number waits as a word does: every
 * character of a number is a word character, and what ends a number in valid JSON (whitespace,
 * punctuation) ends a word; in invalid JSON the tokens come out the same, only later.
 */
type Wait = "ws" | "string" | "word";

/** The tokens of a json stream, read as their text completes. */
class JsonTokens {
  readonly tokens: ReadToken[] = [];
  /**
   * The offsets of the first character not yet read into a token and of the end of the text
   * received. A token's chunks wait in the text the reader keeps (`received`), not read, until its
   * end arrives: the stream keeps no copy of its own.
   */
  private base: number;
  private end: number;
  /** A token (or whitespace) whose end has not arrived: what it waits for, and whether the last chunk ended inside an escape. */
  private wait: Wait | undefined;
  private escaped = false;
  /**
   * The text received past `base` that `readBatch` reads (undefined while a token waits for its
   * end), and the one scanner reading it, which is as far as it has read. A scanner made for each
   * chunk that completed a token cost the study's payloads in 4-character chunks about 3% more.
   */
  private reading: string | undefined;
  private readonly scanner = new TreeParser("");

  constructor(
    private readonly received: ReceivedText,
    start: number,
  ) {
    this.base = start;
    this.end = start;
  }

  /**
   * A chunk, which `received` already holds. The tokens it completes are read by `readBatch`, a
   * batch at a time, so a chunk holding a whole reply does not keep all its tokens alive at once.
   * False when the chunk only goes on with the token waiting: it completes no token, so no step.
   */
  append(chunk: string): boolean {
    this.end += chunk.length;
    if (this.wait !== undefined && !this.endsIn(chunk)) return false;
    this.wait = undefined;
    // What an earlier chunk's reading read is behind `base` now (its steps may have ended before it read all).
    if (this.reading !== undefined) this.base += this.scanner.pos;
    // A chunk that starts where reading starts is that text itself (most do: the last token ended
    // with the chunk before), so only a token begun in an earlier chunk is read from `received`.
    const text = this.base === this.end - chunk.length ? chunk : this.received.slice(this.base, this.end);
    this.reading = text;
    this.scanner.reset(text);
    return true;
  }

  /** The stream's offset of the first character not read into a token. */
  get position(): number {
    return this.base + (this.reading === undefined ? 0 : this.scanner.pos);
  }

  /** Reads up to `count` more tokens into `tokens`; false once the text received has no complete token left. */
  readBatch(count: number): boolean {
    const text = this.reading;
    if (text === undefined) return false;
    const scanner = this.scanner;
    for (let read = 0; read < count; read++) {
      const at = scanner.pos;
      scanner.scan();
      // A token followed in the text by a character that ends a word is complete (its scan
      // stopped there, and more text cannot change it). Only the token at the end of the text, or
      // one followed by a word character (a number cut short, as `1e` before its exponent's digits
      // arrive), is looked at again by `pending`, which scans ahead only for the end of a token.
      const after = scanner.pos;
      const pending = after < text.length && !isWordCharacter(text.charCodeAt(after)) ? undefined : this.pending(text, at);
      if (pending !== undefined) {
        this.wait = pending;
        this.base += at;
        this.reading = undefined;
        return false;
      }
      this.tokens.push(scanner.read(this.base));
    }
    return true;
  }

  /**
   * Whether the token after whitespace at `at` is not complete in `text`: what it waits for, or
   * undefined when it is complete. Sets the escape state of a string cut inside an escape.
   */
  private pending(text: string, at: number): Wait | undefined {
    let pos = at;
    while (pos < text.length && isBlank(text.charCodeAt(pos))) pos++;
    if (pos >= text.length) return "ws";
    const code = text.charCodeAt(pos);
    let wait: Wait;
    if (code === 0x22) wait = "string";
    else if (isPunctuation(code) || code === 0x2f) return undefined;
    else wait = "word";
    this.escaped = false;
    return this.endsIn(text, pos + 1, wait) ? undefined : wait;
  }

  /** Whether `chunk` from `from` on holds the end of the token waiting (`wait`), continuing a string's escape state. */
  private endsIn(chunk: string, from = 0, wait = this.wait as Wait): boolean {
    for (let i = from; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      switch (wait) {
        case "ws":
          if (!isBlank(code)) return true;
          break;
        case "string":
          if (this.escaped) this.escaped = false;
          else if (code === 0x5c) this.escaped = true;
          else if (code === 0x22 || code === 0x0a || code === 0x0d) return true;
          break;
        case "word":
          if (!isWordCharacter(code)) return true;
          break;
      }
    }
    return false;
  }
}

/**
 * One reading of a json payload, as a stream or whole. Lowering errors wait for the end (a syntax
 * error later in the text is reported before them); a repeated root key is reported before any
 * of them, as the lowering checks an object's keys before its values.
 */
class JsonReader implements PayloadStream {
  /** A stream's tokens, from its first chunk on; undefined while nothing was appended. */
  private tokens: JsonTokens | undefined;
  private parser = new TreeParser("");
  private lowering: JsonLowering<JsonNode>;
  /** Maps an offset of the text read to the decode's source: a stream's offsets are the source's already. */
  private toSource = (offset: number): number => offset;
  /** A whole payload: its units, lowered once the grammar has reached the end; undefined in a stream. */
  private deferred: (() => void)[] | undefined;
  private phase: "open" | "property" | "item" | "end" = "open";
  private needsComma = false;
  /** The list property being read item by item: its key, and whether an item was read. */
  private list: { key: string; keyNode: JsonNode; items: number } | undefined;
  /** The root object's node, for the lowering's `finish`, which names it only in an error. */
  private root: JsonNode = { type: "object", offset: 0, length: 0 };
  private readonly keys = new Set<string>();
  private repeated: unknown;
  private failed: unknown;
  /** Slots read before the intent: their entities wait for it (their action). */
  private waiting: { entity: Entity; offset: number }[] = [];
  /** The nesting of a stream's tokens read, past which the stream gives up (decode() says limit_exceeded). */
  private depth = 0;
  private scanned = 0;
  private readonly gate = { seen: 0, depth: 0 };
  private readEnd = 0;
  readonly work: StreamWork = { steps: 0, undone: 0 };

  constructor(
    private readonly context: DecodeContext,
    private readonly start: number,
    private readonly sink: PartSink | undefined,
  ) {
    this.lowering = new JsonLowering(positionedView(this.toSource), positionedReporter(context));
  }

  /** Where the text read by the completed steps ends (the token each looked at after its unit included). */
  get position(): number {
    return this.readEnd;
  }

  append(chunk: string): void {
    if (this.tokens === undefined) {
      this.tokens = new JsonTokens(receivedText(this.context), this.start);
      this.parser = TreeParser.over(this.tokens.tokens);
    }
    // Most chunks of a model's stream go on with a string or a word: nothing to read or step
    // (skipping the calls below for them made a 1-character json feed about 14% faster).
    if (!this.tokens.append(chunk)) return;
    let more: boolean;
    do {
      more = this.tokens.readBatch(STREAM_READ_BATCH);
      this.boundDepth();
      this.advance();
    } while (more && this.phase !== "end");
  }

  /**
   * Runs every step the tokens read complete. No step is undone here, unlike the code parser's:
   * `mayComplete` lets a step run only once the token that ends its unit has arrived (and for a
   * list's `]` or its opening, the one token the step reads past it), so a step never reaches the
   * end of the tokens read. Were that wrong, the step's INCOMPLETE would fail the stream and the
   * whole text would decide at its end: time lost, never a wrong part (no part is sent before a
   * step's last token is read). Random payloads in random chunks never reach it (docs/json.md).
   */
  private advance(): void {
    while (this.phase !== "end" && this.mayComplete()) {
      this.work.steps++;
      try {
        this.step();
      } catch (error) {
        throw notRead(error);
      }
    }
  }

  finish(end: number): DecodedPayload {
    if (this.tokens === undefined) return decodeWhole(this.context, this.start, end, this.sink);
    // The payload is whole: what is left of it is read from its text, from where the stream's
    // tokens stopped or (a closing code fence read as tokens) from the first token past its end.
    const tokens = this.tokens.tokens;
    let from = this.tokens.position;
    while (tokens.length > this.parser.cursor + 1 && (tokens[tokens.length - 1] as ReadToken).end > end) from = (tokens.pop() as ReadToken).start;
    const rest = this.context.source.slice(from, end);
    const scanner = new TreeParser(rest);
    for (let at = 0; ; ) {
      scanner.pos = at;
      scanner.scan();
      tokens.push(scanner.read(from));
      if (scanner.kind() === Token.End) break;
      at = scanner.pos;
    }
    this.boundDepth();
    try {
      this.toEnd();
    } catch (error) {
      throw notRead(error);
    }
    return this.result();
  }

  /**
   * A whole payload's text, at offsets `toSource` maps to the source: the grammar to its end, then
   * each unit lowered. Throws a Stop at a syntax error (at an offset of `text`).
   */
  readWhole(text: string, toSource: (offset: number) => number): DecodedPayload {
    this.toSource = toSource;
    this.lowering = new JsonLowering(positionedView(toSource), positionedReporter(this.context));
    this.parser = new TreeParser(text);
    this.deferred = [];
    this.toEnd();
    for (const unit of this.deferred) unit();
    return this.result();
  }

  /** The steps left, and then the end of the text. */
  private toEnd(): void {
    while (this.phase !== "end") this.step();
    this.parser.next();
    if (this.parser.kind() !== Token.End) throw new Stop("end of file expected", this.parser.tokenStart);
  }

  /** The IR, once every unit was lowered: or the first error the lowering met. */
  private result(): DecodedPayload {
    if (this.repeated !== undefined) throw this.repeated;
    if (this.failed !== undefined) throw this.failed;
    return this.lowering.finish(this.root);
  }

  /** Deeper than the limit: the stream stops here, and decode() of the whole text reports it. */
  private boundDepth(): void {
    const tokens = (this.tokens as JsonTokens).tokens;
    for (; this.scanned < tokens.length; this.scanned++) {
      const kind = (tokens[this.scanned] as ReadToken).kind;
      if (kind === Token.OpenBrace || kind === Token.OpenBracket) this.depth++;
      else if (kind === Token.CloseBrace || kind === Token.CloseBracket) this.depth--;
      if (this.depth > this.context.options.limits.maxDepth) throw new SilpError("limit_exceeded", "nested deeper than the limit");
    }
  }

  /**
   * Whether the tokens read complete the current step: the `,` `}` or `]` that ends its unit, at
   * the unit's own depth, has arrived (the step then reads no further; see `advance`). So a unit is
   * read once, when its end has arrived, however small the chunks. The tokens are scanned once per
   * step (`gate`), not once per chunk.
   */
  private mayComplete(): boolean {
    const tokens = (this.tokens as JsonTokens).tokens;
    const gate = this.gate;
    const cursor = this.parser.cursor;
    if (this.phase === "open") return tokens.length > cursor + 2;
    if (this.phase === "property" && this.opensList(tokens, cursor)) return true;
    if (gate.seen < cursor) gate.seen = cursor;
    for (; gate.seen < tokens.length; gate.seen++) {
      const kind = (tokens[gate.seen] as ReadToken).kind;
      if (gate.seen === cursor && kind === Token.Comma) continue; // the comma before the unit
      if (gate.depth === 0 && (kind === Token.Comma || kind === Token.CloseBrace || kind === Token.CloseBracket)) {
        // A unit that is the closing `}` is complete alone; a closing `]` is read with the token after it.
        return gate.seen > cursor || this.phase === "property" || gate.seen + 1 < tokens.length;
      }
      if (kind === Token.OpenBrace || kind === Token.OpenBracket) gate.depth++;
      else if ((kind === Token.CloseBrace || kind === Token.CloseBracket) && gate.depth > 0) gate.depth--;
    }
    return false;
  }

  /** Whether the tokens from `cursor` are [","] a list key, ":" and "[": a step of their own (the list's start). */
  private opensList(tokens: readonly ReadToken[], cursor: number): boolean {
    const at = (tokens[cursor] as ReadToken | undefined)?.kind === Token.Comma ? cursor + 1 : cursor;
    const key = tokens[at];
    // The step reads the token after the "[" too (the list's first item, or its "]").
    if (key?.kind !== Token.String || tokens[at + 1]?.kind !== Token.Colon || tokens[at + 2]?.kind !== Token.OpenBracket || tokens.length <= at + 3)
      return false;
    return LIST_KEYS.has(key.value) || key.value.startsWith(SECONDARY_PREFIX);
  }

  /** The step completed: a stream's tokens before the current one are done with; the next step scans from it. */
  private completed(): void {
    if (this.tokens === undefined) return;
    const cursor = this.parser.cursor;
    const current = this.tokens.tokens[cursor];
    if (current !== undefined && current.end > this.readEnd) this.readEnd = current.end;
    // The tokens done with are dropped once they are most of the buffer, not at every step: a chunk
    // holding many units (a whole reply pushed at once) would otherwise move the rest of its
    // tokens at each step, quadratic in the chunk (2 MB pushed at once took 4.6 s, 33x decode).
    if (cursor >= STREAM_COMPACT_AT && cursor * 2 >= this.tokens.tokens.length) {
      this.tokens.tokens.splice(0, cursor);
      this.parser.cursor = 0;
      this.scanned -= cursor;
    }
    this.gate.seen = this.parser.cursor;
    this.gate.depth = 0;
  }

  private step(): void {
    const parser = this.parser;
    if (this.phase === "open") {
      parser.next();
      if (parser.kind() !== Token.OpenBrace) this.notAnObject();
      this.root = { type: "object", offset: parser.tokenStart, length: 0 };
      parser.next();
      this.phase = "property";
      this.completed();
      return;
    }
    if (this.phase === "item") {
      this.item();
      return;
    }
    // property = [","] string ":" value, as tree.ts's object() reads one
    if (parser.kind() === Token.CloseBrace) {
      this.phase = "end";
      this.completed();
      return;
    }
    if (parser.kind() === Token.End) throw new Stop("close brace expected", parser.tokenStart);
    if (parser.kind() === Token.Comma) {
      if (!this.needsComma) throw new Stop("value expected", parser.tokenStart);
      parser.next();
    } else if (this.needsComma) {
      throw new Stop("comma expected", parser.tokenStart);
    }
    if (parser.kind() !== Token.String) throw new Stop("property name expected", parser.tokenStart);
    const key = parser.stringValue;
    const keyNode: JsonNode = { type: "string", offset: parser.tokenStart, length: parser.pos - parser.tokenStart, value: key };
    parser.next();
    if (parser.kind() !== Token.Colon) throw new Stop("colon expected", parser.tokenStart);
    parser.next();
    if (parser.kind() === Token.OpenBracket && (LIST_KEYS.has(key) || key.startsWith(SECONDARY_PREFIX))) {
      parser.next();
      this.needsComma = true;
      this.list = { key, keyNode, items: 0 };
      this.phase = "item";
      this.completed();
      this.addKey(key, keyNode);
      this.unit(() => this.lower(() => this.lowering.listStart(key, keyNode, undefined)));
      return;
    }
    const value = parser.value();
    if (value === undefined) throw new Stop("value expected", parser.tokenStart);
    this.needsComma = true;
    this.completed();
    this.addKey(key, keyNode);
    this.unit(() => {
      this.lower(() => this.emitNew(() => this.lowering.property(key, keyNode, value), keyNode.offset));
      // After a lowering error nothing more is lowered (`lower`), so the intent is known only if none came before it.
      if (key === "intent" && this.lowering.intentSoFar !== undefined) {
        this.sink?.({ kind: "intent", intent: this.lowering.intentSoFar, offset: this.toSource(keyNode.offset) });
        for (const { entity, offset } of this.waiting) this.emitEntity(entity, offset);
        this.waiting = [];
      }
    });
  }

  /**
   * The root is not an object. A stream stops (its end decodes the whole text). A whole payload
   * reads the value, so that a syntax error in it is reported first, and then the lowering says
   * what the root must be.
   */
  private notAnObject(): never {
    const parser = this.parser;
    if (this.deferred === undefined) throw new Stop("a JSON object expected", parser.tokenStart);
    const value = parser.value();
    if (value === undefined) throw new Stop("value expected", parser.tokenStart);
    if (parser.kind() !== Token.End) throw new Stop("end of file expected", parser.tokenStart);
    this.lowering.root(value);
    throw new Stop("a JSON object expected", value.offset); // root() throws first: a value that is not an object
  }

  /** array item = [","] value, as tree.ts's array() reads one; the `]` ends the list. */
  private item(): void {
    const parser = this.parser;
    const list = this.list as NonNullable<JsonReader["list"]>;
    if (parser.kind() === Token.CloseBracket) {
      parser.next();
      this.phase = "property";
      this.list = undefined;
      this.completed();
      return;
    }
    if (parser.kind() === Token.End) throw new Stop("close bracket expected", parser.tokenStart);
    if (parser.kind() === Token.Comma) {
      if (list.items === 0) throw new Stop("value expected", parser.tokenStart);
      parser.next();
    } else if (list.items > 0) {
      throw new Stop("comma expected", parser.tokenStart);
    }
    const value = parser.value();
    if (value === undefined) throw new Stop("value expected", parser.tokenStart);
    list.items++;
    this.completed();
    this.unit(() => this.lower(() => this.emitNew(() => this.lowering.listItem(list.key, value), value.offset)));
  }

  /** A unit read: lowered now in a stream, after the grammar's end in a whole payload. */
  private unit(lower: () => void): void {
    if (this.deferred) this.deferred.push(lower);
    else lower();
  }

  /** Runs a lowering step, and sends on each part it added (its text starts at `offset`). */
  private emitNew(lower: () => unknown, offset: number): void {
    if (this.sink === undefined) {
      lower();
      return;
    }
    // The lengths before, and the new items after, by index: a unit adds an item or two, and
    // slicing each list's tail made five arrays per unit for them (docs/performance.md).
    const before = this.lowering.lowered();
    const flat = before.flat.length;
    const secondary = before.secondary.length;
    const entities = before.entities.length;
    const constraints = before.constraints.length;
    const alternatives = before.alternatives.length;
    lower();
    const after = this.lowering.lowered();
    const at = this.toSource(offset);
    for (let i = constraints; i < after.constraints.length; i++) {
      this.sink({ kind: "constraint", constraint: normalPart("constraints", after.constraints[i] as Constraint), offset: at });
    }
    for (let i = alternatives; i < after.alternatives.length; i++) {
      this.sink({ kind: "alternative", alternative: normalPart("alternatives", after.alternatives[i] as Alternative), offset: at });
    }
    for (let i = flat; i < after.flat.length; i++) this.emitEntity(after.flat[i] as Entity, at);
    for (let i = entities; i < after.entities.length; i++) this.emitEntity(after.entities[i] as Entity, at);
    for (let i = secondary; i < after.secondary.length; i++) this.emitEntity(after.secondary[i] as Entity, at);
  }

  /** An entity as the final IR lists it: with the intent as its action when it has none (it waits for the intent). */
  private emitEntity(entity: Entity, offset: number): void {
    const intent = this.lowering.intentSoFar;
    if (intent === undefined && (entity.action === undefined || entity.action === null)) this.waiting.push({ entity, offset });
    else this.sink?.({ kind: "entity", entity: normalPart("entities", entity, intent as string), offset });
  }

  private addKey(key: string, keyNode: JsonNode): void {
    if (this.keys.has(key) && this.repeated === undefined) {
      this.repeated = positionedReporter(this.context).error(
        "decode_failed",
        this.toSource(keyNode.offset),
        `duplicate key "${key}" (JSON parsers would silently keep only one)`,
      );
    }
    this.keys.add(key);
  }

  /** Lowers a unit unless lowering already failed; its error waits for the end. */
  private lower(run: () => void): void {
    if (this.failed !== undefined || this.repeated !== undefined) return;
    try {
      run();
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      this.failed = error;
    }
  }
}

/**
 * decode() of a json payload, `context.source` from `start` to `end`: the JSON.parse shortcut, or
 * the reader over the text; in lenient mode, a text with the damage repair.ts mends is read again,
 * repaired, at offsets mapped back to the text.
 */
function decodeWhole(context: DecodeContext, start: number, end: number, sink: PartSink | undefined): DecodedPayload {
  const source = context.source;
  const text = start === 0 && end === source.length ? source : source.slice(start, end);
  const fast = lowerParsedJson(text, scanJson(text, context.options.limits.maxDepth, source, start), context.hooks !== IDENTITY_HOOKS);
  if (fast !== undefined) return fast;
  try {
    return new JsonReader(context, start, sink).readWhole(text, (offset) => start + offset);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const repaired = context.strict || !startsWithValue(text) ? undefined : repairJson(context, text, start);
    if (repaired) {
      try {
        return new JsonReader(context, start, sink).readWhole(repaired.text, (offset) => start + repaired.originalOffset(offset));
      } catch (again) {
        if (!(again instanceof Stop)) throw again;
      }
    }
    throw new SilpError("invalid_syntax", `invalid JSON: ${error.reason}`, { source, offset: start + error.offset, expected: ["a JSON object"] });
  }
}

/**
 * A stop as the codec's error: decode() reads a whole text through the same append and finish,
 * and lenient extraction tells a payload that failed from a crash by it. Any other error as it is.
 */
function notRead(error: unknown): unknown {
  return error instanceof Stop ? new SilpError("invalid_syntax", `invalid JSON: ${error.reason}`, { offset: error.offset }) : error;
}

export function openJsonStream(context: DecodeContext, start: number, sink?: PartSink): PayloadStream {
  return new JsonReader(context, start, sink);
}
