/**
 * @silp/openai-agents: SILP for the OpenAI Agents SDK (docs/frameworks.md). `silpOutputType()`
 * makes an agent's final output the decoded payload; `silpHandoff()` hands a task to the next
 * agent as a SILP payload instead of the conversation; `silpRunStream()` gives the partial IRs
 * of a streamed run; `silpErrorHandlers()` turns the SDK's error for a reply that is not SILP
 * into the codec's SilpError.
 */
export { silpOutputType, type SilpOutputType } from "./output-type.js";
export { silpHandoff, silpHandoffInputFilter, type SilpHandoffOptions } from "./handoff.js";
export { silpRunStream } from "./run-stream.js";
export { silpErrorHandlers } from "./error-handlers.js";
export { PAYLOAD_FIELD } from "./payload-reader.js";
export { readPrompt as silpReadPrompt, writePrompt as silpWritePrompt } from "./prompts.js";
export type { SilpModelOptions, SilpWriteFrontend } from "./options.js";
