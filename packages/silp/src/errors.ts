/**
 * The one error class of `silp`.
 *
 * Every failure a caller can meet is a `SilpError` carrying a stable `code`, and `code` is the
 * only discriminator: there are no subclasses, so `instanceof SilpError` and `code` can never
 * disagree (docs/errors.md, "One class"). The six codes of
 * spec section 5.1 come first; the extensions after them are ours and are documented in
 * docs/errors.md. Positions are stored as a UTF-16 offset into the text that failed; line and
 * column are derived from it once, when the error is built, so no caller has to re-scan.
 * Rendering (carets, colours) is the CLI's job, never this module's.
 */

/** Error codes of spec section 5.1 (Table 10). */
export const SPEC_ERROR_CODES = ["invalid_syntax", "unsupported_version", "unsupported_frontend", "decode_failed", "timeout", "session_expired"] as const;

/** Codes this implementation adds; see docs/errors.md for when each is raised. */
export const EXTENSION_ERROR_CODES = [
  /** The IR fails the normative JSON Schema or a semantic rule with severity "error". */
  "invalid_ir",
  /** Input is larger or deeper than the configured limits. */
  "limit_exceeded",
  /** The sanitizer's "reject" policy found invisible or bidirectional control characters. */
  "unsafe_content",
  /** A lossy frontend was asked to compile a precision-critical payload without consent. */
  "lossy_refused",
  /** No frontend or protocol version is shared by both peers during negotiation. */
  "negotiation_failed",
  /** A compile lock record or chain does not verify, or a frozen output would change. */
  "lock_violation",
  /** An optional component (tokenizer package, model files, Redis) is not available. */
  "dependency_missing",
  /** The receiver has no handler for an action the IR asks for, so it dispatches none of them. */
  "unsupported_action",
  /** A caller's options object (SilpOptions) has an unknown value or a wrong type. */
  "invalid_options",
  /** A peer's dialect spec is not taken: its hash differs from the offer, it is invalid, or policy refuses it. */
  "dialect_refused",
] as const;

export type SpecErrorCode = (typeof SPEC_ERROR_CODES)[number];
export type ExtensionErrorCode = (typeof EXTENSION_ERROR_CODES)[number];
export type SilpErrorCode = SpecErrorCode | ExtensionErrorCode;

/** A position inside a text, as stored on errors and on decode reports. */
export interface SourcePosition {
  /** UTF-16 code-unit offset, 0-based. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in Unicode code points (what a terminal caret needs). */
  column: number;
}

/** Computes line and column for an offset in one linear pass over the prefix. */
export function positionAt(text: string, offset: number): SourcePosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < end; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is one code point: count only its high half.
    if (unit < 0xdc00 || unit > 0xdfff) column++;
  }
  return { offset: end, line, column };
}

export interface SilpErrorOptions {
  /** The text the offset refers to; needed to derive line and column. */
  source?: string;
  offset?: number;
  /** What the parser would have accepted at the offset. */
  expected?: readonly string[];
  /** JSON Pointer into the IR (for validation errors). */
  path?: string;
  /** Extra machine-readable detail. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class SilpError extends Error {
  readonly code: SilpErrorCode;
  /** The text the position refers to (non-enumerable). */
  declare source: string | undefined;
  // Position fields are writable only so that `relocate` can move them (see below).
  offset: number | undefined;
  line: number | undefined;
  column: number | undefined;
  readonly expected: readonly string[] | undefined;
  readonly path: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: SilpErrorCode, message: string, options: SilpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // A string literal, so a minified bundle that renames the class still reports "SilpError".
    this.name = "SilpError";
    this.code = code;
    this.expected = options.expected;
    this.path = options.path;
    this.details = options.details;
    // The text the position refers to, kept out of JSON and enumeration: it may be large, and
    // only a renderer (the CLI's code frame) needs it.
    Object.defineProperty(this, "source", { value: options.source, writable: true, enumerable: false });
    if (options.offset !== undefined && options.source !== undefined) {
      const at = positionAt(options.source, options.offset);
      this.offset = at.offset;
      this.line = at.line;
      this.column = at.column;
    } else {
      this.offset = options.offset;
      this.line = undefined;
      this.column = undefined;
    }
  }

  /**
   * Moves the error's position into another text: decoders parse a cleaned copy of a payload
   * (invisible characters stripped), and the caller must see positions in what it sent.
   */
  relocate(source: string, offset: number): this {
    const at = positionAt(source, offset);
    this.source = source;
    this.offset = at.offset;
    this.line = at.line;
    this.column = at.column;
    return this;
  }

  /**
   * The error `toJSON` wrote, a SilpError again: for one that crossed a wire or a framework's
   * JSON metadata. Its position is the one written (the text it refers to did not travel).
   */
  static fromJSON(json: SilpErrorJSON): SilpError {
    const error = new SilpError(json.code, json.message, { offset: json.offset, expected: json.expected, path: json.path, details: json.details });
    error.line = json.line;
    error.column = json.column;
    return error;
  }

  /** The machine-readable form used by `silpc --json` and by the MCP/A2A integrations. */
  toJSON(): SilpErrorJSON {
    const out: SilpErrorJSON = { code: this.code, message: this.message };
    if (this.offset !== undefined) out.offset = this.offset;
    if (this.line !== undefined) out.line = this.line;
    if (this.column !== undefined) out.column = this.column;
    if (this.expected !== undefined) out.expected = [...this.expected];
    if (this.path !== undefined) out.path = this.path;
    if (this.details !== undefined) out.details = this.details;
    return out;
  }
}

export interface SilpErrorJSON {
  code: SilpErrorCode;
  message: string;
  offset?: number;
  line?: number;
  column?: number;
  expected?: string[];
  path?: string;
  details?: Record<string, unknown>;
}

/** One finding of IR validation: a schema violation or a semantic rule. */
export interface ValidationIssue {
  /** Stable rule id, e.g. `schema`, `verb-whitelist`, `duplicate-entity-id`. */
  rule: string;
  severity: "error" | "warning";
  message: string;
  /** JSON Pointer to the offending value. */
  path: string;
  /** Optional hint, e.g. the replacement verb for an excluded verb. */
  hint?: string;
}

/**
 * The `invalid_ir` error for validation issues: the first error-level issue's path and message,
 * every issue in `details.issues`.
 */
export function invalidIr(issues: readonly ValidationIssue[], options: SilpErrorOptions = {}): SilpError {
  const errors = issues.filter((issue) => issue.severity === "error");
  const first = errors[0] ?? issues[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  const message = first ? `invalid IR at ${first.path || "/"}: ${first.message} [${first.rule}]${more}` : "invalid IR";
  return new SilpError("invalid_ir", message, { ...options, path: first?.path, details: { issues } });
}

/** The `invalid_options` error for one option (`details.option` names it, e.g. `whitelist.extra[1]`). */
export function invalidOption(option: string, message: string, options: SilpErrorOptions = {}): SilpError {
  return new SilpError("invalid_options", message, { ...options, details: { option, ...options.details } });
}

/**
 * Whether `value` is a SilpError, and, given a code, one with that code: `code` is the one
 * discriminator of the error family (docs/errors.md).
 */
export function isSilpError(value: unknown, code?: SilpErrorCode): value is SilpError {
  return value instanceof SilpError && (code === undefined || value.code === code);
}
