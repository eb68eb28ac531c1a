/**
 * Tool results that carry SILP, for any MCP tool author. The shapes are plain objects that fit
 * CallToolResult of both SDK lines (1.x `@modelcontextprotocol/sdk`, 2.x `@modelcontextprotocol/server`).
 *
 * Why the IR goes in `structuredContent` and the compact payload in `content`: MCP asks tools with
 * structured output to also put "the serialized JSON" in a text block, so a model that reads only
 * `content` sees the result. That would send the same IR twice. The compact payload is a lossless
 * rendering of the same IR (spec 4.6) at a fraction of the tokens, so the model reads the payload
 * while programs read the IR, and nothing is paid for twice.
 */
import { compile, decode } from "silp";
import { isKnownErrorCode } from "silp/util";
import { SilpError, isSilpError, type SilpErrorJSON } from "silp";
import { getFrontend } from "silp";
import { isPlainObject } from "silp/util";
import type { JsonValue, SilpIR, SilpIRInput } from "silp";
import { assertValid } from "silp";
import type { SilpOptions } from "silp";
import { resolveOptions } from "silp/util";

export interface TextBlock {
  type: "text";
  text: string;
}

/** A CallToolResult as SILP tools return it. */
export interface SilpCallToolResult {
  content: TextBlock[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
  [extra: string]: unknown;
}

export interface SilpResultOptions extends SilpOptions {
  /** Frontend of the text in `content`; default "code". Must be lossless so content and IR agree. */
  frontend?: string;
  /** More members for `structuredContent`, next to `ir` and `silp_encoding`. */
  extra?: Record<string, JsonValue>;
}

/** `{content: [payload], structuredContent: {silp_encoding, ir, ...extra}}` for a valid IR. */
export function silpToolResult(ir: SilpIRInput, options: SilpResultOptions = {}): SilpCallToolResult {
  const frontend = options.frontend ?? "code";
  if (!getFrontend(frontend).lossless) {
    throw new TypeError(`the content of a SILP tool result must use a lossless frontend, not ${frontend}`);
  }
  const resolved = resolveOptions(options);
  const normal = assertValid(ir, resolved).ir;
  return {
    content: [{ type: "text", text: compile(normal, frontend, resolved) }],
    structuredContent: { ...options.extra, silp_encoding: frontend, ir: normal },
  };
}

/**
 * A SilpError as a tool result: `isError` with the code in `structuredContent.error`, so the
 * caller (model or program) can react to it; never a JSON-RPC protocol error. Other errors are
 * bugs and are rethrown (both SDK lines turn a throwing handler into an `isError` text result).
 */
export function silpErrorResult(error: unknown, extra: Record<string, JsonValue> = {}): SilpCallToolResult {
  if (!isSilpError(error)) throw error;
  const json = error.toJSON();
  const where = json.line === undefined ? "" : ` (line ${json.line}, column ${json.column})`;
  return {
    isError: true,
    content: [{ type: "text", text: `error[${json.code}]: ${json.message}${where}` }],
    structuredContent: { ...extra, error: json as unknown as Record<string, unknown> },
  };
}

/** Wraps a tool handler so that every SilpError it throws becomes an `isError` result. */
export function withSilpErrors<A extends unknown[]>(
  handler: (...args: A) => SilpCallToolResult | Promise<SilpCallToolResult>,
): (...args: A) => Promise<SilpCallToolResult> {
  return async (...args: A) => {
    try {
      return await handler(...args);
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
  const resolved = resolveOptions(options);
  if (isPlainObject(structured) && structured.ir !== undefined) return assertValid(structured.ir, resolved).ir;
  const text = firstText(result.content);
  if (text === undefined) throw new SilpError("decode_failed", "the tool result carries neither structuredContent.ir nor a text block");
  const frontend = isPlainObject(structured) && typeof structured.silp_encoding === "string" ? structured.silp_encoding : (options.frontend ?? "code");
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
