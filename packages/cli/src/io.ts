/**
 * Everything the CLI needs to talk to a terminal: reading an input argument (`-` is stdin),
 * printing results, and rendering errors. This folder is the only place in `silp` that prints
 * or sets an exit code.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { type ParseError, parse as parseJsonc, printParseErrorCode } from "jsonc-parser";
import { SilpError } from "silp";
import { resolveOptions } from "silp/util";
import { firstInvalidUtf8 } from "./utf8.js";

/** Exit codes of `silpc`: success, invalid input, usage error. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** A usage problem detected by a command (bad flag combination, missing file). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Reads a file argument (`-` is standard input) as UTF-8 text of at most `maxLength` UTF-16
 * units, reading no more bytes than such a text can have: `/dev/zero` or an endless pipe fails
 * with `limit_exceeded` instead of exhausting memory. Invalid UTF-8 is `invalid_syntax` at the
 * first bad byte, never silently replaced by U+FFFD.
 */
export function readInput(path: string, maxLength: number = resolveOptions(undefined).limits.maxInputLength): string {
  const name = path === "-" ? "standard input" : path;
  let bytes: Uint8Array;
  try {
    // A UTF-16 unit takes at most 3 UTF-8 bytes, so more than 3 * maxLength bytes is too long
    // whatever they encode; one byte more than that proves it.
    bytes = readBounded(path === "-" ? 0 : path, 3 * maxLength + 1);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot read ${name}: ${reason}`);
  }
  if (bytes.length > 3 * maxLength) throw tooLong(name, maxLength, `more than ${3 * maxLength} bytes`);
  const text = decodeUtf8(bytes, name);
  if (text.length > maxLength) throw tooLong(name, maxLength, `${text.length} characters`);
  return text;
}

function tooLong(name: string, maxLength: number, actual: string): SilpError {
  return new SilpError("limit_exceeded", `${name} is longer than the limit of ${maxLength} characters (${actual})`, {
    details: { limit: "maxInputLength", value: maxLength },
  });
}

/** Reads at most `limit` bytes from a path or file descriptor. */
function readBounded(file: string | number, limit: number): Uint8Array {
  const fd = typeof file === "number" ? file : openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, limit - total));
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        // A non-blocking stdin has no data yet: wait briefly and try again.
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
          continue;
        }
        throw error;
      }
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
    }
    return Buffer.concat(chunks, total);
  } finally {
    if (typeof file !== "number") closeSync(fd);
  }
}

/** Strict UTF-8 decoding; a leading BOM is kept (the sanitizer strips and reports it). */
function decodeUtf8(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const at = Math.max(0, firstInvalidUtf8(bytes));
    const valid = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(0, at));
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    throw new SilpError("invalid_syntax", `${name} is not valid UTF-8: byte 0x${byte} at byte offset ${at}`, {
      source: valid,
      offset: valid.length,
      details: { byteOffset: at },
    });
  }
}

/**
 * Parses a JSON input, turning a syntax error into a SilpError at the offending character, with
 * the reason. JSON.parse's messages differ between Node versions and often give no position
 * ("Unexpected token ..."), so the position and the reason come from jsonc-parser (the parser the
 * codec's json frontend uses), in strict JSON mode.
 */
export function readJsonInput(path: string): unknown {
  const text = readInput(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    const name = path === "-" ? "stdin" : path;
    const first = firstJsonError(text);
    throw new SilpError("invalid_syntax", `${name} is not valid JSON: ${first?.reason ?? "not a JSON value"}`, {
      source: text,
      offset: first?.offset ?? 0,
      cause: error,
    });
  }
}

/** The first syntax error of `text` as strict JSON: where, and why in words ("comma expected"). */
function firstJsonError(text: string): { offset: number; reason: string } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return undefined;
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return { offset: Math.min(first.offset, text.length), reason };
}

/**
 * Starts a server on `port` (what `start` does), turning a port already in use into a usage error
 * that names the flag to change: the user's choice of port is what is wrong, not the program.
 */
export async function listenOn<T>(flag: string, port: number, host: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (code === "EADDRINUSE") throw new UsageError(`${flag} ${port}: the port is already in use on ${host}; pass another ${flag} (0 picks a free one)`);
    if (code === "EACCES") throw new UsageError(`${flag} ${port}: not allowed to listen on this port on ${host}; pass another ${flag} (0 picks a free one)`);
    throw error;
  }
}

export function writeOut(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Control, format (bidi, invisible) and line/paragraph separator characters, drawn as `\uXXXX`
 * before anything reaches a terminal: peer text in a message or a code frame must not be able to
 * send escape sequences, reorder the line with U+202E, or hide text.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function escapeForTerminal(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) as number;
    return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/** Number of code points in `text`. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Renders an error for a person: the message, then the offending line with a caret under the
 * column. `source` is the text the error's offset refers to. Everything taken from the input is
 * escaped (`escapeForTerminal`), and the caret is placed under the escaped line.
 */
export function renderError(error: SilpError, source?: string): string {
  const lines = [`error[${error.code}]: ${escapeForTerminal(error.message)}`];
  const text = source ?? error.source;
  if (text !== undefined && error.line !== undefined && error.column !== undefined) {
    const lineText = text.split("\n")[error.line - 1] ?? "";
    const before = Array.from(lineText)
      .slice(0, error.column - 1)
      .join("");
    const gutter = `${error.line} | `;
    lines.push(`  --> line ${error.line}, column ${error.column}`);
    lines.push(`${gutter}${escapeForTerminal(lineText)}`);
    lines.push(`${" ".repeat(gutter.length + codePoints(escapeForTerminal(before)))}^`);
  }
  if (error.expected && error.expected.length > 0) {
    lines.push(`expected: ${error.expected.map((item) => escapeForTerminal(item.length <= 2 ? `"${item}"` : item)).join(" or ")}`);
  }
  return lines.join("\n");
}

/** The `--json` error shape: {"error":{"code","message","line","column",...}}. */
export function errorAsJson(error: SilpError): { error: Record<string, unknown> } {
  const { details: _details, ...rest } = error.toJSON();
  const out: Record<string, unknown> = { ...rest };
  const issues = error.details?.issues;
  if (issues !== undefined) out.issues = issues;
  return { error: out };
}

/**
 * Runs a command body with the CLI's error policy: SilpErrors exit 1 (rendered or as JSON),
 * usage errors exit 2, anything else is a bug and exits 1 with its stack.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a body returns an exit code or nothing, and some return a void call (`return writeJson(...)`), which `undefined` would reject.
export async function runCommand(json: boolean, body: () => Promise<number | void> | number | void): Promise<void> {
  try {
    const code = await body();
    process.exitCode = typeof code === "number" ? code : EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`usage error: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
    } else if (error instanceof SilpError) {
      if (json) writeJson(errorAsJson(error));
      else process.stderr.write(`${renderError(error)}\n`);
      process.exitCode = EXIT_INVALID;
    } else {
      process.stderr.write(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_INVALID;
    }
  }
}
