/**
 * `silpOutputType()`: an Agents SDK `outputType` whose final output is the decoded payload. It is
 * a Standard Schema with JSON Schema: the SDK asks the model (strict structured output) for the
 * object `{"silp_payload": "<payload>"}`, parses it and hands it to `validate`, which decodes the
 * payload with the codec. `run(agent, input).finalOutput` is then a DecodeResult (IR, repairs,
 * warnings, sanitizer report). The payload itself is the compact text; the model writes no meta
 * beside it.
 *
 * A payload that does not decode is a validation issue, which the SDK reports as its
 * `ModelBehaviorError` ("Invalid output type: silp_payload: error[invalid_syntax] …"); run it
 * with `silpRun` to get the codec's SilpError itself, whatever the SDK's logging settings (run.ts).
 * Read `finalOutput` once: the SDK validates (decodes) again on every read.
 */
import type { StandardSchemaWithJSON } from "@openai/agents";
import { decode, type DecodeResult, SilpError } from "silp";
import { resolveModelOptions, type ResolvedModelOptions, type SilpModelOptions } from "@silp/grammar";
import { PAYLOAD_FIELD } from "./payload-reader.js";

export type SilpOutputType = StandardSchemaWithJSON<{ silp_payload: string }, DecodeResult>;

/** The output types this package made, with how they decode (the run stream and error handlers look them up). */
const made = new WeakMap<object, ResolvedModelOptions>();

export function silpOutputType(options: SilpModelOptions = {}): SilpOutputType {
  const resolved = resolveModelOptions(options);
  const schema = {
    type: "object",
    properties: { [PAYLOAD_FIELD]: { type: "string", description: `The answer as a SILP payload in its ${resolved.frontend} form.` } },
    required: [PAYLOAD_FIELD],
    additionalProperties: false,
  };
  const outputType: SilpOutputType = {
    "~standard": {
      version: 1,
      vendor: "silp",
      validate(value) {
        const payload = payloadOf(value);
        if (payload === undefined) return { issues: [{ message: `expected an object with a string ${PAYLOAD_FIELD}`, path: [PAYLOAD_FIELD] }] };
        try {
          return { value: decode(payload, resolved.frontend, resolved.decodeOptions) };
        } catch (error) {
          if (!(error instanceof SilpError)) throw error;
          return { issues: [{ message: issueMessage(error), path: [PAYLOAD_FIELD] }] };
        }
      },
      jsonSchema: {
        input: () => structuredClone(schema),
        output: () => ({ type: "object", description: "the codec's DecodeResult: ir, repairs, warnings, sanitizer, reqIdDerived" }),
      },
    },
  };
  made.set(outputType, resolved);
  return outputType;
}

/** How an output type of this package decodes, or undefined for any other output type. */
export function silpOutputOptions(outputType: unknown): ResolvedModelOptions | undefined {
  return typeof outputType === "object" && outputType !== null ? made.get(outputType) : undefined;
}

/** The payload string of a wrapper object, or undefined when it is not one. */
export function payloadOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const payload: unknown = (value as Record<string, unknown>)[PAYLOAD_FIELD];
  return typeof payload === "string" ? payload : undefined;
}

/** The code first, as MCP's text content writes it, so a reader of the SDK's message sees it. */
function issueMessage(error: SilpError): string {
  const at = error.line !== undefined ? ` at line ${error.line}, column ${error.column}` : "";
  return `error[${error.code}]${at}: ${error.message}`;
}
