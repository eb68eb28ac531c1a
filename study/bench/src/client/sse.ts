/**
 * A minimal server-sent-events reader for chat-completion streams.
 *
 * Follows the WHATWG event-stream rules that matter for OpenAI-compatible servers: lines end in
 * LF, CR or CRLF; `data:` lines of one event are joined with "\n"; a blank line dispatches the
 * event; comment lines (":") and other fields are ignored. Works chunk by chunk, so memory stays
 * bounded by one event, and a line split across network chunks is reassembled.
 */

export class SseDecoder {
  #buffer = "";
  #data: string[] = [];
  #pendingCr = false;

  /** Feeds a decoded text chunk; returns the data payloads of the events it completed. */
  push(chunk: string): string[] {
    const events: string[] = [];
    let text = chunk;
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (this.#pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCr = false;
    this.#buffer += text;
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i++) {
      const ch = this.#buffer[i];
      if (ch !== "\n" && ch !== "\r") continue;
      this.#line(this.#buffer.slice(start, i), events);
      if (ch === "\r") {
        if (i + 1 === this.#buffer.length) this.#pendingCr = true;
        else if (this.#buffer[i + 1] === "\n") i++;
      }
      start = i + 1;
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }

  /** Ends the stream: an unterminated last event is dispatched (lenient, like most clients). */
  end(): string[] {
    const events: string[] = [];
    if (this.#buffer !== "") this.#line(this.#buffer, events);
    this.#buffer = "";
    if (this.#data.length > 0) this.#line("", events);
    return events;
  }

  #line(line: string, events: string[]): void {
    if (line === "") {
      if (this.#data.length > 0) events.push(this.#data.join("\n"));
      this.#data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return;
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.#data.push(value);
  }
}
