/**
 * A hand-written, single-pass parser for the text form of the probe (ABNF in docs/protocol.md):
 *
 *   //ping silp=v1 frontends=code,json,natural
 *   //pong silp=v1 frontends=json,natural prefer=json
 *   //ping silp=v1 frontends=x-evolved,code dialects=x-evolved@sha256:<64 hex> tokenizer=gpt-4o
 *
 * Every character is looked at once (linear time); every failure is a SilpError with the
 * offset of the offending character and what was expected there.
 */
import { SilpError } from "../../errors.js";
import { dialectFieldProblem } from "./probe-check.js";
import {
  MAX_DIALECT_OFFERS,
  MAX_LIST_ITEMS,
  MAX_NAME_LENGTH,
  MAX_PROBE_LINE,
  MAX_TOKENIZER_LENGTH,
  MAX_VERSION_DIGITS,
  READER_ORDERS,
  type Ping,
  type Pong,
  type Probe,
  type ProbeDialectFields,
  type ReaderOrder,
} from "./probe.js";

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
function isHexLower(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66);
}

/** Parameters whose value is a comma-separated list. */
const LIST_PARAMS: ReadonlySet<string> = new Set(["silp", "frontends", "dialects", "want"]);
const SHA256_MARK = "@sha256:";

interface Param {
  offset: number;
  value: string[];
  /** Offset of each entry of the value. */
  at: number[];
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
    const params = new Map<string, Param>();

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
      const at: number[] = [];
      params.set(name, { offset: nameAt, value: this.value(name, at), at });
      const next = this.peek();
      if (next !== -1 && !isWsp(next)) this.fail(`unexpected ${this.describeHere()} after ${name}`, this.after(name));
    }

    for (const name of ["silp", "frontends"]) {
      if (!params.has(name)) this.fail(`//${kind} needs a ${name}= parameter`, [`${name}=`], this.end);
    }
    const versions = params.get("silp")?.value ?? [];
    const frontends = params.get("frontends")?.value ?? [];
    const prefer = params.get("prefer");
    const want = params.get("want");
    const fields = this.dialectFields(params, frontends);
    if (kind === "ping") {
      if (prefer) this.fail("prefer= belongs to //pong, not //ping", [], prefer.offset);
      if (want) this.fail("want= belongs to //pong, not //ping (the receiver asks for dialects)", [], want.offset);
      return { kind, versions, frontends, ...fields } satisfies Ping;
    }
    const pong: Pong = { kind, versions, frontends, ...fields };
    if (want) pong.want = want.value;
    if (prefer) pong.prefer = prefer.value[0] as string;
    return pong;
  }

  /** The dialect extension's parameters, with the rules between fields checked at the entry that breaks one. */
  dialectFields(params: ReadonlyMap<string, Param>, frontends: readonly string[]): ProbeDialectFields {
    const fields: ProbeDialectFields = {};
    const dialects = params.get("dialects");
    if (dialects) fields.dialects = dialects.value;
    const tokenizer = params.get("tokenizer");
    if (tokenizer) fields.tokenizer = tokenizer.value[0] as string;
    const order = params.get("order");
    if (order) fields.order = order.value[0] as ReaderOrder;
    const want = params.get("want");
    const problem = dialectFieldProblem({ ...fields, frontends, ...(want ? { want: want.value } : {}) });
    if (problem !== undefined) {
      const param = params.get(problem.field) as Param;
      this.fail(problem.message, [], param.at[problem.index]);
    }
    return fields;
  }

  /** Characters that may follow the value of parameter `name`. */
  after(name: string): string[] {
    return LIST_PARAMS.has(name) ? [",", "space", "end of line"] : ["space", "end of line"];
  }

  value(name: string, at: number[]): string[] {
    switch (name) {
      case "silp":
        return this.list(() => this.version(), MAX_LIST_ITEMS, at);
      case "frontends":
        return this.list(() => this.name("frontend name"), MAX_LIST_ITEMS, at);
      case "prefer":
        return [this.name("frontend name")];
      case "dialects":
      case "want":
        return this.list(() => this.dialectRef(), MAX_DIALECT_OFFERS, at);
      case "tokenizer":
        return [this.tokenizer()];
      case "order":
        return [this.order()];
      default:
        // Unknown parameters are ignored (forward compatibility) but must still be well-formed.
        while (isVisible(this.peek())) this.pos++;
        return [];
    }
  }

  list(item: () => string, max: number, offsets: number[]): string[] {
    const items: string[] = [];
    for (;;) {
      const at = this.pos;
      const value = item();
      if (items.includes(value)) this.fail(`"${value}" is listed twice`, [], at);
      if (items.length === max) {
        throw new SilpError("limit_exceeded", `a list holds at most ${max} entries`, {
          source: this.text,
          offset: at,
        });
      }
      items.push(value);
      offsets.push(at);
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

  /** `x-name@sha256:` and 64 lowercase hex digits. */
  dialectRef(): string {
    const start = this.pos;
    if (!this.text.startsWith("x-", this.pos)) this.fail(`expected a dialect name (x- and a name), found ${this.describeHere()}`, ["x-"]);
    this.name("dialect name");
    if (!this.text.startsWith(SHA256_MARK, this.pos))
      this.fail(`expected "${SHA256_MARK}" after the dialect name, found ${this.describeHere()}`, [SHA256_MARK]);
    this.pos += SHA256_MARK.length;
    for (let digit = 0; digit < 64; digit++) {
      if (!isHexLower(this.peek())) this.fail(`a dialect hash is 64 lowercase hex digits; found ${this.describeHere()} after ${digit}`, ["0-9 a-f"]);
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  tokenizer(): string {
    const start = this.pos;
    const first = this.peek();
    if (!isLower(first) && !isDigit(first)) this.fail(`expected a tokenizer family such as gpt-4o, found ${this.describeHere()}`, ["tokenizer family"]);
    this.pos++;
    for (let c = this.peek(); isNameChar(c) || c === 0x2e /* . */; c = this.peek()) {
      if (this.pos - start === MAX_TOKENIZER_LENGTH) this.fail(`a tokenizer family is at most ${MAX_TOKENIZER_LENGTH} characters`, []);
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  order(): string {
    const found = READER_ORDERS.find((order) => this.text.startsWith(order, this.pos) && !isNameChar(this.text.charCodeAt(this.pos + order.length)));
    if (found === undefined) this.fail(`order= is listed or cost, found ${this.describeHere()}`, [...READER_ORDERS]);
    this.pos += found.length;
    return found;
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
