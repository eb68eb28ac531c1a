/**
 * `silpErrorHandlers()`: run error handlers (`run(agent, input, { errorHandlers })`) that turn the
 * SDK's `ModelBehaviorError` for a final output that is not SILP into the codec's SilpError (code,
 * offset, line, column). The SDK reports an invalid final output only as a message; the handler
 * reads the final message of the run again, decodes its payload with the agent's silpOutputType
 * options and throws what the codec throws. Anything else (another output type, an error with
 * another cause) is left to the SDK.
 */
import { extractAllTextOutput, type RunErrorHandlers } from "@openai/agents";
import { decode } from "silp";
import { payloadOf, silpOutputOptions } from "./output-type.js";

// biome-ignore lint/suspicious/noExplicitAny: the handlers serve agents of any context and output type, as the SDK's own RunErrorHandlers default does.
export function silpErrorHandlers(): RunErrorHandlers<any, any> {
  return {
    invalidFinalOutput: ({ runData }) => {
      const options = silpOutputOptions(runData.lastAgent?.outputType);
      const last = runData.newItems.findLast((item) => item.type === "message_output_item");
      if (options === undefined || last === undefined) return undefined;
      let payload: string | undefined;
      try {
        payload = payloadOf(JSON.parse(extractAllTextOutput([last])));
      } catch {
        return undefined;
      }
      // Throws the SilpError the SDK reported as a message; a payload that decodes was not the cause.
      if (payload !== undefined) decode(payload, options.frontend, options.decodeOptions);
      return undefined;
    },
  };
}
