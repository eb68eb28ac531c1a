/**
 * Tool-call arguments that carry SILP (draft -02 section 7.2): the payload sits in the wrapper
 * fields next to the tool's own parameters, so the tool's input schema keeps its contract.
 *
 *   wrapSilpArguments(ir, { user_id: "u1" })
 *     -> { silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id, and what differs from the defaults }, user_id: "u1" }
 *   unwrapSilpArguments(args) -> { ir, params: { user_id: "u1" }, repairs, warnings, ... }
 */
import type { SilpIRInput } from "silp";
import type { SilpOptions } from "silp";
import type { SilpEnvelope } from "silp";
import { unwrapSilp, wrapSilp, type SilpWrapped, type Unwrapped } from "silp/carriage";
import { WRAPPER_FIELDS } from "silp/carriage";

export type { SilpWrapped, Unwrapped };

/** IR (or envelope) + the tool's other parameters -> the arguments of a tools/call request. */
export function wrapSilpArguments<P extends Record<string, unknown>>(
  payload: SilpIRInput | SilpEnvelope,
  params?: P,
  options?: SilpOptions & { frontend?: string },
): SilpWrapped<P> {
  return wrapSilp(payload, params, options);
}

/** Arguments of a tools/call request -> the validated IR and the tool's other parameters. */
export function unwrapSilpArguments(args: unknown, options?: SilpOptions): Unwrapped {
  return unwrapSilp(args, options, "the tool arguments");
}

export interface JsonSchemaObject {
  type: "object";
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean | Record<string, unknown>;
  description?: string;
  [keyword: string]: unknown;
}

/**
 * An object with any keys, written so that the popular MCP clients keep its keys: a JSON-Schema-to-zod
 * converter (Mastra 0.14 under zod 3) turns a bare `{type: "object"}` into an object that strips
 * every key, while `properties: {}` with `additionalProperties: true` becomes a passthrough object
 * (docs/integrations.md, What the clients do with the schemas).
 */
export function freeFormObject(description?: string): Record<string, unknown> {
  return { type: "object", properties: {}, additionalProperties: true, ...(description === undefined ? {} : { description }) };
}

/** JSON Schema of the wrapper fields (draft-neutral: no $schema, no $ref, valid in draft-07 and 2020-12). */
export const WRAPPER_PROPERTIES: Readonly<Record<string, Record<string, unknown>>> = Object.freeze({
  silp_encoding: { type: "string", description: 'SILP frontend of silp_payload, e.g. "code" or "json"' },
  silp_payload: { type: "string", description: "the SILP payload, e.g. if !rain(t+1): start(hike)" },
  silp_meta: freeFormObject("the IR meta (req_id, session_id, any other key) the compact payload does not carry"),
  silp: { type: "string", description: 'SILP protocol version (default "v1")' },
  silp_ir_version: { type: "string", description: 'IR schema version, when not "ir-v0.1"' },
});

/**
 * A tool input schema with the wrapper fields added to the tool's own: `silp_encoding` and
 * `silp_payload` required, the rest optional. The tool's properties keep their definitions.
 */
export function silpArgumentsSchema(host: Partial<JsonSchemaObject> = {}): JsonSchemaObject {
  const properties = host.properties ?? {};
  const clash = Object.keys(properties).filter((key) => WRAPPER_FIELDS.includes(key));
  if (clash.length > 0) throw new TypeError(`tool properties may not use the SILP field names ${clash.join(", ")}`);
  return {
    ...host,
    type: "object",
    properties: { ...WRAPPER_PROPERTIES, ...properties },
    required: ["silp_encoding", "silp_payload", ...(host.required ?? [])],
  };
}
