/**
 * `silpRun(agent, input, options?)`: the SDK's `run()`, except that a run whose final output is not
 * SILP rejects with the codec's SilpError (code, offset, line, column, the prose message), whatever
 * the SDK's logging settings, with the SDK's own error as its `cause`.
 *
 * Why a wrapper around run() rather than error handlers alone: the SDK reports an invalid final
 * output as a ModelBehaviorError whose message it redacts by default, and it replaces anything a
 * run error handler throws with "Error details are redacted" unless sensitive-data logging is on.
 * So the handler throws nothing: it keeps this run's SilpError, and the wrapper throws it when
 * run() rejects. The caller's own error handlers still run and may still recover the run.
 *
 * What the SilpError is of: the final message's `silp_payload` when the model wrote the wrapper
 * object, and the message's whole text when it wrote no JSON at all (prose, or a bare payload the
 * strict schema did not let through), so a prose reply says it is prose. An object without a
 * string `silp_payload`, or a text that decodes, is left to the SDK's error.
 */
import { type Agent, type AgentInputItem, extractAllTextOutput, type NonStreamRunOptions, run, type RunResult, type RunState } from "@openai/agents";
import { decode, SilpError } from "silp";
import { payloadOf, silpOutputOptions } from "./output-type.js";

// biome-ignore lint/suspicious/noExplicitAny: an agent of any context and output type, as the SDK's own run() takes.
type AnyAgent = Agent<any, any>;

export async function silpRun<TAgent extends AnyAgent, TContext = undefined>(
  agent: TAgent,
  input: string | AgentInputItem[] | RunState<TContext, TAgent>,
  options: NonStreamRunOptions<TContext, TAgent> = {},
): Promise<RunResult<TContext, TAgent>> {
  const own = options.errorHandlers;
  const handler = own?.invalidFinalOutput ?? own?.default;
  let found: SilpError | undefined;
  const errorHandlers = {
    ...own,
    invalidFinalOutput: async (input: Parameters<NonNullable<typeof handler>>[0]) => {
      found = silpErrorOf(input.runData);
      const recovered = await handler?.(input);
      // A run the caller's handler recovered may still fail later, for another reason: not this one.
      if (recovered) found = undefined;
      return recovered;
    },
  };
  try {
    return await run(agent, input, { ...options, errorHandlers });
  } catch (error) {
    if (found === undefined) throw error;
    // As `new Error(message, { cause })` would set it: the error is this run's own, made by decode above.
    Object.defineProperty(found, "cause", { value: error, writable: true, configurable: true, enumerable: false });
    throw found;
  }
}

/** The SilpError of the run's last message, decoded with the last agent's silpOutputType options; undefined when it is not the cause. */
function silpErrorOf(runData: { lastAgent?: { outputType?: unknown }; newItems: readonly { type: string }[] }): SilpError | undefined {
  const options = silpOutputOptions(runData.lastAgent?.outputType);
  const last = runData.newItems.findLast((item) => item.type === "message_output_item");
  if (options === undefined || last === undefined) return undefined;
  const text = extractAllTextOutput([last as Parameters<typeof extractAllTextOutput>[0][number]]);
  let payload: string | undefined = text;
  try {
    payload = payloadOf(JSON.parse(text));
  } catch {
    // Not JSON: the model wrote no wrapper, so its text is what it sent.
  }
  if (payload === undefined) return undefined;
  try {
    decode(payload, options.frontend, options.decodeOptions);
    return undefined;
  } catch (error) {
    return error instanceof SilpError ? error : undefined;
  }
}
