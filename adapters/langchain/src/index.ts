/**
 * @silp/langchain: SILP for LangChain.js (docs/frameworks.md). `SilpOutputParser` decodes a
 * model's SILP answer and streams partial IRs; `@silp/langchain/agents` has the agent middleware.
 */
export { SilpOutputParser, type SilpParseEvent } from "./output-parser.js";
export type { SilpModelOptions, SilpWriteFrontend } from "@silp/grammar";
