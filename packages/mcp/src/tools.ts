/**
 * The SILP tools, independent of any MCP SDK: name, schemas and a handler that maps arguments to
 * a CallToolResult. server.ts registers them on an McpServer. Every handler turns a SilpError into
 * an `isError` result carrying the code (result.ts), so bad input never becomes a protocol error.
 */
import { compileAsync, SilpError } from "silp";
import { envelopeOf, envelopeText, modelNotes } from "silp/carriage";
import { IR_SHAPE, pickCodecOptions, resolveOptions } from "silp/util";

import { listFrontends } from "silp";
import type { JsonValue } from "silp";
import { assertValid, validate } from "silp";
import type { SilpOptions, WhitelistMode } from "silp";
import { answerPing, type Capabilities } from "silp/negotiation";
import type { DialectHoldings } from "@silp/dialects";
import { formatProbe, probeToJson } from "silp/negotiation";
import { loadTokensModule, type TokensModule } from "./optional-tokens.js";
import { readPing } from "silp/negotiation";
import { completeMeta, type SilpIR, type SilpIRInput } from "silp";
import { applySafetyFilter, unwrapSilp, type SafetyFilter } from "silp/carriage";
import type { JsonSchemaObject } from "./arguments.js";
import { checkArguments } from "./arguments-check.js";
import { MAX_LISTED, checkTimeout, silpErrorResult, silpToolResult, withSilpErrors, type SilpCallToolResult } from "./result.js";
import { compileSchemas, countTokensSchemas, decodeSchemas, irInputSchema, negotiateSchemas, validateSchemas } from "./schemas.js";

export { loadTokensModule, type TokensModule };

export interface SilpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** Absent when the server answers with text content only (`structuredContent: false`). */
  outputSchema?: JsonSchemaObject;
  annotations: { readOnlyHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  handler(args: Record<string, unknown>, call?: ToolCall): Promise<SilpCallToolResult>;
}

/** What the carrier knows of a tool call beyond its arguments. */
export interface ToolCall {
  /**
   * The peer that called: the authenticated client, else the MCP session, else none (stateless
   * HTTP without auth, stdio). Dialects taken from a peer are bounded per peer (docs/dialect-negotiation.md).
   */
  scope?: string;
}

export interface SilpToolsOptions extends SilpOptions {
  /** What the negotiate tool answers with; default: SILP v1 and the frontends that decode. */
  capabilities?: Capabilities;
  /**
   * The dialects the server holds and may take from clients (`new DialectHoldings({ accept })`
   * of @silp/dialects; docs/dialect-negotiation.md): the negotiate tool offers them, asks for
   * offered ones the policy allows, and takes a spec a //ping carries when it hashes to its offer.
   */
  dialects?: DialectHoldings;
  /** The tokens module for count_tokens; without it the tool is not offered. */
  tokens?: TokensModule;
  /** Request deadline of every tool, in milliseconds; default 10,000 (`timeout` error past it). */
  timeoutMs?: number;
  /** Spec 8.2: sees every IR a tool decodes or receives, before the tool answers (`unsafe_content`). */
  safetyFilter?: SafetyFilter;
  /**
   * false: the tools declare no output schema and answer with text content only, the text
   * holding everything (compile's text then carries the req_id too). For clients that show
   * their model a serialized copy of `structuredContent` beside the text (LangChain's MCP
   * adapters do), so the model would read the IR twice (docs/integrations.md, "What each
   * framework shows its model"). Default true.
   */
  structuredContent?: boolean;
}

/** Verb whitelist modes, strictest first: a client may ask only for the operator's mode or a stricter one. */
const WHITELIST_ORDER: readonly WhitelistMode[] = ["strict", "advisory", "off"];

/** The modes a call may ask for under the operator's mode (the operator's is the ceiling). */
export function allowedWhitelistModes(operator: WhitelistMode | undefined): WhitelistMode[] {
  return WHITELIST_ORDER.slice(0, WHITELIST_ORDER.indexOf(operator ?? "strict") + 1);
}

interface Policy {
  /** Whether results carry structuredContent (`SilpToolsOptions.structuredContent`). */
  structured: boolean;
  /** The operator's options, with the whitelist as `{ mode, extra }` (its mode the ceiling of a call's). */
  base: SilpOptions & { whitelist: { mode: WhitelistMode; extra: readonly string[] } };
  timeoutMs: number;
  safetyFilter: SafetyFilter | undefined;
}

