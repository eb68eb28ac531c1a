/**
 * `silpProcessor()`: a Mastra processor for an agent that answers in SILP. Register it as both an
 * input and an output processor:
 *
 *   new Agent({ ..., inputProcessors: [silp], outputProcessors: [silp] })   // silp = silpProcessor()
 *
 * - input: adds the SILP write prompt as a system message (Mastra 1.x: before the agent's
 *   instructions, in `systemMessages`; 0.x, whose input processors see no system messages: a
 *   system message before the conversation, after the instructions);
 * - output stream: one streaming decoder per text block; each time text completes parts of the
 *   IR, `onPartial({ parts, partial })` is called and, on Mastra 1.x, a `data-silp-partial` chunk
 *   is written into the agent's stream;
 * - output result: decodes the answer and stores the decoded result in the answer message's
 *   metadata under `silp` (`silpResultOf(result)` reads it).
 *
 * An answer that is not SILP: the answer message's metadata carries the codec's SilpError, and
 * `silpResultOf(result)` throws it. Not a tripwire (tripwire.ts, which silpReaderProcessor still
 * uses to refuse an incoming payload before the model is called): Mastra 1.x logs every
 * processor's abort at error level with its stack, which a user would see for each non-SILP answer.
 */
import { decode, type DecodeResult, type PartialIR, SilpError, type StreamDecoder, type StreamPart, createDecoder } from "silp";
import { answerText, type ChunkLike, deltaText, type MastraMessageLike } from "./messages.js";
import { carriedResult, carryError, carryResult, resolveModelOptions, type SilpModelOptions, writePrompt } from "@silp/grammar";
import { silpErrorOfTripwire } from "./tripwire.js";

export const SILP_PROCESSOR_ID = "silp";
/** The type of the data chunks carrying partial IRs (Mastra 1.x streams). */
export const SILP_PARTIAL_CHUNK = "data-silp-partial";

export interface SilpPartialEvent {
  /** The parts the last text completed, with their offsets in the answer text. */
  parts: StreamPart[];
  /** A snapshot of the IR so far. */
  partial: PartialIR;
}

export interface SilpProcessorOptions extends SilpModelOptions {
  /** Called each time streamed text completes parts of the IR (every call of the agent). */
  onPartial?: (event: SilpPartialEvent) => void;
  /** Leave the system prompt to the agent's instructions (default false: the processor adds it). */
  omitPrompt?: boolean;
}

/** What the processors see of their arguments, in both Mastra majors. */
export interface SilpInputArgs {
  messages: MastraMessageLike[];
  /** Mastra 1.x only. */
  systemMessages?: unknown[];
}
export interface SilpStreamArgs {
  part: ChunkLike;
  state: Record<string, unknown>;
  /** Mastra 1.x only. */
  writer?: { custom(data: { type: string; data: unknown }): Promise<void> };
}
export interface SilpResultArgs {
  messages: MastraMessageLike[];
}

/**
 * The processor. Its methods take Mastra's arguments of either major and return what that major
 * expects, so their types are written loosely at this boundary (the two majors' types differ).
 */
export interface SilpProcessor {
  readonly id: typeof SILP_PROCESSOR_ID;
  readonly name: typeof SILP_PROCESSOR_ID;
  // biome-ignore lint/suspicious/noExplicitAny: the messages (0.x) or { messages, systemMessages } (1.x), typed by whichever Mastra is installed.
  processInput(args: SilpInputArgs): any;
  // biome-ignore lint/suspicious/noExplicitAny: the chunk it was given, typed by whichever Mastra is installed.
  processOutputStream(args: SilpStreamArgs): Promise<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the messages it was given, typed by whichever Mastra is installed.
  processOutputResult(args: SilpResultArgs): any;
}

/** The key of the stream's decoder in the processor state Mastra keeps per call. */
const DECODER = "silp.decoder";

