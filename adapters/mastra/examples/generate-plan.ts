/**
 * The README's quick start, run: a Mastra agent answers in SILP in one call (`generate`, not
 * streamed); silpProcessor gives the model the SILP write prompt and decodes the answer, and
 * silpResultOf reads it from the result.
 *
 *   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=qwen2.5 node --import tsx adapters/mastra/examples/generate-plan.ts
 *
 * Any OpenAI-compatible endpoint works (Mastra's model router, `{ id, url }`). Runs on Mastra 0.24
 * and 1.x. adapters/mastra/test/mastra-example.test.ts runs it against the chat test double.
 */
import { Agent } from "@mastra/core/agent";
import { silpProcessor, silpResultOf } from "@silp/mastra";
import { isSilpError, modelText } from "silp";

const silp = silpProcessor();
const planner = new Agent({
  id: "planner",
  name: "planner",
  instructions: "You plan weekends.",
  model: {
    id: `local/${process.env.MODEL ?? "gpt-4o-mini"}`,
    url: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1",
    apiKey: process.env.OPENAI_API_KEY ?? "none",
  },
  inputProcessors: [silp],
  outputProcessors: [silp],
});

const result = await planner.generate("If it does not rain tomorrow, we hike to Oslo and tell Sam; otherwise we play cards indoors.");
try {
  // Throws the SilpError when the answer was not SILP (prose, a broken payload).
  const decoded = silpResultOf(result);
  if (decoded) console.log(`intent: ${decoded.ir.intent}, ${decoded.ir.entities.length} entities\nthe next agent's model reads:\n${modelText(decoded)}`);
} catch (error) {
  if (!isSilpError(error)) throw error;
  console.error(`the answer is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
