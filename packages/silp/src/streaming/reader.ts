/**
 * Reads a stream through a frontend's own parser (its `openStream`): sanitizes each chunk
 * (security/stream-sanitizer.ts), finds where the payload starts (after an opening code fence
 * line), and hands the text to the frontend's stream, which sends the IR's parts to the sink as
 * their units complete. At the end the result is completed from what the stream read
 * (codec.ts, `finishStreamed`): nothing is decoded twice unless the stream could not read the
 * payload as decode() reads it (prose around it, an error), and then the whole text is decoded.
 */
import { type DecodeResult, decode, finishStreamed } from "../codec.js";
import { DecodeContext, type PartSink, type PayloadStream } from "../frontends/decode-context.js";
import { openingFence } from "../frontends/fence.js";
import type { Frontend } from "../frontends/registry.js";
import type { ResolvedOptions, SilpOptions } from "../options.js";
import { emptyReport } from "../security/decode-guard.js";
import { IDENTITY_HOOKS } from "../security/hooks.js";
import { ChunkText } from "../chunk-text.js";
import { StreamSanitizer } from "../security/stream-sanitizer.js";

export class StreamReader {
  private readonly sanitizer: StreamSanitizer | undefined;
  private readonly context: DecodeContext;
  private stream: PayloadStream | undefined;
  /** Where the stream's payload starts in the sanitized text. */
  private start = 0;
  /** Sanitized text received before the stream opened (blanks, an opening fence line being read). */
  private head = "";
  /** The stream threw: it reads nothing more. */
  private failed = false;
  /** Not a payload the stream can read at all (the sanitizer rejected it, strict mode and a fence): decode() decides. */
  private whole = false;
  /**
   * The caller's text, for decode() of the whole text: kept here without a sanitizer, or once the
   * stream is given up; otherwise the stream sanitizer keeps it (once, with the sanitized text).
   */
  private kept: ChunkText | undefined;

  constructor(
    private readonly frontend: Frontend,
    options: ResolvedOptions,
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
      this.giveUp(); // rejected: decode() throws the sanitizer's error
      return;
    }
    this.read(clean);
  }

  /** The stream ended: what `decode(text)` returns. */
  end(frontendName: string, options: SilpOptions | undefined): DecodeResult {
    if (!this.whole) {
      try {
        this.read(this.sanitizer ? this.sanitizer.finish() : "");
      } catch {
        this.giveUp();
      }
    }
    const text = this.kept ? this.kept.read() : (this.sanitizer as StreamSanitizer).received();
    // A report cut at maxHits keeps the first hits found, and a stream finds them in another order.
    if (this.whole || this.stream === undefined || this.sanitizer?.full) return decode(text, frontendName, options);
    // Completing the result needs the whole text: the sanitizer keeps it, or it is the caller's.
    this.context.source = this.sanitizer ? this.sanitizer.text() : text;
    const sanitizer = this.sanitizer;
    return finishStreamed(text, frontendName, options, {
      context: this.context,
      stream: this.stream,
      start: this.start,
      failed: this.failed,
      sanitized: sanitizer
        ? { changed: !sanitizer.offsets.identity, originalOffset: (offset) => sanitizer.offsets.toOriginal(offset), report: () => sanitizer.report() }
        : { changed: false, originalOffset: (offset) => offset, report: emptyReport },
    });
  }

  /** The stream reads nothing more; decode() of the whole text decides, so the caller's text is kept from here on. */
  private giveUp(): void {
    this.whole = true;
    if (this.kept === undefined) {
      this.kept = new ChunkText();
      this.kept.append((this.sanitizer as StreamSanitizer).received());
    }
  }

  private read(clean: string): void {
    if (clean === "") return;
    if (this.stream === undefined) {
      this.head += clean;
      if (!this.open(clean)) return;
      clean = this.head.slice(this.start);
      this.head = "";
    }
    if (this.failed) return;
    try {
      this.stream?.append(clean);
    } catch {
      this.failed = true;
    }
  }

  /**
   * Opens the frontend's stream once the start of the payload is known: the first character that
   * is not blank, and, when that starts a code fence, the end of the fence's line.
   */
  private open(added: string): boolean {
    const head = this.head;
    const first = head.search(/[^ \t\n\r]/);
    if (first === -1) return false;
    if (head.charCodeAt(first) === 0x60 /* ` */) {
      // Decided once the fence's line has ended; until then only the newest text can end it.
      if (!added.includes("\n") || head.indexOf("\n", first) === -1) return false;
      const fence = openingFence(head);
      // Strict mode rejects a fence, and a line that is not a fence is not a payload's start: decode() decides.
      if (fence === undefined || this.context.strict) {
        this.giveUp();
        return false;
      }
      this.start = fence.lineEnd + 1;
    }
    this.stream = (this.frontend.openStream as NonNullable<Frontend["openStream"]>)(this.context, this.start, this.sink);
    return true;
  }
}
