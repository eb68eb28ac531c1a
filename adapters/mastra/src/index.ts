/**
 * @silp/mastra: SILP for Mastra (docs/frameworks.md). `silpProcessor()` makes an agent answer in
 * SILP (prompt in, partial IRs while it streams, the decoded answer out); `silpReaderProcessor()`
 * lets an agent receive SILP payloads, handing its model the compact text of what was understood.
 */
export {
  silpProcessor,
  silpResultOf,
  silpStreamResultOf,
  SILP_PARTIAL_CHUNK,
  SILP_PROCESSOR_ID,
  type AgentResultLike,
  type AgentStreamLike,
  type SilpInputArgs,
  type SilpResultArgs,
  type SilpStreamArgs,
  type SilpPartialEvent,
  type SilpProcessor,
  type SilpProcessorOptions,
} from "./processor.js";
export { silpReaderProcessor, SILP_READER_ID, type SilpReaderArgs, type SilpReaderOptions, type SilpReaderProcessor } from "./reader.js";
export type { ChunkLike, MastraMessageLike, MessagePart } from "./messages.js";
export { SILP_METADATA_KEY, type SilpModelOptions, type SilpWriteFrontend } from "@silp/grammar";