export function silpProcessor(options: SilpProcessorOptions = {}): SilpProcessor {
  const resolved = resolveModelOptions(options);
  const prompt = writePrompt(resolved);
  return {
    id: SILP_PROCESSOR_ID,
    name: SILP_PROCESSOR_ID,
    processInput({ messages, systemMessages }) {
      if (options.omitPrompt) return systemMessages ? { messages, systemMessages } : messages;
      if (systemMessages) return { messages, systemMessages: [{ role: "system", content: prompt }, ...systemMessages] };
      const system: MastraMessageLike & { createdAt: Date } = {
        id: "silp-write-prompt",
        role: "system",
        createdAt: new Date(0),
        content: { format: 2, parts: [{ type: "text", text: prompt }], content: prompt },
      };
      return [system, ...messages];
    },
    async processOutputStream({ part, state, writer }) {
      // Each text block is a model step's answer so far: it gets a decoder of its own.
      if (part.type === "text-start") state[DECODER] = createDecoder(resolved.frontend, resolved.decodeOptions);
      const text = deltaText(part);
      if (text === undefined) return part;
      let decoder = state[DECODER] as StreamDecoder | undefined;
      if (decoder === undefined) {
        decoder = createDecoder(resolved.frontend, resolved.decodeOptions);
        state[DECODER] = decoder;
      }
      let parts: StreamPart[];
      try {
        parts = decoder.push(text);
      } catch (error) {
        // Past the input limit: no more partials; the result step reports the limit.
        if (error instanceof SilpError) return part;
        throw error;
      }
      if (parts.length === 0) return part;
      const event: SilpPartialEvent = { parts, partial: decoder.snapshot() };
      options.onPartial?.(event);
      await writer?.custom({ type: SILP_PARTIAL_CHUNK, data: event });
      return part;
    },
    processOutputResult({ messages }) {
      const answer = messages.findLast((message) => message.role === "assistant");
      const text = answer && answerText(answer);
      if (!answer || text === undefined) return messages;
      // An answer that is not SILP is not stopped with a tripwire: Mastra 1.x logs every
      // processor's abort at error level with its stack. The answer's metadata carries the
      // SilpError instead, and silpResultOf throws it.
      try {
        answer.content.metadata = carryResult(answer.content.metadata, decode(text, resolved.frontend, resolved.decodeOptions));
      } catch (error) {
        if (!(error instanceof SilpError)) throw error;
        answer.content.metadata = carryError(answer.content.metadata, error);
      }
      return messages;
    },
  };
}

/** What `silpResultOf` reads of an agent's generate() result, or of a stream's awaited fields. */
export interface AgentResultLike {
  response?: { uiMessages?: ReadonlyArray<{ role: string; metadata?: unknown }> };
  tripwire?: unknown;
  /** Mastra 0.x: the tripwire's reason. */
  tripwireReason?: unknown;
}

/**
 * The decoded answer of an agent call with silpProcessor, from the answer message's metadata.
 * Throws the codec's SilpError when the answer was not SILP, or silpReaderProcessor stopped the call; returns
 * undefined when the call has no decoded answer (no processor, or an answer that only called tools).
 */
export function silpResultOf(result: AgentResultLike): DecodeResult | undefined {
  const error = silpErrorOfTripwire(result.tripwire, result.tripwireReason);
  if (error) throw error;
  // Mastra 0.x reports a stopped call as `tripwire: true` and keeps the reason apart: without it,
  // answering undefined would hide the SilpError, so the caller is told what to pass.
  if (result.tripwire === true && result.tripwireReason === undefined) {
    throw new TypeError(
      "the call was stopped by a tripwire, and its reason was not given: pass tripwireReason too (Mastra 0.x), or use silpStreamResultOf(stream)",
    );
  }
  const answer = result.response?.uiMessages?.findLast((message) => message.role === "assistant");
  return carriedResult(answer?.metadata as Record<string, unknown> | undefined);
}

/** The fields of an agent's stream (`agent.stream(...)`) that silpStreamResultOf awaits. */
export interface AgentStreamLike {
  response: PromiseLike<AgentResultLike["response"]> | AgentResultLike["response"];
  tripwire?: unknown;
  tripwireReason?: unknown;
}

/**
 * silpResultOf for a stream: awaits its response and its tripwire with the tripwire's reason
 * (Mastra 0.x keeps them apart), so a stopped stream throws the SilpError as generate() does.
 * Read the stream to its end first (its textStream), as Mastra asks.
 */
export async function silpStreamResultOf(stream: AgentStreamLike): Promise<DecodeResult | undefined> {
  const [response, tripwire, tripwireReason] = await Promise.all([stream.response, stream.tripwire, stream.tripwireReason]);
  return silpResultOf({ response, tripwire, tripwireReason });
}
