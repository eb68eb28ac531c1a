/**
 * A LangChain agent that answers in SILP: the middleware gives the model the SILP write prompt and
 * decodes its answer into the agent state; silpAgentStream shows the parts as the model writes.
 *
 *   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=qwen2.5 node --import tsx adapters/langchain/examples/agent-plan.ts
 *
 * Any OpenAI-compatible endpoint works. An answer that is not SILP prints its code and position
 * and exits 1. adapters/langchain/test/langchain-example.test.ts runs it
 * against the chat test double.
 */
import { ChatOpenAI } from "@langchain/openai";
import { silpAgentMiddleware, silpAgentStream } from "@silp/langchain/agents";
import { createAgent } from "langchain";
import { isSilpError, modelText } from "silp";

const model = new ChatOpenAI({
  model: process.env.MODEL ?? "gpt-4o-mini",
  apiKey: process.env.OPENAI_API_KEY ?? "none",
  configuration: { baseURL: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1" },
});
const agent = createAgent({ model, tools: [], systemPrompt: "You plan weekends.", middleware: [silpAgentMiddleware()] });
const input = { messages: [{ role: "user", content: "If it does not rain tomorrow, we hike to Oslo and tell Sam; otherwise we play cards indoors." }] };

try {
  for await (const event of silpAgentStream(await agent.stream(input, { streamMode: "messages" }))) {
    if (!event.done) for (const part of event.parts) console.log(`part: ${part.kind} at ${part.offset}`);
    else console.log(`intent: ${event.result.ir.intent}, ${event.result.ir.entities.length} entities`);
  }
  // Invoked, the decoded answer is in the state; what a next agent's model reads is the compact payload.
  const state = await agent.invoke(input);
  if (state.silp) console.log(`the next agent's model reads:\n${modelText(state.silp)}`);
} catch (error) {
  // The answer was not SILP (prose, a broken payload): its SilpError, with the code and position.
  if (!isSilpError(error)) throw error;
  console.error(`the answer is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