/** Default tokenizer for count_tokens: one small, fast-loading vocabulary. */
export const DEFAULT_COUNT_TOKENIZERS = ["gpt-4o"] as const;

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** The receiver capabilities the server negotiates with by default: what it can decode. */
export function defaultCapabilities(): Capabilities {
  return {
    versions: [...IR_SHAPE.silpVersions],
    frontends: listFrontends()
      .filter((f) => f.decodes)
      .map((f) => f.name),
  };
}

export function silpTools(options: SilpToolsOptions = {}): SilpToolDefinition[] {
  const { capabilities, dialects, tokens, timeoutMs, safetyFilter, structuredContent, ...operator } = options;
  if (safetyFilter !== undefined && typeof safetyFilter !== "function") throw new TypeError("safetyFilter must be a function");
  if (structuredContent !== undefined && typeof structuredContent !== "boolean") throw new TypeError("structuredContent must be a boolean");
  // The operator's options are checked once here (invalid_options), not on the first call.
  const codec = pickCodecOptions(operator);
  const resolved = resolveOptions(codec);
  const base = { ...codec, whitelist: resolved.whitelist };
  const policy: Policy = { structured: structuredContent !== false, base, timeoutMs: checkTimeout(timeoutMs), safetyFilter };
  const tools = [validateTool(policy), compileTool(policy), decodeTool(policy, dialects), negotiateTool(capabilities ?? defaultCapabilities(), dialects)];
  if (tokens) tools.push(countTokensTool(tokens, policy));
  return tools.map((tool) => guarded(tool, policy));
}

/**
 * Every SILP tool: arguments checked against its input schema first (a SILP code for each
 * mistake), the request deadline around the whole call, SilpErrors as isError results.
 */
function guarded(tool: SilpToolDefinition, policy: Policy): SilpToolDefinition {
  const inner = tool.handler;
  const handler = withSilpErrors(async (args: Record<string, unknown>, call?: ToolCall) => inner(checkArguments(tool.inputSchema, args), call), {
    timeoutMs: policy.timeoutMs,
  });
  if (policy.structured) return { ...tool, handler };
  const { outputSchema: _schema, ...listed } = tool;
  return { ...listed, handler: async (args, call) => textOnly(await handler(args, call)) };
}

/** A result without structuredContent: what the text already says is all a content-only client gets. */
function textOnly(result: SilpCallToolResult): SilpCallToolResult {
  const { structuredContent: _structured, ...rest } = result;
  return rest as SilpCallToolResult;
}

/**
 * The options of one call: the operator's, tightened by the call's arguments. The input schema
 * offers only `whitelist` modes at least as strict as the operator's and `strict: true` only when
 * the operator is lenient, so a client can ask for more checking, never for less.
 */
function callOptions(base: Policy["base"], args: Record<string, unknown>, extra: SilpOptions = {}): SilpOptions {
  const mode = args.whitelist as WhitelistMode | undefined;
  // A call picks the mode only; the operator's extra verbs stay in force.
  const whitelist = mode === undefined ? base.whitelist : { mode, extra: base.whitelist.extra };
  return { ...base, ...extra, whitelist, ...(args.strict === true ? { strict: true } : {}) };
}

