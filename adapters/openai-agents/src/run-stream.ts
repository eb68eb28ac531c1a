/**
 * `silpRunStream(run)`: the partial IRs of a streamed run (`run(agent, input, { stream: true })`)
 * as the model writes its answer, then the decoded payload. Every model response gets its own
 * streaming decoder (a response that ends in a tool call or a handoff is not the answer: its parts
 * were provisional). For an agent whose outputType is silpOutputType the text is the wrapper
 * object, read with PayloadFieldReader; for a text agent the text is the payload itself.
 *
 * Yields the codec's stream events: `{ done: false, parts, partial }` each time text completes
 * parts, then `{ done: true, result, partial }` with the final output (a DecodeResult).
 *
 * An answer object that names `silp_payload` twice is `decode_failed` at `/silp_payload` (the SDK's
 * JSON.parse keeps the last value, while the stream read the first). A run that fails rethrows its
 * error once the stream ends, with one exception: when the final
 * answer was a complete wrapper whose payload does not decode, the codec's SilpError for that
 * payload is thrown instead. The SDK reports that case as a ModelBehaviorError whose details it
 * redacts by default; the stream's reader has the payload and can say what is wrong with it.
 */
import type { StreamedRunResult } from "@openai/agents";
import { createDecoder, type DecodeResult, decode, SilpError, type StreamDecoder, type StreamEvent } from "silp";
import { resolveModelOptions, type ResolvedModelOptions, type SilpModelOptions } from "@silp/grammar";
import { silpOutputOptions } from "./output-type.js";
import { PAYLOAD_FIELD, PayloadFieldReader } from "./payload-reader.js";

/** One model response being read. */
interface Response {
  decoder: StreamDecoder;
  /** The wrapper object's reader, for an agent with silpOutputType; none for a text agent. */
  reader: PayloadFieldReader | undefined;
}

export async function* silpRunStream(
  // biome-ignore lint/suspicious/noExplicitAny: a run of any context and agent, as the SDK's run() returns.
  run: StreamedRunResult<any, any>,
  /** How a text agent's answer is decoded (an agent with silpOutputType uses its own options). */
  options: SilpModelOptions = {},
): AsyncGenerator<StreamEvent> {
  const forText = resolveModelOptions(options);
  const optionsOf = (agent: { outputType?: unknown } | undefined): ResolvedModelOptions => silpOutputOptions(agent?.outputType) ?? forText;
  let agent = run.currentAgent;
  let response: Response | undefined;
  const start = (): Response => {
    const wrapped = silpOutputOptions(agent?.outputType) !== undefined;
    const { frontend, decodeOptions } = optionsOf(agent);
    return { decoder: createDecoder(frontend, decodeOptions), reader: wrapped ? new PayloadFieldReader() : undefined };
  };
  let failure: unknown;
  try {
    for await (const event of run) {
      if (event.type === "agent_updated_stream_event") agent = event.agent;
      if (event.type !== "raw_model_stream_event") continue;
      if (event.data.type === "response_started") response = start();
      if (event.data.type !== "output_text_delta") continue;
      response ??= start();
      const text = response.reader ? response.reader.read(event.data.delta) : event.data.delta;
      const parts = text ? response.decoder.push(text) : [];
      if (parts.length > 0) yield { done: false, parts, partial: response.decoder.snapshot() };
    }
    await run.completed;
  } catch (error) {
    failure = error;
  }
  failure ??= run.error ?? undefined;
  if (response?.reader?.duplicate) {
    throw new SilpError("decode_failed", `the answer's object has ${PAYLOAD_FIELD} twice; the run's output is the last, the stream read the first`, {
      path: `/${PAYLOAD_FIELD}`,
    });
  }
  if (failure !== undefined) {
    // A complete wrapper was the final answer; if its payload does not decode, end() throws the SilpError that failed the run.
    if (response?.reader?.complete) response.decoder.end();
    throw failure;
  }
  const last = run.currentAgent;
  const result: DecodeResult =
    silpOutputOptions(last?.outputType) !== undefined
      ? (run.finalOutput as DecodeResult)
      : decode(String(run.finalOutput ?? ""), optionsOf(last).frontend, optionsOf(last).decodeOptions);
  yield { done: true, result, partial: response ? response.decoder.snapshot() : { entities: [], constraints: [], alternatives: [] } };
}
