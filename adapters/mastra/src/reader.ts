/**
 * `silpReaderProcessor()`: a Mastra input processor for an agent that receives SILP payloads (from
 * another agent). It decodes the newest user message as a payload and gives the model what a
 * receiving model should read (docs/integrations.md, "What a model reads"): the payload re-printed
 * from the decoded IR with the meta that differs from the defaults (the order, the route, the
 * answer's form), so it reads as the whole IR but the req_id, and one note line per kind of
 * repair, warning or sanitizer finding (`modelText`); never the sender's raw text. The decoded result is kept in
 * that message's metadata under `silp` for the program; the SILP read prompt is added as a system
 * message (Mastra 1.x: first, in `systemMessages`; 0.x: before the conversation).
 *
 * A message that is not SILP stops the call before the model runs, with a tripwire as
 * silpProcessor's answers do (tripwire.ts); `silpResultOf(result)` throws the SilpError.
 */
import { decode, type DecodeResult, modelText, SilpError } from "silp";
import { type MastraMessageLike, messageText } from "./messages.js";
import { carryResult, readPrompt, resolveModelOptions, type SilpModelOptions } from "@silp/grammar";
import { type Abort, stopWith } from "./tripwire.js";

export const SILP_READER_ID = "silp-reader";

export interface SilpReaderOptions extends SilpModelOptions {
  /** Leave the read prompt to the agent's instructions (default false: the processor adds it). */
  omitPrompt?: boolean;
}

export interface SilpReaderArgs {
  messages: MastraMessageLike[];
  abort: Abort;
  /** Mastra 1.x only. */
  systemMessages?: unknown[];
}

export interface SilpReaderProcessor {
  readonly id: typeof SILP_READER_ID;
  readonly name: typeof SILP_READER_ID;
  // biome-ignore lint/suspicious/noExplicitAny: the messages (0.x) or { messages, systemMessages } (1.x), typed by whichever Mastra is installed.
  processInput(args: SilpReaderArgs): any;
}

export function silpReaderProcessor(options: SilpReaderOptions = {}): SilpReaderProcessor {
  const resolved = resolveModelOptions(options);
  const prompt = readPrompt(resolved);
  return {
    id: SILP_READER_ID,
    name: SILP_READER_ID,
    processInput({ messages, abort, systemMessages }) {
      const index = messages.findLastIndex((message) => message.role === "user");
      const incoming = messages[index];
      if (incoming === undefined) return systemMessages ? { messages, systemMessages } : messages;
      let decoded: DecodeResult;
      try {
        decoded = decode(messageText(incoming), resolved.frontend, resolved.decodeOptions);
      } catch (error) {
        if (error instanceof SilpError) stopWith(abort, error);
        throw error;
      }
      const text = modelText(decoded);
      const read: MastraMessageLike = {
        ...incoming,
        content: {
          ...incoming.content,
          parts: [{ type: "text", text }],
          content: text,
          metadata: carryResult(incoming.content.metadata, decoded),
        },
      };
      const next = messages.map((message, at) => (at === index ? read : message));
      if (options.omitPrompt) return systemMessages ? { messages: next, systemMessages } : next;
      if (systemMessages) return { messages: next, systemMessages: [{ role: "system", content: prompt }, ...systemMessages] };
      const system: MastraMessageLike & { createdAt: Date } = {
        id: "silp-read-prompt",
        role: "system",
        createdAt: new Date(0),
        content: { format: 2, parts: [{ type: "text", text: prompt }], content: prompt },
      };
      return [system, ...next];
    },
  };
}
