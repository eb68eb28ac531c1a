/**
 * Tool results that carry SILP, for any MCP tool author. The shapes are plain objects that fit
 * CallToolResult of both SDK lines (1.x `@modelcontextprotocol/sdk`, 2.x `@modelcontextprotocol/server`).
 *
 * The text in `content` is what most clients show their model, and many show nothing else
 * (docs/integrations.md, "What a model reads"). So it decodes by itself to the whole IR but the
 * req_id: the payload with the trailer of the meta fields that differ from their defaults, as
 * `compile` writes it by default, never the compact payload alone (a model that is not shown
 * `seq` or `next_agent` cannot keep the order or the route). `structuredContent` holds the whole
 * IR for programs, req_id included. MCP asks tools with structured output to put "the serialized
 * JSON" in a text block too; the payload is that IR at a fraction of the tokens.
 */
import { compile, decode } from "silp";
import { applySafetyFilter, unwrapSilp, type SafetyFilter } from "silp/carriage";
import { MAX_LISTED, WRAPPER_FIELDS } from "silp/carriage";
import { isKnownErrorCode, isPlainObject, resolveOptions } from "silp/util";
import { SilpError, invalidOption, isSilpError, type SilpErrorJSON } from "silp";
import { getFrontend } from "silp";
import type { JsonValue, SilpIR, SilpIRInput } from "silp";
import { assertValid } from "silp";
import type { SilpOptions } from "silp";

export interface TextBlock {
  type: "text";
  text: string;
}

/** A CallToolResult as SILP tools return it. */
export interface SilpCallToolResult {
  content: TextBlock[];
  /** Absent only from a server built with `structuredContent: false` (tools.ts). */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [extra: string]: unknown;
}

/** What silpToolResult and silpErrorResult build: always with structuredContent. */
export type StructuredToolResult = SilpCallToolResult & { structuredContent: Record<string, unknown> };

export interface SilpResultOptions extends SilpOptions {
  /**
   * Frontend of the text in `content`; default "code". Must be lossless so content and IR agree.
   * The text carries the meta that differs from the defaults (`inlineMeta` "auto", the default);
   * `inlineMeta: true` adds the req_id, and `false` is refused: the text would lose the meta.
   */
  frontend?: string;
  /** More members for `structuredContent`, next to `ir` and `silp_encoding`. */
  extra?: Record<string, JsonValue>;
  /**
   * Lines for a second text block after the payload (see `decodeNotes` in silp): what a model that reads
   * only `content` must also see. No second block when empty.
   */
  notes?: readonly string[];
}

export { MAX_LISTED };
/** The note lines of a decode (silp's), for tool authors building results by hand. */
export { decodeNotes } from "silp/carriage";

/** `{content: [payload], structuredContent: {silp_encoding, ir, ...extra}}` for a valid IR. */
export function silpToolResult(ir: SilpIRInput, options: SilpResultOptions = {}): StructuredToolResult {
  const { frontend = "code", extra, notes, ...codec } = options;
  if (!getFrontend(frontend).lossless) {
    throw new TypeError(`the content of a SILP tool result must use a lossless frontend, not ${frontend}`);
  }
  if (codec.inlineMeta === false) {
    throw invalidOption("inlineMeta", "the text of a SILP tool result carries the meta a model must read; inlineMeta false would drop it");
  }
  const resolved = resolveOptions(codec);
  const normal = assertValid(ir, resolved).ir;
  const content: TextBlock[] = [{ type: "text", text: compile(normal, frontend, resolved) }];
  // The notes start on a line of their own even where a client joins the blocks with nothing
  // between them (the OpenAI Agents SDK hands its model `payload` + `notes` as one string).
  if (notes && notes.length > 0) content.push({ type: "text", text: `\n${notes.join("\n")}` });
  return { content, structuredContent: { ...extra, silp_encoding: frontend, ir: normal } };
}

/**
 * A SilpError as a tool result: `isError` with the code in `structuredContent.error`, so the
 * caller (model or program) can react to it; never a JSON-RPC protocol error. Other errors are
 * bugs and are rethrown (both SDK lines turn a throwing handler into an `isError` text result).
 */
export function silpErrorResult(error: unknown, extra: Record<string, JsonValue> = {}): StructuredToolResult {
  if (!isSilpError(error)) throw error;
  const json = boundedIssues(error.toJSON());
  const where = json.line === undefined ? "" : ` (line ${json.line}, column ${json.column})`;
  return {
    isError: true,
    content: [{ type: "text", text: `error[${json.code}]: ${json.message}${where}` }],
    structuredContent: { ...extra, error: json as unknown as Record<string, unknown> },
  };
}

