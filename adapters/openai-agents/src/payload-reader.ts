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

type State =
  | "before-object"
  | "before-key"
  | "key"
  | "after-key"
  | "before-value"
  | "value"
  // After the payload string; the key states then read the next member, and one named like the
  // payload is a duplicate key, which JSON.parse would let win silently.
  | "after-value"
  | "done"
  | "duplicate"
  | "gave-up";

export class PayloadFieldReader {
  #state: State = "before-object";
  #key = "";
  /** An escape sequence cut by a chunk boundary: its characters so far, the backslash included. */
  #escape = "";

  #complete = false;

  /** Whether the payload string is complete (its closing quote was read). */
  get complete(): boolean {
    return this.#complete;
  }

  /**
   * Whether the object names the payload field a second time. JSON.parse keeps the last value,
   * so the SDK's final output would be another payload than the one streamed: the codec refuses
   * duplicate keys everywhere else for this reason.
   */
  get duplicate(): boolean {
    return this.#state === "duplicate";
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
          } else if (!isSpace(char)) this.#state = this.#past();
          break;
        case "key":
          // Our key has no escapes; a key that does is not ours.
          if (char === '"') this.#state = this.#key !== PAYLOAD_FIELD ? this.#past() : this.#complete ? "duplicate" : "after-key";
          else if (char === "\\" || this.#key.length >= PAYLOAD_FIELD.length) this.#state = this.#past();
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
        case "after-value":
          if (char === ",") this.#state = "before-key";
          else if (!isSpace(char)) this.#state = "done";
          break;
        default:
          return out;
      }
    }
    return out;
  }

  /** Where a text that is not the wrapper's next member leaves the reader: done after the payload, else given up. */
  #past(): State {
    return this.#complete ? "done" : "gave-up";
  }

  /** One character inside the string value: the text it stands for ("" inside an escape). */
  #valueChar(char: string): string {
    if (this.#escape === "") {
      if (char === "\\") {
        this.#escape = "\\";
        return "";
      }
      if (char === '"') {
        this.#state = "after-value";
        this.#complete = true;
      }
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
