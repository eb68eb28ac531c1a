/**
 * A streaming decoder for a text that is handed over whole, again and again, as it grows: the AI
 * SDK calls an Output's `parsePartialOutput` with the text of the step so far on every delta.
 * Only the characters past what the decoder has read are pushed, so the codec's work stays linear
 * in the stream. When the text handed over does not extend the one read (a new step, a retried
 * stream, another call sharing the Output), the decoder starts over on it.
 */
import { createDecoder, type PartialIR, SilpError, type SilpOptions, type StreamDecoder, type StreamPart } from "silp";

export interface FollowedText {
  /** A snapshot of the partial IR (safe to keep: later text never changes it). */
  readonly partial: PartialIR;
  /** Every part completed so far, in stream order, with its offset in the text. */
  readonly parts: readonly StreamPart[];
}

export class TextFollower {
  #decoder: StreamDecoder | undefined;
  #read = "";
  #parts: StreamPart[] = [];
  /** A push failed (the stream passed the input limit): no more partials; the final decode reports it. */
  #stopped = false;

  constructor(
    private readonly frontend: string,
    private readonly options: SilpOptions | undefined,
  ) {}

  /** Reads `text`; returns the partial IR when it changed (a part completed, or the parts seen were dropped), else undefined. */
  follow(text: string): FollowedText | undefined {
    // Starting over matters to a reader only when it had seen parts: they no longer hold.
    let dropped = false;
    // One comparison of the text already read per delta: the SDK hands the whole text over each
    // time (its own object output re-parses all of it), and only an exact prefix may be skipped.
    if (this.#decoder === undefined || !text.startsWith(this.#read)) {
      dropped = this.#parts.length > 0;
      this.#decoder = createDecoder(this.frontend, this.options);
      this.#read = "";
      this.#parts = [];
      this.#stopped = false;
    }
    if (this.#stopped) return undefined;
    let added: StreamPart[];
    try {
      added = this.#decoder.push(text.slice(this.#read.length));
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      this.#stopped = true;
      return undefined;
    }
    this.#read = text;
    if (!dropped && added.length === 0) return undefined;
    this.#parts.push(...added);
    return { partial: this.#decoder.snapshot(), parts: [...this.#parts] };
  }
}
