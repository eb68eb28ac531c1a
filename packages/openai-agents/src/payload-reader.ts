/**
 * Reads the wrapper object `{"silp_payload": "..."}` as a model streams it (the JSON text that
 * silpOutputType's strict schema makes the model write) and hands on the payload string's
 * characters as they arrive, unescaped, so a streaming decoder can read the payload while the
 * JSON is still open. Offsets of what the decoder reports are then offsets in the payload string,
 * the same as those of the final decode.
 *
 * Hand-written rather than a streaming JSON parser: the object is our own schema's (one string
 * member), and a reader that gives up on anything else is about 60 lines; a parser would be a
 * runtime dependency. Giving up only ends the partial IRs: the final output is decoded from the
 * whole text by the SDK's JSON parse and the codec, which report whatever is wrong.
 */
export const PAYLOAD_FIELD = "silp_payload";

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

type State = "before-object" | "before-key" | "key" | "after-key" | "before-value" | "value" | "done" | "gave-up";

export class PayloadFieldReader {
  #state: State = "before-object";
  #key = "";
  /** An escape sequence cut by a chunk boundary: its characters so far, the backslash included. */
  #escape = "";

  /** Whether the payload string is complete (its closing quote was read). */
  get complete(): boolean {
    return this.#state === "done";
  }

  /** Whether the reader stopped because the text is not the wrapper it expects. */
  get gaveUp(): boolean {
    return this.#state === "gave-up";
  }

  /** Reads the next chunk of the JSON text; returns the payload characters it completed. */
  read(chunk: string): string {
    let out = "";
    for (const char of chunk) {
      switch (this.#state) {
        case "before-object":
          if (char === "{") this.#state = "before-key";
          else if (!isSpace(char)) this.#state = "gave-up";
          break;
        case "before-key":
          if (char === '"') {
            this.#state = "key";
            this.#key = "";
          } else if (!isSpace(char)) this.#state = "gave-up";
          break;
        case "key":
          // Our key has no escapes; a key that does is not ours.
          if (char === '"') this.#state = this.#key === PAYLOAD_FIELD ? "after-key" : "gave-up";
          else if (char === "\\" || this.#key.length >= PAYLOAD_FIELD.length) this.#state = "gave-up";
          else this.#key += char;
          break;
        case "after-key":
          if (char === ":") this.#state = "before-value";
          else if (!isSpace(char)) this.#state = "gave-up";
          break;
        case "before-value":
          if (char === '"') this.#state = "value";
          else if (!isSpace(char)) this.#state = "gave-up";
          break;
        case "value":
          out += this.#valueChar(char);
          break;
        default:
          return out;
      }
    }
    return out;
  }

  /** One character inside the string value: the text it stands for ("" inside an escape). */
  #valueChar(char: string): string {
    if (this.#escape === "") {
      if (char === "\\") {
        this.#escape = "\\";
        return "";
      }
      if (char === '"') this.#state = "done";
      return char === '"' ? "" : char;
    }
    this.#escape += char;
    if (this.#escape.length === 2) {
      if (char === "u") return "";
      const simple = SIMPLE_ESCAPES[char];
      this.#escape = "";
      if (simple === undefined) this.#state = "gave-up";
      return simple ?? "";
    }
    // \uXXXX: one UTF-16 code unit; a surrogate pair is two escapes, joined by the string itself.
    if (!/^[0-9a-fA-F]$/.test(char)) {
      this.#escape = "";
      this.#state = "gave-up";
      return "";
    }
    if (this.#escape.length < 6) return "";
    const unit = String.fromCharCode(Number.parseInt(this.#escape.slice(2), 16));
    this.#escape = "";
    return unit;
  }
}

const isSpace = (char: string): boolean => char === " " || char === "\n" || char === "\r" || char === "\t";
