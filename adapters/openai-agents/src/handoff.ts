/**
 * `silpHandoff(agent)`: a handoff that passes the task to the next agent as a SILP payload
 * instead of the conversation so far. The handing-off model calls the handoff tool with
 * `{"silp_payload": "<payload>"}`; the handoff's input filter decodes it and gives the next
 * agent exactly two input items: the SILP read prompt (a system message) and the task re-printed
 * from the decoded IR with the meta that differs from the defaults, and its note lines
 * (`modelText`, docs/integrations.md "What a model reads"): never the peer's raw text, none of the
 * prose, tool calls or tool output before it.
 *
 * A payload that does not decode, or arguments without a string payload (`decode_failed` at
 * `/silp_payload`), fail the run with the codec's SilpError, thrown by the filter.
 * The SDK refuses input filters on runs that keep history on the server (`conversationId`,
 * `previousResponseId`): use client-side history with these handoffs.
 */
import { type Agent, type Handoff, type HandoffInputData, handoff, type RunContext, system, user } from "@openai/agents";
import { type DecodeResult, decode, modelText, SilpError } from "silp";
import { readPrompt, resolveModelOptions, type SilpModelOptions } from "@silp/grammar";
import { payloadOf } from "./output-type.js";
import { PAYLOAD_FIELD } from "./payload-reader.js";

export interface SilpHandoffOptions extends SilpModelOptions {
  /** Called with the decoded payload before the next agent runs (routing, logging, the meta). */
  onPayload?: (decoded: DecodeResult, context: RunContext | undefined) => void;
  /** Give the next agent the SILP read prompt as a system message (default true). */
  readPrompt?: boolean;
  /** The handoff tool's name (default the SDK's `transfer_to_<agent>`). */
  toolName?: string;
}

/** The handoff tool's arguments (a strict JSON schema): the payload, nothing else. */
const handoffArguments = () => ({
  type: "object" as const,
  properties: { [PAYLOAD_FIELD]: { type: "string", description: "The task for the next agent, as a SILP payload." } },
  required: [PAYLOAD_FIELD],
  additionalProperties: false as const,
});

// biome-ignore lint/suspicious/noExplicitAny: a handoff targets an agent of any context and output type, as the SDK's handoff() does.
export function silpHandoff<TContext, TAgent extends Agent<TContext, any>>(
  agent: TAgent,
  options: SilpHandoffOptions = {},
): Handoff<TContext, TAgent["outputType"]> {
  return handoff(agent, {
    inputType: handoffArguments(),
    // The SDK requires a callback with an input type; the filter below does the work.
    onHandoff: () => undefined,
    toolDescriptionOverride: `Hand the task to ${agent.name}, written as a SILP payload.`,
    inputFilter: silpHandoffInputFilter(options),
    ...(options.toolName ? { toolNameOverride: options.toolName } : {}),
  }) as Handoff<TContext, TAgent["outputType"]>;
}

/** The input filter alone, for a handoff made some other way whose arguments hold `silp_payload`. */
export function silpHandoffInputFilter(options: SilpHandoffOptions = {}): (data: HandoffInputData) => HandoffInputData {
  const resolved = resolveModelOptions(options);
  const prompt = options.readPrompt === false ? undefined : readPrompt(resolved);
  return (data: HandoffInputData): HandoffInputData => {
    const call = data.newItems.findLast((item) => item.type === "handoff_call_item");
    // This filter on a handoff that was not called is a misconfiguration, not peer input.
    if (call?.type !== "handoff_call_item") throw new TypeError("silpHandoffInputFilter: the handoff turn has no handoff call");
    // The arguments are the model's: anything but a string payload is a decode failure, as unwrapSilp reports it.
    const payload = argumentsPayload(call.rawItem.arguments);
    if (payload === undefined)
      throw new SilpError("decode_failed", `the handoff call's arguments carry no string ${PAYLOAD_FIELD}`, { path: `/${PAYLOAD_FIELD}` });
    const decoded = decode(payload, resolved.frontend, resolved.decodeOptions);
    options.onPayload?.(decoded, data.runContext);
    const task = user(modelText(decoded));
    return {
      inputHistory: prompt ? [system(prompt), task] : [task],
      preHandoffItems: [],
      newItems: [],
      ...(data.runContext ? { runContext: data.runContext } : {}),
    };
  };
}

function argumentsPayload(args: string): string | undefined {
  try {
    return payloadOf(JSON.parse(args));
  } catch {
    return undefined;
  }
}
