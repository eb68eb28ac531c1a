/**
 * Everything the CLI needs to talk to a terminal: reading an input argument (`-` is stdin),
 * printing results, and rendering errors. This folder is the only place in `silp` that prints
 * or sets an exit code.
 */
import { readFileSync } from "node:fs";
import { SilpError } from "silp";

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

/** Reads a file argument; `-` reads all of standard input. */
export function readInput(path: string): string {
  try {
    return readFileSync(path === "-" ? 0 : path, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot read ${path === "-" ? "standard input" : path}: ${reason}`);
  }
}

/** Parses a JSON input, turning a syntax error into a positioned SilpError. */
export function readJsonInput(path: string): unknown {
  const text = readInput(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    const match = /position (\d+)/.exec(error instanceof Error ? error.message : "");
    throw new SilpError("invalid_syntax", `${path === "-" ? "stdin" : path} is not valid JSON`, {
      source: text,
      offset: match ? Number(match[1]) : 0,
      cause: error,
    });
  }
}

export function writeOut(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Renders an error for a person: the message, then the offending line with a caret under the
 * column. `source` is the text the error's offset refers to.
 */
export function renderError(error: SilpError, source?: string): string {
  const lines = [`error[${error.code}]: ${error.message}`];
  const text = source ?? error.source;
  if (text !== undefined && error.line !== undefined && error.column !== undefined) {
    const lineText = text.split("\n")[error.line - 1] ?? "";
    const gutter = `${error.line} | `;
    lines.push(`  --> line ${error.line}, column ${error.column}`);
    lines.push(`${gutter}${lineText}`);
    lines.push(`${" ".repeat(gutter.length + error.column - 1)}^`);
  }
  if (error.expected && error.expected.length > 0) lines.push(`expected: ${error.expected.map((item) => (item.length <= 2 ? `"${item}"` : item)).join(" or ")}`);
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
