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

/**
 * How a text that extends the one read is told from one that does not, in time linear in the
 * stream. The SDK appends each delta to the text it hands over, and V8 keeps the pieces joined
 * lazily: reading any character of that text, even only the new ones, can make V8 copy it whole,
 * and a copy of over 128 KB (64k characters of a text that is not all Latin-1) goes to a heap
 * space of its own and costs far more. Comparing the text read with the new one's start on every
 * delta made following quadratic (n^1.73 from 18k to 75k characters, 10.5x `Output.text` at
 * 75k). So:
 * - every delta is checked by length (a new step or a retried stream starts shorter), and the last
 *   BOUNDARY characters read are compared with the text at the same offset: on every read while
 *   fewer than READ_EVERY_DELTA characters were read (a new step whose first delta is longer than
 *   the last step's text is told apart at once; the copies stay under the separate heap space),
 *   and past that each time the text has doubled since the last comparison;
 * - past READ_EVERY_DELTA characters the text is read once it has grown by a 1,024th of what was
 *   read (a part may then arrive up to that many characters late; `catchUp` reads the rest when
 *   the stream ends), so the copies add up to about 1,024 times the text: linear.
 * Two calls sharing one Output with texts of growing length are told apart at the next comparison,
 * and the follower then starts over.
 */
const BOUNDARY = 64;
const READ_EVERY_DELTA = 32_768;
/**
 * Past this many parts, a partial IR is handed over once the parts have grown by this fraction
 * (1/64) of those seen, not at every part. The SDK JSON.stringifies every partial output to tell
 * a changed one, and keeps each in the streams it tees, so a copy of the whole partial IR per
 * part made a long answer's following quadratic in time and memory; this way the copies add up to
 * about 64 times the final IR. No part is lost: elementStream yields every part, those that
 * arrived between two partials in order with the second, and the last ones when the stream ends.
 */
const PARTS_EVERY = 64;

export class TextFollower {
  #decoder: StreamDecoder | undefined;
  /** Characters read so far, and the last BOUNDARY of them. */
  #length = 0;
  #tail = "";
  /** The text's length at the last comparison of its boundary. */
  #comparedAt = 0;
  /** The newest text handed over, read or not yet. */
  #latest = "";
  #parts: StreamPart[] = [];
  /** How many parts were seen when the last partial IR was handed over. */
  #handedAt = 0;
  /** A push failed (the stream passed the input limit): no more partials; the final decode reports it. */
  #stopped = false;

  constructor(
    private readonly frontend: string,
    private readonly options: SilpOptions | undefined,
  ) {}

  /** Reads `text`; returns the partial IR when it changed (a part completed, or the parts seen were dropped), else undefined. */
  follow(text: string): FollowedText | undefined {
    this.#latest = text;
    const grown = text.length - this.#length;
    if (this.#decoder !== undefined && grown >= 0 && this.#length >= READ_EVERY_DELTA && grown < this.#length >> 10) return undefined;
    return this.#read(text);
  }

  /** Reads what was handed over and not read yet (the stream ended); the partial IR when it changed. */
  catchUp(): FollowedText | undefined {
    const read = this.#latest.length === this.#length ? undefined : this.#read(this.#latest);
    // Parts that waited for the next partial IR (PARTS_EVERY) are handed over at the end.
    return read ?? (this.#handedAt < this.#parts.length ? this.#handOver() : undefined);
  }

  /** Every part completed so far, in stream order. */
  get parts(): readonly StreamPart[] {
    return this.#parts;
  }

  #read(text: string): FollowedText | undefined {
    // Starting over matters to a reader only when it had seen parts: they no longer hold.
    let dropped = false;
    if (this.#decoder === undefined || !this.#extends(text)) {
      dropped = this.#parts.length > 0;
      this.#decoder = createDecoder(this.frontend, this.options);
      this.#length = 0;
      this.#tail = "";
      this.#comparedAt = 0;
      this.#parts = [];
      this.#handedAt = 0;
      this.#stopped = false;
    }
    if (this.#stopped) return undefined;
    const delta = text.slice(this.#length);
    let added: StreamPart[];
    try {
      added = this.#decoder.push(delta);
    } catch (error) {
      if (!(error instanceof SilpError)) throw error;
      this.#stopped = true;
      return undefined;
    }
    this.#length = text.length;
    this.#tail = delta.length >= BOUNDARY ? delta.slice(delta.length - BOUNDARY) : (this.#tail + delta).slice(-BOUNDARY);
    for (const part of added) this.#parts.push(part); // no push(...added): a chunk may complete very many parts
    if (!dropped && (added.length === 0 || this.#parts.length - this.#handedAt < Math.max(1, this.#handedAt / PARTS_EVERY))) return undefined;
    return this.#handOver();
  }

  #handOver(): FollowedText {
    this.#handedAt = this.#parts.length;
    return { partial: (this.#decoder as StreamDecoder).snapshot(), parts: [...this.#parts] };
  }

  /** `text` goes on from what was read: at least as long, and, when due, the end of what was read is where it was. */
  #extends(text: string): boolean {
    if (text.length < this.#length) return false;
    if (this.#length >= READ_EVERY_DELTA && text.length < 2 * this.#comparedAt) return true;
    this.#comparedAt = text.length;
    return text.startsWith(this.#tail, this.#length - this.#tail.length);
  }
}
