/**
 * A Mastra agent that receives SILP from another agent: silpReaderProcessor decodes the incoming
 * payload, gives the model what a receiving model reads (the payload re-printed from the decoded
 * IR with its meta, and a note per repair) and the SILP read prompt. A message that is not SILP
 * never reaches the model: the call stops, and silpResultOf throws the SilpError.
 *
 *   MESSAGE='start(hike,to=Oslo)' OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=qwen2.5 node --import tsx adapters/mastra/examples/read-plan.ts
 *
 * Any OpenAI-compatible endpoint works (Mastra's model router, `{ id, url }`). Runs on Mastra 0.24
 * and 1.x. adapters/mastra/test/mastra-example.test.ts runs it against the chat test double.
 */
import { Agent } from "@mastra/core/agent";
import { silpReaderProcessor, silpResultOf } from "@silp/mastra";
import { isSilpError } from "silp";

const agent = new Agent({
  id: "executor",
  name: "executor",
  instructions: "You carry out the plans other agents send you.",
  model: {
    id: `local/${process.env.MODEL ?? "gpt-4o-mini"}`,
    url: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1",
    apiKey: process.env.OPENAI_API_KEY ?? "none",
  },
  inputProcessors: [silpReaderProcessor()],
});

// What the other agent sent: a SILP payload, or (to see the refusal) prose.
const message = process.env.MESSAGE ?? "if !rain(t+1): start(hike,to=Oslo); notify(sam) else: start(cards@indoor)";
const result = await agent.generate(message);
try {
  // Throws the SilpError when the message was not SILP; the model was not called then.
  silpResultOf(result);
  console.log(`the model answered: ${result.text}`);
} catch (error) {
  if (!isSilpError(error)) throw error;
  console.error(`the message is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
