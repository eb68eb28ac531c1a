/**
 * TEST DOUBLE: an AI SDK language model (the SDK's own MockLanguageModelV3 from `ai/test`) that
 * streams `text` one character per text delta, with no delay, and finishes. No model runs: it
 * replays the text, so the cost of following a stream (silpOutput against Output.text) can be
 * measured and tested without a server. Lab lane only (`ai` is a lab dependency).
 */
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";

export function characterStreamModel(text: string): MockLanguageModelV3 {
  const chunks = [
    { type: "stream-start" as const, warnings: [] },
    { type: "text-start" as const, id: "t" },
    ...Array.from(text, (delta) => ({ type: "text-delta" as const, id: "t", delta })),
    { type: "text-end" as const, id: "t" },
    {
      type: "finish" as const,
      finishReason: { unified: "stop" as const, raw: "stop" },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
    },
  ];
  return new MockLanguageModelV3({ doStream: async () => ({ stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) }) });
}
