/**
 * Splits a JSON Lines lock file into numbered lines and parses each one. Shared by the chained
 * verifier and the legacy checker so both number lines and report truncation the same way.
 */
import type { LockProblem } from "./problems.js";

export interface ParsedLine {
  /** 1-based line number. */
  line: number;
  /** The line's text, without its newline (verification compares it byte for byte). */
  text: string;
  /** The parsed JSON value; absent when the line did not parse. */
  value?: unknown;
}

/**
 * Parses every line. A last line without its newline is reported as `truncated` (whether or not
 * it still parses: the writer always ends a record with "\n", so a missing one means the write
 * or the file was cut); it is never dropped silently. An unparseable line anywhere else is
 * `not_json`.
 */
export function parseLines(text: string, firstLine = 1): { lines: ParsedLine[]; problems: LockProblem[] } {
  const lines: ParsedLine[] = [];
  const problems: LockProblem[] = [];
  if (text.length === 0) return { lines, problems };
  const raw = text.split("\n");
  const terminated = raw[raw.length - 1] === "";
  if (terminated) raw.pop();
  raw.forEach((content, index) => {
    const line = index + firstLine;
    const isLast = index === raw.length - 1;
    const cut = isLast && !terminated;
    let value: unknown;
    let parsed = false;
    let reason = "empty line";
    if (content.trim().length > 0) {
      try {
        value = JSON.parse(content);
        parsed = true;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
    }
    if (cut) {
      problems.push({
        line,
        kind: "truncated",
        message: parsed
          ? "last line has no terminating newline (the file was cut or edited)"
          : `last line is cut off: ${content.length} characters without a newline, not valid JSON`,
      });
    } else if (!parsed) {
      problems.push({ line, kind: "not_json", message: `not a JSON value: ${reason}` });
    }
    lines.push(parsed ? { line, text: content, value } : { line, text: content });
  });
  return { lines, problems };
}
