/**
 * The stream's text from the start of the unit being read to the end of the current chunk.
 * Chunks are appended as they arrive and the text before a completed unit is dropped, so a unit's
 * text is assembled once, when it completes: no character is copied per chunk more than a
 * constant number of times, however small the chunks (a string grown by `+=` is a rope in V8,
 * flattened only when read). The pieces are joined a batch at a time before they join the kept
 * text: a rope of a million one-character pieces costs about 32 bytes per character.
 */
export class TextWindow {
  /** Text from `start` up to the start of the current chunk: `head`, then the `pieces` not yet joined to it. */
  private head = "";
  private pieces: string[] = [];
  /** Stream offset of the first character kept. */
  private start = 0;
  private chunk = "";
  private chunkOffset = 0;

  /** Starts reading `chunk`, which begins at stream offset `offset`. */
  begin(chunk: string, offset: number): void {
    this.chunk = chunk;
    this.chunkOffset = offset;
  }

  /** Ends the current chunk: the part of it still needed joins the kept text. */
  finish(): void {
    const kept = this.start >= this.chunkOffset ? this.chunk.slice(this.start - this.chunkOffset) : this.chunk;
    if (kept !== "") this.pieces.push(kept);
    if (this.pieces.length >= PIECES_PER_JOIN) this.join();
    this.chunkOffset += this.chunk.length;
    this.chunk = "";
  }

  /** Keeps only the text from stream offset `from` on (`from` >= the offset kept so far). */
  keep(from: number): void {
    if (from >= this.chunkOffset) {
      this.head = "";
      this.pieces = [];
    } else {
      this.join();
      this.head = this.head.slice(from - this.start);
    }
    this.start = from;
  }

  /** Whether stream offset `from` is still kept. */
  holds(from: number): boolean {
    return from >= this.start;
  }

  /** The text from stream offset `from` to `to` (both within the kept text and the current chunk). */
  text(from: number, to: number): string {
    // The scanners only ask for text they kept; anything else is a bug, never a silent wrong slice.
    if (from < this.start || to < from) throw new RangeError(`text ${from}..${to} is not in the window from ${this.start}`);
    if (this.start >= this.chunkOffset) return this.chunk.slice(from - this.chunkOffset, to - this.chunkOffset);
    this.join();
    if (to <= this.chunkOffset) return this.head.slice(from - this.start, to - this.start);
    return (this.head + this.chunk.slice(0, to - this.chunkOffset)).slice(from - this.start);
  }

  private join(): void {
    if (this.pieces.length === 0) return;
    this.head += this.pieces.join("");
    this.pieces = [];
  }
}

/** Pieces joined at once: few enough to cost little, enough that the kept text is a few long pieces. */
const PIECES_PER_JOIN = 1024;
