/**
 * A model writes a SILP payload through the AI SDK; the parts arrive as it streams, the decoded
 * payload at the end, and what a next agent's model would read is the compact payload.
 *
 *   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=qwen2.5 node --import tsx adapters/ai-sdk/examples/stream-plan.ts
 *
 * Any OpenAI-compatible endpoint works (OpenAI, vLLM, llama.cpp's llama-server, Ollama).
 * An answer that is not SILP prints its code and position and exits 1. adapters/ai-sdk/test/
 * ai-sdk-example.test.ts runs it against the chat test double, with a SILP answer and without.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { silpMiddleware, silpOutput } from "@silp/ai-sdk";
import { streamText, wrapLanguageModel } from "ai";
import { isSilpError, modelText } from "silp";

const provider = createOpenAICompatible({
  name: "local",
  baseURL: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1",
  apiKey: process.env.OPENAI_API_KEY ?? "none",
});
// The middleware puts the SILP write prompt first in every request; the Output decodes the answer.
const model = wrapLanguageModel({ model: provider(process.env.MODEL ?? "gpt-4o-mini"), middleware: silpMiddleware() });
const result = streamText({
  model,
  prompt: "If it does not rain tomorrow, we hike to Oslo and tell Sam; otherwise we play cards indoors.",
  output: silpOutput(),
});
try {
  for await (const part of result.elementStream) console.log(`part: ${part.kind} at ${part.offset}`);
  const decoded = await result.output;
  console.log(`intent: ${decoded.ir.intent}, ${decoded.ir.entities.length} entities`);
  console.log(`the next agent's model reads:\n${modelText(decoded)}`);
} catch (error) {
  // The answer was not SILP (prose, a broken payload): its SilpError, with the code and position.
  if (!isSilpError(error)) throw error;
  console.error(`the answer is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
