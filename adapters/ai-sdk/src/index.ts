/**
 * @silp/ai-sdk: SILP for the Vercel AI SDK (docs/frameworks.md). `silpOutput()` is an Output for
 * `generateText` / `streamText` whose result is the decoded payload and whose partial output is
 * the partial IR as the model streams; `silpMiddleware()` makes any language model a SILP writer
 * (system prompt, optional grammar, decoded answer in provider metadata).
 */
export { silpOutput, type SilpOutput } from "./output.js";
export { SILP_METADATA_KEY } from "@silp/grammar";
export { silpMiddleware, silpResultOf, type GrammarEngine, type SilpGrammarOption, type SilpMiddlewareOptions } from "./middleware.js";
export type { SilpModelOptions, SilpWriteFrontend } from "@silp/grammar";
