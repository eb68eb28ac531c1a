/**
 * @silp/openai-agents: SILP for the OpenAI Agents SDK (docs/frameworks.md). `silpOutputType()`
 * makes an agent's final output the decoded payload; `silpHandoff()` hands a task to the next
 * agent as a SILP payload instead of the conversation; `silpRunStream()` gives the partial IRs
 * of a streamed run; `silpRun()` is the SDK's run() whose rejection for a reply that is
 * not SILP is the codec's SilpError.
 */
export { silpOutputType, type SilpOutputType } from "./output-type.js";
export { silpHandoff, silpHandoffInputFilter, type SilpHandoffOptions } from "./handoff.js";
export { silpRunStream } from "./run-stream.js";
export { silpRun } from "./run.js";
export { PAYLOAD_FIELD } from "./payload-reader.js";
export { readPrompt as silpReadPrompt, writePrompt as silpWritePrompt } from "./prompts.js";
export type { SilpModelOptions, SilpWriteFrontend } from "@silp/grammar";