/** Spec 8.2: the operator's filter sees the IR before any tool answers with it. */
async function screen(policy: Policy, ir: SilpIR): Promise<void> {
  await applySafetyFilter(policy.safetyFilter, ir);
}
function validateTool(policy: Policy): SilpToolDefinition {
  const { base } = policy;
  const schemas = validateSchemas(allowedWhitelistModes(base.whitelist.mode), irInputSchema(base, "the SILP IR to check (spec 3.9 schema + semantic rules)"));
  return {
    name: "validate",
    title: "Validate a SILP IR",
    description:
      "Checks a SILP IR against the spec's JSON Schema and semantic rules (verb whitelist, duplicate ids, operators). " +
      "Returns valid, the normal form and every issue with its JSON Pointer.",
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: READ_ONLY,
    handler: async (args) => {
      const result = validate(args.ir, callOptions(base, args));
      if (result.ir) await screen(policy, result.ir);
      // An IR with thousands of bad parts would otherwise be answered with thousands of issues.
      const issues = result.issues.slice(0, MAX_LISTED);
      const structured: Record<string, unknown> = { valid: result.ok, issues };
      if (result.issues.length > MAX_LISTED) structured.issuesDropped = result.issues.length - MAX_LISTED;
      if (result.ir) structured.ir = result.ir;
      const more = result.issues.length > MAX_LISTED ? ` (+${result.issues.length - MAX_LISTED} more issues)` : "";
      const summary = result.ok
        ? `valid${result.issues.length > 0 ? ` (${result.issues.length} warnings: ${issues.map((i) => `${i.rule}@${i.path || "/"}`).join(" ")}${more})` : ""}`
        : `invalid: ${issues
            .filter((i) => i.severity === "error")
            .map((i) => `${i.path || "/"} ${i.message} [${i.rule}]`)
            .join("; ")}${more}`;
      return { content: [{ type: "text", text: summary }], structuredContent: structured };
    },
  };
}

function compileTool(policy: Policy): SilpToolDefinition {
  const { base } = policy;
  const frontends = listFrontends().map((f) => f.name);
  const schemas = compileSchemas(
    frontends,
    allowedWhitelistModes(base.whitelist.mode),
    irInputSchema(base, "the SILP IR to compile; without meta.req_id one is generated", base.strict !== true),
  );
  return {
    name: "compile",
    title: "Compile a SILP IR",
    description:
      `Compiles a SILP IR to a payload of one frontend (${frontends.join(", ")}; default code). ` +
      "Returns the envelope {silp_encoding, silp_payload, silp_meta}: the -02 wrapper fields plus the meta fields that differ from their defaults.",
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: READ_ONLY,
    handler: async (args) => {
      const frontend = typeof args.frontend === "string" ? args.frontend : "code";
      // Content only: the text is all the caller keeps, so it carries the req_id as well.
      const inline = args.inline_meta === true || !policy.structured;
      const options = callOptions(base, args, { inlineMeta: inline });
      // An IR without meta.req_id gets the one decode would derive (lenient; docs/ir.md), and the text says so.
      const completed = completeMeta(args.ir as SilpIRInput, frontend, options);
      const ir = assertValid(completed.ir, resolveOptions(options)).ir;
      await screen(policy, ir);
      // The envelope's own rule: silp_meta holds the req_id and what differs from the defaults.
      const envelope = envelopeOf(ir, frontend, await compileAsync(ir, frontend, { ...options }));
      // The text is what a model reads: the payload with the meta that differs inline (and the
      // req_id with inline_meta), so it decodes to the IR by itself (result.ts).
      const text = inline ? envelope.silp_payload : envelopeText(envelope);
      const content: SilpCallToolResult["content"] = [{ type: "text", text }];
      if (completed.filled) content.push({ type: "text", text: `note: ${completed.filled.path} was missing: generated req_id ${completed.filled.reqId}` });
      return { content, structuredContent: { ...envelope } };
    },
  };
}

function decodeTool(policy: Policy, dialects: DialectHoldings | undefined): SilpToolDefinition {
  const { base } = policy;
  const schemas = decodeSchemas(allowedWhitelistModes(base.whitelist.mode), base.strict === true);
  return {
    name: "decode",
    title: "Decode a SILP payload",
    description:
      "Decodes a SILP payload given as the -02 wrapper fields (silp_encoding, silp_payload, optional silp_meta) back to the IR. " +
      "Lenient by default: model habits are repaired and each repair is listed with its offset.",
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: READ_ONLY,
    handler: async (args, call) => {
      const options = callOptions(base, args);
      const { strict: _strict, whitelist: _whitelist, ...wrapper } = args;
      const encoding = wrapper.silp_encoding;
      // A dialect a client proposed is read only for a client that agreed on it by its hash (docs/dialect-negotiation.md, "Peers").
      if (dialects !== undefined && typeof encoding === "string" && isDialectName(encoding) && !dialects.reads(encoding, call?.scope)) {
        throw new SilpError("unsupported_frontend", `this server reads the dialect ${encoding} only for a client that agreed on it by its hash (negotiate)`, {
          details: { frontend: encoding },
        });
      }
      const decoded = unwrapSilp(wrapper, options, "the decode arguments");
      await screen(policy, decoded.ir);
      const { ir, repairs, repairsDropped, warnings, sanitizer, envelope } = decoded;
      const extra = { repairs, repairsDropped, warnings, sanitizer } as unknown as Record<string, JsonValue>;
      // The text is the decoded IR whole, req_id included (inlineMeta true): the caller learns
      // what was understood, and a client that keeps only the text decodes it back
      // (docs/integrations.md, "The decode tool's text").
      return silpToolResult(ir, { ...options, inlineMeta: true, frontend: envelope.silp_encoding, extra, notes: modelNotes(decoded) });
    },
  };
}

