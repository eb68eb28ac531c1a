/**
 * `silpAgentStream()`: the partial IRs of an agent's answer, from the agent's token stream
 * (`agent.stream(input, { streamMode: "messages" })`, which yields `[message chunk, metadata]`).
 * Each model call is one AI message id; its text goes through its own streaming decoder. A call
 * that asked for tools is not an answer: its parts were provisional and it gets no final event.
 * The call that answers ends with `{ done: true, result }`; an answer that is not SILP throws the
 * codec's SilpError when its message ends.
 */
import { AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { createDecoder, type StreamDecoder, type StreamEvent } from "silp";
import { resolveModelOptions, type SilpModelOptions } from "@silp/grammar";

/** A model call's text in progress. */
interface Call {
  id: string | undefined;
  decoder: StreamDecoder;
  calledTools: boolean;
}

export async function* silpAgentStream(
  messages: AsyncIterable<[BaseMessage, unknown] | readonly [BaseMessage, unknown]>,
  options: SilpModelOptions = {},
): AsyncGenerator<StreamEvent> {
  const resolved = resolveModelOptions(options);
  let call: Call | undefined;
  const finish = (ended: Call): StreamEvent | undefined =>
    ended.calledTools ? undefined : { done: true, result: ended.decoder.end(), partial: ended.decoder.snapshot() };
  for await (const [message] of messages) {
    if (!AIMessageChunk.isInstance(message)) continue;
    if (call === undefined || message.id !== call.id) {
      const ended = call && finish(call);
      if (ended) yield ended;
      call = { id: message.id, decoder: createDecoder(resolved.frontend, resolved.decodeOptions), calledTools: false };
    }
    if ((message.tool_call_chunks?.length ?? 0) > 0) call.calledTools = true;
    const parts = call.decoder.push(message.text);
    if (parts.length > 0) yield { done: false, parts, partial: call.decoder.snapshot() };
  }
  const ended = call && finish(call);
  if (ended) yield ended;
}
