/**
 * A model writes a SILP payload through the AI SDK in one call (`generateText`, not streamed): the
 * middleware gives it the SILP write prompt, the Output decodes the answer.
 *
 *   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=qwen2.5 node --import tsx adapters/ai-sdk/examples/generate-plan.ts
 *
 * Any OpenAI-compatible endpoint works. An answer that is not SILP prints its code and position and
 * exits 1. adapters/ai-sdk/test/ai-sdk-example.test.ts runs it against the chat test double.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { silpMiddleware, silpOutput } from "@silp/ai-sdk";
import { generateText, wrapLanguageModel } from "ai";
import { isSilpError, modelText } from "silp";

const provider = createOpenAICompatible({
  name: "local",
  baseURL: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1",
  apiKey: process.env.OPENAI_API_KEY ?? "none",
});
const model = wrapLanguageModel({ model: provider(process.env.MODEL ?? "gpt-4o-mini"), middleware: silpMiddleware() });
try {
  // Rejects with the SilpError when the answer was not SILP (prose, a broken payload).
  const { output } = await generateText({
    model,
    prompt: "If it does not rain tomorrow, we hike to Oslo and tell Sam; otherwise we play cards indoors.",
    output: silpOutput(),
  });
  console.log(`intent: ${output.ir.intent}, ${output.ir.entities.length} entities\nthe next agent's model reads:\n${modelText(output)}`);
} catch (error) {
  if (!isSilpError(error)) throw error;
  console.error(`the answer is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
