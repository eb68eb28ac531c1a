/**
 * `silp/mcp`: SILP inside the Model Context Protocol (spec 7.2, draft -02 wrapper fields).
 *
 * - Helpers for any tool author, SDK-neutral: wrapSilpArguments / unwrapSilpArguments,
 *   silpArgumentsSchema, silpToolResult / silpErrorResult / withSilpErrors / readSilpToolResult.
 * - The SILP server on the official 2.x SDK: registerSilpTools, createSilpMcpServer,
 *   serveSilpMcpStdio, serveSilpMcpHttp (`silpc mcp`); registerSilpReferences adds its resources
 *   (the IR schema, the code grammar) and prompts (silp-write, silp-read) to a server of your own.
 */
export {
  wrapSilpArguments,
  unwrapSilpArguments,
  silpArgumentsSchema,
  WRAPPER_PROPERTIES,
  type JsonSchemaObject,
  type SilpWrapped,
  type Unwrapped,
} from "./arguments.js";
export {
  silpToolResult,
  silpErrorResult,
  withSilpErrors,
  readSilpToolResult,
  decodeNotes,
  MAX_LISTED,
  DEFAULT_TOOL_TIMEOUT_MS,
  type SilpGuardOptions,
  type SilpCallToolResult,
  type StructuredToolResult,
  type SilpResultOptions,
  type TextBlock,
} from "./result.js";
export { registerSilpReferences, silpReferences, silpResources, type SilpPrompt, type SilpReferences, type SilpResource } from "./references.js";
export { ERROR_SCHEMA, IR_SCHEMA, withErrorBranch, type Schema } from "./schemas.js";
export {
  silpTools,
  loadTokensModule,
  defaultCapabilities,
  allowedWhitelistModes,
  DEFAULT_COUNT_TOKENIZERS,
  type SilpToolDefinition,
  type ToolCall,
  type SilpToolsOptions,
  type TokensModule,
} from "./tools.js";
export {
  registerSilpTools,
  createSilpMcpServer,
  silpMcpServerFactory,
  serveSilpMcpStdio,
  serveSilpMcpHttp,
  SILP_MCP_EXTENSION_ID,
  type SilpMcpExtensionSettings,
  type SilpMcpServerOptions,
  type HttpServeOptions,
  type RunningMcpServer,
  type RunningHttpServer,
} from "./server.js";
export { checkDialectFlags, checkHostFlag, checkPortFlag, checkTimeoutFlag, type DialectFlags, type FlagCheck } from "./serve-flags.js";
