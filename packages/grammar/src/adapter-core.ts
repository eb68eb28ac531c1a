/**
 * The core the four framework adapters share (@silp/ai-sdk, @silp/langchain, @silp/openai-agents,
 * @silp/mastra): what the model writes and how its reply is read, resolved once per adapter
 * object (the frontend, the verbs in force, which the prompt, the grammar and the decoder's
 * whitelist all follow, and the codec options for decoding), and the decode result an adapter
 * carries in a framework's metadata. Each adapter binds only what its framework needs on top.
 * A bad option is the codec's `invalid_options` SilpError, as everywhere else in SILP.
 */
import { type DecodeResult, invalidOption, SilpError, type SilpErrorJSON, type SilpOptions } from "silp";
import { codeGrammar } from "./code-grammar.js";
import { toGbnf } from "./gbnf.js";
import { toLark } from "./lark.js";
import { buildPrompt } from "./prompt.js";

export type SilpWriteFrontend = "code" | "json";

export interface SilpModelOptions {
  /** The frontend the model writes (default "code"). */
  frontend?: SilpWriteFrontend;
  /**
   * The verbs in force, as action codes (`!REFUND` or `REFUND`). Default: the spec's whitelist.
   * The system prompt lists exactly these, the grammar admits exactly these, and decoding accepts
   * them beside the spec's approved verbs.
   */
  verbs?: readonly string[];
  /**
   * Codec options for decoding the reply. Default: lenient (model habits are repaired and each
   * repair reported), the strict whitelist plus `verbs`.
   */
  decodeOptions?: SilpOptions;
}

export interface ResolvedModelOptions {
  readonly frontend: SilpWriteFrontend;
  readonly verbs: readonly string[] | undefined;
  readonly decodeOptions: SilpOptions | undefined;
}

/** Resolves an adapter's options; an unknown frontend is `invalid_options` naming `frontend`. */
export function resolveModelOptions(options: SilpModelOptions = {}): ResolvedModelOptions {
  const frontend = options.frontend ?? "code";
  if (frontend !== "code" && frontend !== "json") throw invalidOption("frontend", `frontend must be "code" or "json", not ${JSON.stringify(frontend)}`);
  const verbs = options.verbs ? [...options.verbs] : undefined;
  // The caller's whitelist wins; otherwise the verbs in force are added to the approved ones.
  const decodeOptions =
    verbs && options.decodeOptions?.whitelist === undefined
      ? { ...options.decodeOptions, whitelist: { mode: "strict" as const, extra: verbs } }
      : options.decodeOptions;
  return { frontend, verbs, decodeOptions };
}

/** The system prompt that makes the model write SILP (docs/models.md). */
export function writePrompt(options: ResolvedModelOptions): string {
  return buildPrompt({ role: "write", frontend: options.frontend, ...(options.verbs ? { verbs: options.verbs } : {}) }).text;
}

/** The system prompt that makes the model read SILP payloads as tasks (docs/models.md). */
export function readPrompt(options: ResolvedModelOptions): string {
  return buildPrompt({ role: "read", frontend: options.frontend, ...(options.verbs ? { verbs: options.verbs } : {}) }).text;
}

/**
 * The code frontend's canonical grammar for the verbs in force, in an engine's syntax. The json
 * frontend has none (it is constrained with a JSON schema): asking is `invalid_options` naming `grammar`.
 */
export function grammarText(options: ResolvedModelOptions, syntax: "gbnf" | "lark"): string {
  if (options.frontend !== "code")
    throw invalidOption("grammar", "a grammar exists for the code frontend only; the json frontend is constrained with a JSON schema");
  const grammar = codeGrammar(options.verbs ? { verbs: options.verbs } : {});
  return syntax === "gbnf" ? toGbnf(grammar) : toLark(grammar);
}

/** The key under which an adapter carries the decode result in a framework's metadata. */
export const SILP_METADATA_KEY = "silp";

/**
 * The decode result carried under SILP_METADATA_KEY of `metadata`, if it holds one. When the
 * adapter carried the answer's SilpError there instead (carryError), that error is thrown.
 */
export function carriedResult(metadata: Record<string, unknown> | undefined): DecodeResult | undefined {
  const value = metadata?.[SILP_METADATA_KEY];
  if (typeof value !== "object" || value === null) return undefined;
  const carried = value as { error?: Partial<SilpErrorJSON> };
  if (typeof carried.error === "object" && carried.error !== null && typeof carried.error.code === "string" && typeof carried.error.message === "string") {
    throw SilpError.fromJSON(carried.error as SilpErrorJSON);
  }
  const candidate = value as Partial<Record<keyof DecodeResult, unknown>>;
  return typeof candidate.ir === "object" && candidate.ir !== null && typeof candidate.frontend === "string" && Array.isArray(candidate.repairs)
    ? (value as DecodeResult)
    : undefined;
}

/** `metadata` with the answer's SilpError under SILP_METADATA_KEY, as JSON data, for carriedResult to throw. */
export function carryError(metadata: Record<string, unknown> | undefined, error: SilpError): Record<string, unknown> {
  return { ...metadata, [SILP_METADATA_KEY]: { error: error.toJSON() } };
}

/**
 * `metadata` with the decode result under SILP_METADATA_KEY, as JSON data: a framework's metadata
 * must be JSON, and a DecodeResult is JSON data but for absent optional fields (undefined), which
 * the round trip drops as the framework's own serialization would.
 */
export function carryResult(metadata: Record<string, unknown> | undefined, decoded: DecodeResult): Record<string, unknown> {
  return { ...metadata, [SILP_METADATA_KEY]: JSON.parse(JSON.stringify(decoded)) };
}
