/**
 * Text received in chunks (a streaming decode's). Chunks wait in a short list and are joined into
 * the text a batch at a time, so the list never holds more than BATCH small strings and the text
 * is a few long pieces.
 */
export class ChunkText {
  private static readonly BATCH = 1024;
  private text = "";
  private pending: string[] = [];

  append(chunk: string): void {
    this.pending.push(chunk);
    if (this.pending.length >= ChunkText.BATCH) this.flush();
  }

  read(): string {
    this.flush();
    return this.text;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.text += this.pending.join("");
    this.pending = [];
  }
}
