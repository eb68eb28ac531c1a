/**
 * `silpAgentMiddleware()`: middleware for LangChain's `createAgent` that makes the agent answer
 * in SILP. Before each model call it puts the SILP write prompt before the agent's own system
 * message; after a model call that ends the turn (no tool calls) it decodes the answer into the
 * agent state as `silp` (the codec's DecodeResult: IR, repairs, warnings, sanitizer report). The
 * message itself is kept as the model wrote it.
 *
 * An answer that is not SILP fails the run with the codec's SilpError (code, offset, line,
 * column): LangChain passes what an `afterModel` hook throws through unchanged.
 *
 * Streaming: `silpAgentStream(agent.stream(input, { streamMode: "messages" }))` gives the partial
 * IRs of the answer as the model writes it (agent-stream.ts).
 */
import { AIMessage, SystemMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { decode, type DecodeResult } from "silp";
import { z } from "zod/v4";
import { resolveModelOptions, type SilpModelOptions, writePrompt } from "@silp/grammar";

export type { SilpModelOptions } from "@silp/grammar";
export { silpAgentStream } from "./agent-stream.js";

/**
 * The SILP prompt, then after a blank line the agent's own system message (its content blocks,
 * cache control included, kept as they are).
 */
function promptFirst(prompt: string, own: SystemMessage): SystemMessage {
  if (typeof own.content === "string") return new SystemMessage(own.content ? `${prompt}\n${own.content}` : prompt);
  return new SystemMessage({ content: [{ type: "text", text: `${prompt}\n` }, ...own.content] });
}

export const SILP_MIDDLEWARE_NAME = "SilpMiddleware";

export function silpAgentMiddleware(options: SilpModelOptions = {}) {
  const resolved = resolveModelOptions(options);
  const prompt = writePrompt(resolved);
  return createMiddleware({
    name: SILP_MIDDLEWARE_NAME,
    stateSchema: z.object({ silp: z.custom<DecodeResult>().optional() }),
    wrapModelCall: (request, handler) => handler({ ...request, systemMessage: promptFirst(prompt, request.systemMessage) }),
    afterModel: (state) => {
      const last = state.messages.at(-1);
      if (!AIMessage.isInstance(last) || (last.tool_calls?.length ?? 0) > 0) return undefined;
      return { silp: decode(last.text, resolved.frontend, resolved.decodeOptions) };
    },
  });
}
