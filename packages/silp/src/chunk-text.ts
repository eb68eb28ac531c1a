/**
 * Text received in chunks: the one way a streaming decode keeps text that arrives a few
 * characters at a time (the caller's text, the sanitized text, a token that spans chunks).
 *
 * Chunks wait in a short list and are joined a batch at a time into pieces, so the list never
 * holds more than BATCH small strings (a list of a million one-character strings costs dozens of
 * bytes per character) and no chunk is appended to one growing string (each read of a string
 * built by `+=` a character at a time flattens it again). `startsWith` answers from the pieces
 * around the offset, without joining the whole text.
 */
export class ChunkText {
  private static readonly BATCH = 1024;
  /** Joined batches, and the offset where each starts. */
  private pieces: string[] = [];
  private starts: number[] = [];
  /** Chunks not yet joined. */
  private recent: string[] = [];
  private size = 0;

  /** Characters appended so far. */
  get length(): number {
    return this.size;
  }

  append(chunk: string): void {
    this.recent.push(chunk);
    this.size += chunk.length;
    if (this.recent.length >= ChunkText.BATCH) this.flush();
  }

  /** The whole text (joined once; reading again before the next append costs nothing). */
  read(): string {
    this.flush();
    if (this.pieces.length > 1) {
      this.pieces = [this.pieces.join("")];
      this.starts = [0];
    }
    return this.pieces[0] ?? "";
  }

  /** Whether the text holds `text` at `offset`. */
  startsWith(text: string, offset: number): boolean {
    if (offset < 0 || offset + text.length > this.size) return false;
    if (text === "") return true;
    this.flush();
    let at = this.pieces.length - 1;
    while (at > 0 && (this.starts[at] as number) > offset) at--;
    const base = this.starts[at] as number;
    let found = this.pieces[at] as string;
    for (let next = at + 1; found.length < offset - base + text.length; next++) found += this.pieces[next] as string;
    return found.startsWith(text, offset - base);
  }

  /** Empties the text, for reuse. */
  clear(): void {
    this.pieces.length = 0;
    this.starts.length = 0;
    this.recent.length = 0;
    this.size = 0;
  }

  /** The chunks waiting become one piece. */
  private flush(): void {
    if (this.recent.length === 0) return;
    const piece = this.recent.length === 1 ? (this.recent[0] as string) : this.recent.join("");
    this.recent.length = 0;
    this.starts.push(this.size - piece.length);
    this.pieces.push(piece);
  }
}