/** A dialect's name (`x-`), as opposed to a built-in frontend's. */
function isDialectName(name: string): boolean {
  return name.startsWith("x-");
}

function negotiateTool(capabilities: Capabilities, dialects: DialectHoldings | undefined): SilpToolDefinition {
  const schemas = negotiateSchemas();
  const reads = dialects?.capabilities(capabilities) ?? capabilities;
  return {
    name: "negotiate",
    title: "Answer a SILP //ping",
    description:
      `Answers a //ping frontend negotiation probe (spec 5.3) with this server's //pong (it reads ${reads.frontends.join(", ")}). ` +
      "The receiver's priority order wins; the agreed frontend is the pong's prefer." +
      (dialects === undefined ? "" : " Dialects are offered and taken by content hash: a JSON ping may carry the specs a pong asked for (want)."),
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    // Not read-only with holdings: a ping that carries a spec the policy allows adds a dialect.
    annotations: dialects === undefined ? READ_ONLY : { ...READ_ONLY, readOnlyHint: false },
    handler: async (args, call) => {
      const ping = readPing(args.ping);
      const taken = dialects?.answer(ping, capabilities, call?.scope);
      const answer = taken ?? answerPing(ping, capabilities);
      const pongLine = formatProbe(answer.pong);
      const pong = probeToJson(answer.pong).silp_pong as unknown as Record<string, JsonValue>;
      const dialectOutcome: Record<string, JsonValue> =
        taken === undefined ? {} : { received: taken.received, refused: taken.refused.map((error) => error.toJSON() as unknown as Record<string, JsonValue>) };
      if (answer.error) return silpErrorResult(answer.error, { pong, pong_line: pongLine, ...dialectOutcome });
      const agreement = answer.agreement as NonNullable<typeof answer.agreement>;
      return {
        content: [{ type: "text", text: pongLine }],
        structuredContent: { pong, pong_line: pongLine, agreement: { ...agreement }, ...dialectOutcome },
      };
    },
  };
}

function countTokensTool(tokens: TokensModule, policy: Policy): SilpToolDefinition {
  const { base } = policy;
  const schemas = countTokensSchemas(tokens.TOKENIZER_NAMES);
  const maxLength = Math.min(resolveOptions(base).limits.maxInputLength, tokens.DEFAULT_MAX_COUNT_LENGTH);
  return {
    name: "count_tokens",
    title: "Count tokens",
    description:
      `Counts the tokens of a text (e.g. a SILP payload) with offline tokenizers (${tokens.TOKENIZER_NAMES.join(", ")}; default gpt-4o). ` +
      "Each tokenizer is loaded on first use.",
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: READ_ONLY,
    handler: async (args) => {
      const text = args.text as string;
      if (text.length > maxLength) {
        throw new SilpError("limit_exceeded", `the text is ${text.length} characters; counting is limited to ${maxLength}`, {
          details: { limit: "maxCountLength", value: maxLength, actual: text.length },
        });
      }
      // The schema allows each tokenizer once (uniqueItems, maxItems), so a call counts at most once per tokenizer.
      const names = Array.isArray(args.tokenizers) ? (args.tokenizers as string[]) : [...DEFAULT_COUNT_TOKENIZERS];
      const wanted = tokens.parseTokenizerList(names.join(","));
      const loaded = await tokens.loadTokenizers(wanted);
      const counts = loaded.map((tokenizer) => ({ tokenizer: tokenizer.name, tokens: tokens.countTokens(tokenizer, text) }));
      const line = counts.map((c) => `${c.tokenizer}: ${c.tokens}`).join(", ");
      return { content: [{ type: "text", text: line }], structuredContent: { characters: text.length, counts } };
    },
  };
}
