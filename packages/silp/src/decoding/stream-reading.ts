/**
 * Reads a stream through a frontend's own reader (its `openStream`): sanitizes each chunk
 * (security/stream-sanitizer.ts), finds where the payload starts (after an opening code fence
 * line), and hands the text to the reader, which sends the IR's parts to the sink as their units
 * complete. At the end the reader finishes the payload and the result is completed as a whole
 * text's is (attempt.ts). Only when the stream could not read the payload as a whole text is read
 * (prose around it, an error) does the whole text go through read-text.ts, the same steps
 * `decode()` takes.
 */
import { SilpError } from "../errors.js";
import { DecodeContext, type PartSink, type PayloadStream, type Repair } from "../frontends/decode-context.js";
import { openingFence, surroundingFence } from "../frontends/fence.js";
import type { Frontend } from "../frontends/registry.js";
import type { ResolvedOptions } from "../options.js";
import { NOTHING_SANITIZED } from "../security/decode-guard.js";
import { IDENTITY_HOOKS } from "../security/hooks.js";
import { ChunkText } from "../chunk-text.js";
import { StreamSanitizer } from "../security/stream-sanitizer.js";
import { type DecodeResult, type Sanitized, complete, result } from "./attempt.js";
import { readText } from "./read-text.js";

export class StreamReading {
  private readonly sanitizer: StreamSanitizer | undefined;
  private readonly context: DecodeContext;
  private stream: PayloadStream | undefined;
  /** Where the stream's payload starts in the sanitized text. */
  private start = 0;
  /** Sanitized text received before the stream opened (blanks, an opening fence line being read). */
  private head = "";
  /** Where in `head` the first character that is not blank is, once it has arrived. */
  private first = -1;
  /** That character is a backtick: the payload may start after a code fence's line. */
  private fenced = false;
  /** The stream threw: it reads nothing more. */
  private failed = false;
  /** Not a payload the stream can read at all (the sanitizer rejected it, strict mode and a fence): the whole text decides. */
  private whole = false;
  /**
   * The caller's text, for reading the whole text: kept here without a sanitizer, or once the
   * stream is given up; otherwise the stream sanitizer keeps it (once, with the sanitized text).
   */
  private kept: ChunkText | undefined;

  constructor(
    private readonly frontend: Frontend,
    private readonly name: string,
    private readonly options: ResolvedOptions,
    private readonly sink: PartSink,
  ) {
    this.sanitizer = options.sanitize === false ? undefined : new StreamSanitizer(options.sanitize);
    this.context = new DecodeContext("", options, this.sanitizer?.hooks ?? IDENTITY_HOOKS);
    if (this.sanitizer === undefined) this.kept = new ChunkText();
    // The stream reads the text it is given from here: the sanitized text, or the caller's when nothing sanitizes it.
    this.context.received = this.sanitizer ? this.sanitizer.sanitized : this.kept;
  }

  push(chunk: string): void {
    this.kept?.append(chunk);
    if (this.whole) return;
    let clean: string;
    try {
      clean = this.sanitizer ? this.sanitizer.push(chunk) : chunk;
    } catch {
      this.giveUp(); // rejected: reading the whole text throws the sanitizer's error
      return;
    }
    this.read(clean);
  }

  /** The stream ended: what `decode(text)` returns. */
  end(): DecodeResult {
    if (!this.whole) {
      try {
        this.read(this.sanitizer ? this.sanitizer.finish() : "");
      } catch {
        this.giveUp();
      }
    }
    const text = this.kept ? this.kept.read() : (this.sanitizer as StreamSanitizer).received();
    // A report cut at maxHits keeps the first hits found, and a stream finds them in another order.
    if (this.whole || this.stream === undefined || this.sanitizer?.full) return readText(text, this.frontend, this.name, this.options);
    // Completing the result needs the whole text: the sanitizer keeps it, or it is the caller's.
    this.context.source = this.sanitizer ? this.sanitizer.text() : text;
    return this.finished(this.stream) ?? readText(text, this.frontend, this.name, this.options);
  }

  /**
   * What the stream read, completed as a whole text's payload is, when it read the payload exactly
   * as a whole text is read: it started where the payload starts, its completed units looked at
   * nothing past the payload's end, and it read on without failing: a reader that failed may have
   * moved past what failed, and finishing from there would skip it. Undefined otherwise, or when
   * the payload fails: the whole text then decides (it reports the error with its code frame, or
   * finds the payload elsewhere).
   */
  private finished(stream: PayloadStream): DecodeResult | undefined {
    const source = this.context.source;
    const fence = surroundingFence(source);
    const { start, end } = fence ?? { start: 0, end: source.length };
    if (this.start !== start || this.failed || stream.position > end) return undefined;
    // Listed when the fence's line ended (open, below), before the stream could know whether it closes.
    if (fence) (this.context.repairs[0] as Repair).message = fence.note;
    try {
      return result(complete(this.context, stream.finish(end), start, end), this.name, this.sanitized());
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      return undefined;
    }
  }

  /** What sanitizing the stream changed and found. */
  private sanitized(): Sanitized {
    const sanitizer = this.sanitizer;
    if (!sanitizer) return NOTHING_SANITIZED;
    return { changed: !sanitizer.offsets.identity, originalOffset: (offset) => sanitizer.offsets.toOriginal(offset), report: () => sanitizer.report() };
  }

  /** The stream reads nothing more; the whole text decides (read-text.ts), so the caller's text is kept from here on. */
  private giveUp(): void {
    this.whole = true;
    if (this.kept === undefined) {
      this.kept = new ChunkText();
      this.kept.append((this.sanitizer as StreamSanitizer).received());
    }
  }

  private read(clean: string): void {
    if (clean === "") return;
    let stream = this.stream;
    if (stream === undefined) {
      const at = this.head.length;
      this.head += clean;
      stream = this.open(clean, at);
      if (stream === undefined) return;
      clean = this.head.slice(this.start);
    }
    if (this.failed) return;
    try {
      stream.append(clean);
    } catch {
      this.failed = true;
    }
  }

  /**
   * Opens the frontend's stream once the start of the payload is known: the first character that
   * is not blank, and, when that starts a code fence, the end of the fence's line. Undefined until
   * then, or when the stream is given up. Only `added`, the newest text (at `at` in the head), is
   * searched: the text before it was searched already, and searching the whole head again at each
   * chunk made a run of blanks fed a character at a time quadratic (80K blanks took 2 s).
   */
  private open(added: string, at: number): PayloadStream | undefined {
    if (this.first === -1) {
      const found = added.search(/[^ \t\n\r]/);
      if (found === -1) return undefined;
      this.first = at + found;
      // Noted here: reading the head's character at each chunk would flatten the growing head each time.
      this.fenced = added.charCodeAt(found) === 0x60 /* ` */;
    }
    if (this.fenced) {
      // Decided once the fence's line has ended, at a newline after the fence's start.
      if (added.indexOf("\n", this.first - at) === -1) return undefined;
      const fence = openingFence(this.head);
      // Strict mode rejects a fence, and a line that is not a fence is not a payload's start: the whole text decides.
      if (fence === undefined || this.context.strict) {
        this.giveUp();
        return undefined;
      }
      this.start = fence.payloadStart;
      // Listed first, as a whole text lists it; what it says waits for the end (finished, above).
      // (No `expected`: strict mode, which shows it, gave up above.)
      this.context.repair("code_fence", fence.fenceAt, "");
    }
    this.stream = (this.frontend.openStream as NonNullable<Frontend["openStream"]>)(this.context, this.start, this.sink);
    return this.stream;
  }
}
