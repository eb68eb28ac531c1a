/**
 * A hand-written, single-pass parser for the text form of the probe (ABNF in docs/protocol.md):
 *
 *   //ping silp=v1 frontends=code,json,natural
 *   //pong silp=v1 frontends=json,natural prefer=json
 *
 * Every character is looked at once (linear time); every failure is a SilpError with the
 * offset of the offending character and what was expected there.
 */
import { SilpError } from "../../errors.js";
import { MAX_LIST_ITEMS, MAX_NAME_LENGTH, MAX_PROBE_LINE, MAX_VERSION_DIGITS, type Ping, type Pong, type Probe } from "./probe.js";

const KEYWORDS = ["//ping", "//pong"] as const;

function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isNameChar(c: number): boolean {
  return isLower(c) || isDigit(c) || c === 0x5f /* _ */ || c === 0x2d /* - */;
}
function isWsp(c: number): boolean {
  return c === 0x20 || c === 0x09;
}
function isVisible(c: number): boolean {
  return c >= 0x21 && c <= 0x7e;
}

class ProbeParser {
  pos = 0;
  readonly end: number;

  constructor(readonly text: string) {
    // One optional line terminator is allowed and ignored.
    let end = text.length;
    if (text.endsWith("\r\n")) end -= 2;
    else if (text.endsWith("\n")) end -= 1;
    this.end = end;
  }

  fail(message: string, expected: readonly string[], at = this.pos): never {
    throw new SilpError("invalid_syntax", message, { source: this.text, offset: at, expected });
  }

  peek(): number {
    return this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
  }

  /** What the character at the cursor is, for messages. */
  describeHere(): string {
    if (this.pos >= this.end) return "end of line";
    const c = this.text.codePointAt(this.pos) ?? 0;
    if (c === 0x0a || c === 0x0d) return "a line break (a probe is one line)";
    if (isVisible(c)) return `"${String.fromCodePoint(c)}"`;
    return `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  }

  parse(): Probe {
    if (this.end > MAX_PROBE_LINE) {
      throw new SilpError("limit_exceeded", `a probe line is at most ${MAX_PROBE_LINE} characters`, {
        source: this.text,
        offset: MAX_PROBE_LINE,
      });
    }
    const keyword = KEYWORDS.find((k) => this.text.startsWith(k, 0) && this.end >= k.length);
    if (!keyword) this.fail("a probe line starts with //ping or //pong", KEYWORDS, 0);
    this.pos = keyword.length;
    const kind = keyword === "//ping" ? "ping" : "pong";
    const params = new Map<string, { offset: number; value: string[] }>();

    for (;;) {
      const beforeSpace = this.pos;
      while (isWsp(this.peek())) this.pos++;
      if (this.pos >= this.end) break;
      if (this.pos === beforeSpace) this.fail(`unexpected ${this.describeHere()}`, ["space", "end of line"]);
      const nameAt = this.pos;
      const name = this.name("parameter name");
      if (this.peek() !== 0x3d /* = */) this.fail(`expected "=" after ${name}, found ${this.describeHere()}`, ["="]);
      this.pos++;
      if (params.has(name)) this.fail(`parameter ${name} appears twice`, [], nameAt);
      params.set(name, { offset: nameAt, value: this.value(name) });
      const next = this.peek();
      if (next !== -1 && !isWsp(next)) this.fail(`unexpected ${this.describeHere()} after ${name}`, this.after(name));
    }

    for (const name of ["silp", "frontends"]) {
      if (!params.has(name)) this.fail(`//${kind} needs a ${name}= parameter`, [`${name}=`], this.end);
    }
    const versions = params.get("silp")?.value ?? [];
    const frontends = params.get("frontends")?.value ?? [];
    const prefer = params.get("prefer");
    if (kind === "ping") {
      if (prefer) this.fail("prefer= belongs to //pong, not //ping", [], prefer.offset);
      return { kind, versions, frontends } satisfies Ping;
    }
    const pong: Pong = { kind, versions, frontends };
    if (prefer) pong.prefer = prefer.value[0] as string;
    return pong;
  }

  /** Characters that may follow the value of parameter `name`. */
  after(name: string): string[] {
    return name === "silp" || name === "frontends" ? [",", "space", "end of line"] : ["space", "end of line"];
  }

  value(name: string): string[] {
    switch (name) {
      case "silp":
        return this.list(() => this.version());
      case "frontends":
        return this.list(() => this.name("frontend name"));
      case "prefer":
        return [this.name("frontend name")];
      default:
        // Unknown parameters are ignored (forward compatibility) but must still be well-formed.
        while (isVisible(this.peek())) this.pos++;
        return [];
    }
  }

  list(item: () => string): string[] {
    const items: string[] = [];
    for (;;) {
      const at = this.pos;
      const value = item();
      if (items.includes(value)) this.fail(`"${value}" is listed twice`, [], at);
      if (items.length === MAX_LIST_ITEMS) {
        throw new SilpError("limit_exceeded", `a list holds at most ${MAX_LIST_ITEMS} entries`, {
          source: this.text,
          offset: at,
        });
      }
      items.push(value);
      if (this.peek() !== 0x2c /* , */) return items;
      this.pos++;
    }
  }

  name(what: string): string {
    const start = this.pos;
    if (!isLower(this.peek())) this.fail(`expected a ${what}, found ${this.describeHere()}`, [`${what} ([a-z][a-z0-9_-]*)`]);
    this.pos++;
    while (isNameChar(this.peek())) {
      if (this.pos - start === MAX_NAME_LENGTH) this.fail(`a ${what} is at most ${MAX_NAME_LENGTH} characters`, []);
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  version(): string {
    const start = this.pos;
    if (this.peek() !== 0x76 /* v */) this.fail(`expected a version like v1, found ${this.describeHere()}`, ["v"]);
    this.pos++;
    if (!isDigit(this.peek())) this.fail(`expected a digit after "v", found ${this.describeHere()}`, ["digit"]);
    while (isDigit(this.peek())) {
      if (this.pos - start > MAX_VERSION_DIGITS) this.fail(`a version has at most ${MAX_VERSION_DIGITS} digits`, []);
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }
}

/** Parses one probe line (a single trailing LF or CRLF is allowed). */
export function parseProbeLine(line: string): Probe {
  if (typeof line !== "string") throw new TypeError("parseProbeLine expects a string");
  return new ProbeParser(line).parse();
}

/**
 * Finds the first line of a message that starts (after indentation) with //ping or //pong and
 * parses it, for model-facing channels where the probe may sit among other text. Offsets in
 * errors refer to the whole message. Returns undefined when no line looks like a probe.
 */
export function findProbe(message: string): Probe | undefined {
  let lineStart = 0;
  while (lineStart <= message.length) {
    const newline = message.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? message.length : newline;
    let first = lineStart;
    while (first < lineEnd && isWsp(message.charCodeAt(first))) first++;
    if (message.startsWith("//ping", first) || message.startsWith("//pong", first)) {
      const line = message.slice(first, lineEnd).replace(/\r$/, "");
      try {
        return parseProbeLine(line);
      } catch (error) {
        if (error instanceof SilpError && error.offset !== undefined) {
          throw new SilpError(error.code, error.message, {
            source: message,
            offset: first + error.offset,
            ...(error.expected ? { expected: error.expected } : {}),
          });
        }
        throw error;
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return undefined;
}
