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
    return whole;
  }

  /** Whether the text holds `text` at `offset`. */
  startsWith(text: string, offset: number): boolean {
    if (offset < 0 || offset + text.length > this.size) return false;
    if (text === "") return true;
    this.flush();
    // The piece the offset falls in: the first starts at 0, so the search stops there at the latest.
    let at = this.pieces.length - 1;
    while ((this.starts[at] as number) > offset) at--;
    const base = this.starts[at] as number;
    let found = this.pieces[at] as string;
    for (let next = at + 1; found.length < offset - base + text.length; next++) found += this.pieces[next] as string;
    return found.startsWith(text, offset - base);
  }

  /** Empties the text, for reuse. */
  clear(): void {
    if (this.pieces.length > 0) {
      this.pieces = [];
      this.starts = [];
    }
    this.recent = "";
    this.count = 0;
    this.size = 0;
  }

  /** The recent chunks become one flat piece. */
  private flush(): void {
    if (this.count === 0) return;
    const piece = flatten(this.recent);
    this.recent = "";
    this.count = 0;
    this.starts.push(this.size - piece.length);
    this.pieces.push(piece);
  }
}

/**
 * The same string, flattened: converting a string to a number makes V8 copy a rope into one flat
 * string, which then replaces it, so the rope's nodes can be collected (test/streaming/
 * stream-bounds.test.ts fails without it: 70 MB held instead of 7). The idiom of the `flatstr`
 * package, three lines, not worth a dependency. An engine that keeps the rope only holds more
 * memory; the text is the same.
 */
function flatten(text: string): string {
  Number(text);
  return text;
}
