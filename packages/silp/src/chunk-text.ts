/**
 * Text received in chunks: the one way a streaming decode keeps text that arrives a few
 * characters at a time (the caller's text, the sanitized text, a token that spans chunks in the
 * code lexer and in the json stream).
 *
 * Recent chunks are appended to one string, which engines build as a rope (a node per chunk, no
 * copy), and every BATCH chunks that rope is flattened into one piece. So appending costs no copy
 * and no array, what is held stays near the text's own size (a rope of a million one-character
 * chunks costs dozens of bytes per character until flattened), and `startsWith` answers from the
 * pieces around the offset without joining the whole text.
 */
export class ChunkText {
  private static readonly BATCH = 1024;
  /** Flattened batches, and the offset where each starts. */
  private pieces: string[] = [];
  private starts: number[] = [];
  /** The chunks since the last batch, as one rope, and how many they are. */
  private recent = "";
  private count = 0;
  private size = 0;
  /** Pieces before this index are joins of BATCH pieces (or the whole text `read` made); those after, one flush each. */
  private joined = 0;

  /** Characters appended so far. */
  get length(): number {
    return this.size;
  }

  append(chunk: string): void {
    this.recent += chunk;
    this.size += chunk.length;
    if (++this.count >= ChunkText.BATCH) this.flush();
  }

  /**
   * The whole text. Past the first batch its pieces are joined into one, so reading again before
   * the next append copies nothing; below it (a token the lexer read across chunks) it is the rope of
   * the chunks, which the engine flattens when it is first read.
   */
  read(): string {
    if (this.pieces.length === 0) return this.recent;
    this.flush();
    const whole = this.pieces.join("");
    this.pieces = [whole];
    this.starts = [0];
    this.joined = 1;
    return whole;
  }

  /** Whether the text holds `text` at `offset`. */
  startsWith(text: string, offset: number): boolean {
    if (offset < 0 || offset + text.length > this.size) return false;
    if (text === "") return true;
    const found = this.around(offset, offset + text.length);
    return found.startsWith(text, offset - this.aroundStart);
  }

  /**
   * The text from `from` to `to`, offsets clamped to the text (a negative one is its start, not
   * counted from its end as String's `slice` counts it). A stream reads a token that spanned
   * chunks from here, by its offsets, instead of keeping its own copy of it.
   */
  slice(from: number, to: number): string {
    const start = Math.max(0, from);
    const end = Math.min(to, this.size);
    if (end <= start) return "";
    return this.around(start, end).slice(start - this.aroundStart, end - this.aroundStart);
  }

  /** Empties the text, for reuse. */
  clear(): void {
    if (this.pieces.length > 0) {
      this.pieces = [];
      this.starts = [];
      this.joined = 0;
    }
    this.recent = "";
    this.count = 0;
    this.size = 0;
  }

  /** Where the text `around` returned starts. */
  private aroundStart = 0;

  /**
   * The pieces holding `[from, to)` joined (0 <= from < to <= length), their start in `aroundStart`.
   * Reads near the end are the common case (a stream's latest token), so the search runs backwards
   * from the last piece; the first piece starts at 0, so it stops there at the latest.
   */
  private around(from: number, to: number): string {
    this.flush();
    let at = this.pieces.length - 1;
    while ((this.starts[at] as number) > from) at--;
    const base = this.starts[at] as number;
    let found = this.pieces[at] as string;
    for (let next = at + 1; base + found.length < to; next++) found += this.pieces[next] as string;
    this.aroundStart = base;
    return found;
  }

  /**
   * The recent chunks become one flat piece. A stream that reads each token makes a piece per
   * token, so every BATCH pieces since the last join become one: the list stays short, and each
   * character is copied about twice whatever the reads.
   */
  private flush(): void {
    if (this.count === 0) return;
    const piece = flatten(this.recent);
    this.recent = "";
    this.count = 0;
    this.starts.push(this.size - piece.length);
    this.pieces.push(piece);
    if (this.pieces.length - this.joined >= ChunkText.BATCH) {
      const tail = this.pieces.splice(this.joined).join("");
      this.starts.length = this.joined;
      this.starts.push(this.size - tail.length);
      this.pieces.push(tail);
      this.joined = this.pieces.length;
    }
  }
}

/**
 * The same string, flattened: reading a character of a rope makes V8 copy it into one flat string,
 * which then replaces it, so the rope's nodes can be collected (test/streaming/stream-bounds.test.ts
 * fails without it: 29 MB held instead of 1 for 900 batches). Not `Number(text)`, the idiom of the
 * `flatstr` package: on Node 20 whether it flattens depends on how V8 compiled the caller (900
 * batches built in a plain loop held 28 MB with it, against 1 MB reading a character; in this
 * class it held 1 MB too). An engine that keeps the rope only holds more memory; the text is the
 * same.
 */
function flatten(text: string): string {
  text.charCodeAt(0);
  return text;
}
