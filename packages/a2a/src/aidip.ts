/**
 * `silp/aidip`: SILP inside an AIDIP invocation (spec 7.1). AIDIP (draft-cui-ai-agent-discovery-
 * invocation) invokes an agent with `POST /agents/{id}/invoke` and a JSON body whose `inputs`
 * field holds the task; the agent answers with `outputs`. The spec says only that a SILP string
 * "can replace the natural-language inputs content". We place it in two forms:
 *
 * - object form (default, lossless): `inputs` is the -02 wrapper object
 *   `{silp_encoding, silp_payload, silp_meta, ...other inputs}` (as for MCP, silp's protocol/wrapper.ts):
 *   the compact payload, and the meta once, in silp_meta (the req_id and what differs from the
 *   defaults), with the agent's other input fields beside it: a model that reads `inputs` reads
 *   the whole JSON, so it reads the meta there;
 * - string form: `inputs` is the bare payload string, for agents whose `inputs` must be a string.
 *   The frontend must then be agreed out of band (option `frontend`, default "code"). The string
 *   is the only place, so the meta that differs from the defaults travels inline (`#{p2}`), and
 *   the receiver derives the req_id from the text (spec 4.6).
 *
 * Other members of the body (e.g. a session or stream flag of the AIDIP deployment) pass through.
 */
import { compile, decode } from "silp";
import { SilpError } from "silp";
import { carrierMeta } from "silp/carriage";
import { isPlainObject } from "silp/util";
import type { SilpIRInput } from "silp";
import type { SilpOptions } from "silp";
import { fromEnvelope, isEnvelope, type SilpEnvelope } from "silp";
import { unwrapSilp, wrapSilp, type Unwrapped } from "silp/carriage";

export type AidipField = "inputs" | "outputs";

export interface PlaceOptions extends SilpOptions {
  /** Frontend to compile an IR with; default "code". */
  frontend?: string;
  /** "object" (default): the wrapper object; "string": the bare payload. */
  form?: "object" | "string";
  /** Other fields of `inputs`/`outputs` next to the SILP fields (object form only). */
  fields?: Record<string, unknown>;
  /** Other members of the request or response body. */
  body?: Record<string, unknown>;
}

export interface ReadOptions extends SilpOptions {
  /** Frontend of a string-form payload; default "code". */
  frontend?: string;
}

export interface ReadResult extends Unwrapped {
  /** The body's other members. */
  body: Record<string, unknown>;
}

/** The request body of `POST /agents/{id}/invoke` with the SILP payload in `inputs`. */
export function silpInvocation(payload: SilpIRInput | SilpEnvelope, options: PlaceOptions = {}): Record<string, unknown> {
  return place("inputs", payload, options);
}

/** An agent's response body with the SILP payload in `outputs`. */
export function silpInvocationResult(payload: SilpIRInput | SilpEnvelope, options: PlaceOptions = {}): Record<string, unknown> {
  return place("outputs", payload, options);
}

/** Reads the SILP payload of a request body's `inputs` (either form), validated. */
export function readSilpInvocation(body: unknown, options: ReadOptions = {}): ReadResult {
  return read("inputs", body, options);
}

/** Reads the SILP payload of a response body's `outputs` (either form), validated. */
export function readSilpInvocationResult(body: unknown, options: ReadOptions = {}): ReadResult {
  return read("outputs", body, options);
}

function place(field: AidipField, payload: SilpIRInput | SilpEnvelope, options: PlaceOptions): Record<string, unknown> {
  const { body = {}, form, fields, frontend = "code", ...codec } = options;
  if (Object.hasOwn(body, field)) throw new TypeError(`options.body may not carry ${field}; the SILP payload goes there`);
  let value: unknown;
  if (form === "string") {
    if (fields !== undefined) throw new TypeError("the string form has no room for other fields");
    // A bare string has no silp_meta beside it: compile with the core, which carries the meta
    // inline whenever the payload could not give it back (docs/ir.md, "Meta in the payload").
    value = isEnvelope(payload) ? compile(fromEnvelope(payload, codec).ir, payload.silp_encoding, codec) : compile(payload, frontend, codec);
  } else {
    value = wrapSilp(payload, fields ?? {}, { ...codec, frontend });
  }
  return Object.fromEntries([[field, value], ...Object.entries(body)]);
}

function read(field: AidipField, body: unknown, options: ReadOptions): ReadResult {
  if (!isPlainObject(body)) throw new SilpError("decode_failed", `an AIDIP body must be a JSON object with ${field}`, { path: "" });
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
  const value = body[field];
  const { frontend = "code", ...codec } = options;
  if (typeof value === "string") {
    const decoded = decode(value, frontend, codec);
    const envelope: SilpEnvelope = { silp_encoding: frontend, silp_payload: value, silp_meta: carrierMeta(decoded.ir.meta) };
    return { ...decoded, envelope, params: {}, body: rest };
  }
  if (value === undefined) throw new SilpError("decode_failed", `the AIDIP body has no ${field}`, { path: `/${field}` });
  return { ...unwrapSilp(value, codec, `the AIDIP ${field}`), body: rest };
}

/** A non-2xx answer of an AIDIP endpoint. */
export class AidipHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`AIDIP invoke answered HTTP ${status}`);
    this.name = "AidipHttpError";
  }
}

export interface InvokeOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `POST {baseUrl}/agents/{agentId}/invoke` with a JSON body; resolves with the JSON answer. */
export async function invokeAidipAgent(baseUrl: string, agentId: string, body: unknown, options: InvokeOptions = {}): Promise<unknown> {
  const url = new URL(`agents/${encodeURIComponent(agentId)}/invoke`, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
    body: JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error below, or returned as is.
  }
  if (!response.ok) throw new AidipHttpError(response.status, parsed);
  return parsed;
}
