/**
 * `silp/a2a`: SILP inside A2A v1.0 (spec 7.3) on the official `@a2a-js/sdk`.
 *
 * - The extension: SILP_EXTENSION_URI, silpAgentExtension (AgentCard entry), readSilpExtension,
 *   agreementFromCard (static negotiation).
 * - Message parts: envelopePart, probePart, errorPart, silpMessage, readSilpMessage.
 * - The receiving side: SilpAgentExecutor (validate, dispatch by verb, reply with a SILP result,
 *   sessions by contextId), startSilpAgent / silpAgentCard (a loopback express server).
 * - The sending side: SilpPeer (card + //ping negotiation, degradation chain, sessions).
 */
export {
  SILP_EXTENSION_URI,
  silpAgentExtension,
  readSilpExtension,
  agreementFromCard,
  type SilpExtensionParams,
} from "./extension.js";
export {
  envelopePart,
  probePart,
  errorPart,
  textPart,
  silpMessage,
  silpMetadata,
  readSilpMessage,
  type PartForm,
  type SilpContent,
  type MessageOptions,
} from "./parts.js";
export {
  handlerTable,
  planActions,
  runActions,
  resultIr,
  type ActionCall,
  type ActionHandler,
  type ActionOutcome,
  type DispatchRecord,
} from "./dispatch.js";
export { ContextSessions, DEFAULT_CONTEXT_SCOPE, type ContextSessionsOptions, type ContextTurn } from "./sessions.js";
export {
  SilpAgentExecutor,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type SilpExecutorOptions,
  type DispatchContext,
  type ExecutorEvent,
  type SessionSummary,
} from "./executor.js";
export {
  startSilpAgent,
  silpAgentCard,
  JSON_RPC_PATH,
  type StartSilpAgentOptions,
  type RunningSilpAgent,
  type SilpAgentCardOptions,
} from "./agent.js";
export {
  SilpPeer,
  type SilpPeerOptions,
  type PeerDelivery,
  type PeerReply,
  type PingExchange,
  type AgreementSource,
} from "./peer.js";
export { BoundedTaskStore, type BoundedTaskStoreOptions } from "./task-store.js";
