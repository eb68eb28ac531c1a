/**
 * What the model writes and how its reply is read, resolved once per Output or middleware: the
 * frontend, the verbs in force (the prompt, the grammar and the decoder's whitelist all follow
 * them) and the codec options for decoding.
 */
import { buildPrompt, codeGrammar, toGbnf, toLark } from "@silp/grammar";
import type { SilpOptions } from "silp";

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

/** The code frontend's canonical grammar for the verbs in force, in an engine's syntax. */
export function grammarText(options: ResolvedModelOptions, syntax: "gbnf" | "lark"): string {
  if (options.frontend !== "code") throw new TypeError("a grammar exists for the code frontend only; the json frontend is constrained with a JSON schema");
  const grammar = codeGrammar(options.verbs ? { verbs: options.verbs } : {});
  return syntax === "gbnf" ? toGbnf(grammar) : toLark(grammar);
}
