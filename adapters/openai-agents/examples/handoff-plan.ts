/**
 * Two OpenAI Agents SDK agents that speak SILP: the triage agent hands the task to the planner as a
 * SILP payload (not the conversation), the planner answers with a SILP payload as its structured
 * output, and the run is streamed with its partial IRs.
 *
 *   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 MODEL=gpt-4o-mini node --import tsx adapters/openai-agents/examples/handoff-plan.ts
 *
 * Any OpenAI-compatible chat-completions endpoint works. An answer that is not SILP prints its code
 * and position and exits 1. adapters/openai-agents/test/node22/openai-agents-example.test.ts runs
 * it against the chat test double.
 */
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled } from "@openai/agents";
import { silpHandoff, silpOutputType, silpReadPrompt, silpRunStream, silpWritePrompt } from "@silp/openai-agents";
import OpenAI from "openai";
import { isSilpError, modelText } from "silp";

setTracingDisabled(true);
const client = new OpenAI({ baseURL: process.env.OPENAI_BASE_URL ?? "http://127.0.0.1:8080/v1", apiKey: process.env.OPENAI_API_KEY ?? "none" });
const model = new OpenAIChatCompletionsModel(client, process.env.MODEL ?? "gpt-4o-mini");

const planner = new Agent({
  name: "planner",
  instructions: `${silpReadPrompt()}\nAnswer with the plan, as a SILP payload.\n${silpWritePrompt()}`,
  model,
  outputType: silpOutputType(),
});
const triage = new Agent({
  name: "triage",
  instructions: `${silpWritePrompt()}\nHand every planning request to the planner.`,
  model,
  handoffs: [silpHandoff(planner, { onPayload: (decoded) => console.log(`handed to the planner: ${modelText(decoded)}`) })],
});

try {
  const result = await run(triage, "Plan tomorrow: a hike to Oslo if it stays dry, and tell Sam; else cards at home.", { stream: true });
  for await (const event of silpRunStream(result)) {
    if (!event.done) for (const part of event.parts) console.log(`part: ${part.kind} at ${part.offset}`);
    else console.log(`plan: ${modelText(event.result)}`);
  }
} catch (error) {
  // An answer or a handed-over payload that is not SILP: its SilpError, with the code and position.
  if (!isSilpError(error)) throw error;
  console.error(`the answer is not SILP: ${error.code} at line ${error.line}, column ${error.column}: ${error.message}`);
  process.exitCode = 1;
}