/** An invalid_ir error lists at most MAX_LISTED issues; `details.issuesDropped` counts the rest. */
function boundedIssues(json: SilpErrorJSON): SilpErrorJSON {
  const issues = json.details?.issues;
  if (!Array.isArray(issues) || issues.length <= MAX_LISTED) return json;
  return { ...json, details: { ...json.details, issues: issues.slice(0, MAX_LISTED), issuesDropped: issues.length - MAX_LISTED } };
}

/** Default request deadline of the SILP tools and of `withSilpErrors`: 10 s. */
export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;

export interface SilpGuardOptions extends SilpOptions {
  /**
   * The request deadline (spec 5.1 `timeout`): a handler that has not answered after this many
   * milliseconds is answered with an `isError` result of code `timeout`. Default 10,000.
   */
  timeoutMs?: number;
  /**
   * Spec 8.2: when the first argument carries the -02 wrapper fields, they are decoded (with the
   * other options here: strict whitelist unless relaxed) and the filter sees every free-text
   * value of the IR before the handler runs. A refusal is an `isError` result `unsafe_content`,
   * and the handler does not run.
   */
  safetyFilter?: SafetyFilter;
}

/** Throws a TypeError unless `ms` is a usable deadline (operator configuration, not peer input). */
export function checkTimeout(ms: unknown): number {
  if (ms === undefined) return DEFAULT_TOOL_TIMEOUT_MS;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0 || ms > 2_147_483_647) {
    throw new TypeError(`timeoutMs must be a positive number of milliseconds (at most 2^31-1), got ${String(ms)}`);
  }
  return ms;
}

/** Runs `work` with a deadline: past it, a SilpError `timeout`. The timer never outlives the call. */
export async function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SilpError("timeout", `the tool did not answer within ${ms} ms`, { details: { timeoutMs: ms } })), ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Wraps a tool handler so that every SilpError it throws becomes an `isError` result, the
 * request deadline applies (`timeoutMs`, default 10 s) and, with `safetyFilter`, the decoded SILP
 * arguments pass the receiver's filter before the handler runs.
 */
export function withSilpErrors<A extends unknown[]>(
  handler: (...args: A) => SilpCallToolResult | Promise<SilpCallToolResult>,
  options: SilpGuardOptions = {},
): (...args: A) => Promise<SilpCallToolResult> {
  const { timeoutMs, safetyFilter, ...silpOptions } = options;
  const ms = checkTimeout(timeoutMs);
  if (safetyFilter !== undefined && typeof safetyFilter !== "function") throw new TypeError("safetyFilter must be a function");
  const resolved = resolveOptions(silpOptions);
  return async (...args: A) => {
    try {
      return await withDeadline(ms, async () => {
        if (safetyFilter && carriesSilp(args[0])) await applySafetyFilter(safetyFilter, unwrapSilp(args[0], resolved, "the tool arguments").ir);
        return handler(...args);
      });
    } catch (error) {
      return silpErrorResult(error);
    }
  };
}

/**
 * Client side: the IR of a SILP tool result. An `isError` result becomes the SilpError it carries;
 * `structuredContent.ir` is validated; a result without structured content is decoded from its
 * first text block (frontend `options.frontend`, default "code").
 */
export function readSilpToolResult(result: unknown, options: SilpOptions & { frontend?: string } = {}): SilpIR {
  if (!isPlainObject(result)) throw new SilpError("decode_failed", "a tool result must be an object");
  const structured = result.structuredContent;
  if (result.isError === true) throw errorFromResult(structured, result.content);
  const { frontend: expected, ...codec } = options;
  const resolved = resolveOptions(codec);
  if (isPlainObject(structured) && structured.ir !== undefined) return assertValid(structured.ir, resolved).ir;
  const text = firstText(result.content);
  if (text === undefined) throw new SilpError("decode_failed", "the tool result carries neither structuredContent.ir nor a text block");
  const frontend = isPlainObject(structured) && typeof structured.silp_encoding === "string" ? structured.silp_encoding : (expected ?? "code");
  return decode(text, frontend, resolved).ir;
}

function errorFromResult(structured: unknown, content: unknown): SilpError {
  const error = isPlainObject(structured) && isPlainObject(structured.error) ? (structured.error as Partial<SilpErrorJSON>) : undefined;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    return new SilpError(isKnownErrorCode(error.code) ? error.code : "decode_failed", error.message, {
      details: { remote: error },
      ...(error.path === undefined ? {} : { path: error.path }),
      ...(error.expected === undefined ? {} : { expected: error.expected }),
    });
  }
  return new SilpError("decode_failed", `the tool reported an error: ${firstText(content) ?? "(no text)"}`);
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const block: unknown = content.find((item) => isPlainObject(item) && item.type === "text" && typeof item.text === "string");
  return isPlainObject(block) ? (block.text as string) : undefined;
}

/** True when a tool's arguments hold any SILP wrapper field (a malformed one fails the decode). */
function carriesSilp(args: unknown): boolean {
  return isPlainObject(args) && WRAPPER_FIELDS.some((field) => Object.hasOwn(args, field));
}
