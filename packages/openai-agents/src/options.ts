/**
 * What the model writes and how its reply is read: the frontend, the verbs in force (the prompt
 * and the decoder's whitelist follow them) and the codec options for decoding.
 */
import { buildPrompt } from "@silp/grammar";
import type { SilpOptions } from "silp";

export type SilpWriteFrontend = "code" | "json";

export interface SilpModelOptions {
  /** The frontend the model writes (default "code"). */
  frontend?: SilpWriteFrontend;
  /**
   * The verbs in force, as action codes (`!REFUND` or `REFUND`). Default: the spec's whitelist.
   * The system prompt lists exactly these; decoding accepts them beside the spec's approved verbs.
   */
  verbs?: readonly string[];
  /** Codec options for decoding the reply. Default: lenient, the strict whitelist plus `verbs`. */
  decodeOptions?: SilpOptions;
}

export interface ResolvedModelOptions {
  readonly frontend: SilpWriteFrontend;
  readonly verbs: readonly string[] | undefined;
  readonly decodeOptions: SilpOptions | undefined;
}

export function resolveModelOptions(options: SilpModelOptions = {}): ResolvedModelOptions {
  const frontend = options.frontend ?? "code";
  if (frontend !== "code" && frontend !== "json") throw new TypeError(`frontend must be "code" or "json", not ${JSON.stringify(frontend)}`);
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
