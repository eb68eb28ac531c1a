/**
 * `silpMiddleware()`: a language-model middleware (`wrapLanguageModel({ model, middleware })`)
 * that makes a model a SILP writer. Before each call it puts the SILP system prompt first (and,
 * for a provider that takes one, the grammar into the request); after the call it decodes the
 * answer and hands the decoded result on as provider metadata under `silp`
 * (`silpResultOf(result.providerMetadata)`). The text itself is passed on as the model wrote it.
 *
 * An answer that is not SILP fails the call with the codec's SilpError: `generateText` rejects
 * with it; a stream carries it in the finish metadata instead of a decoded result, and
 * `silpResultOf` throws it. Not as an `error` part: the SDK's default `onError` prints every error
 * part's stack to the console, even one the caller handles. An answer that only calls tools is
 * not decoded (the tool loop goes on).
 */
import type { LanguageModelMiddleware } from "ai";
import { decode, type DecodeResult, invalidOption, SilpError } from "silp";
import { carriedResult, carryError, carryResult, grammarText, resolveModelOptions, type SilpModelOptions, writePrompt } from "@silp/grammar";

type WrapStream = NonNullable<LanguageModelMiddleware["wrapStream"]>;
type StreamResult = Awaited<ReturnType<WrapStream>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer Part> ? Part : never;
type CallOptions = Parameters<WrapStream>[0]["params"];
type ProviderMetadata = NonNullable<Extract<StreamPart, { type: "finish" }>["providerMetadata"]>;

/** Where the grammar goes in the request body of an OpenAI-compatible server. */
export type GrammarEngine =
  /** llama.cpp's `llama-server`: `grammar` (GBNF) beside the messages. */
  | "llama.cpp"
  /** vLLM: `structured_outputs: { grammar }` (GBNF). */
  | "vllm"
  /** vLLM before `structured_outputs`: `guided_grammar` (GBNF). */
  | "vllm-guided";

export interface SilpGrammarOption {
  /**
   * The provider's key in `providerOptions`: the name given to `createOpenAICompatible({ name })`.
   * That provider copies the fields under its key into the request body.
   */
  providerOptionsKey: string;
  engine: GrammarEngine;
}

export interface SilpMiddlewareOptions extends SilpModelOptions {
  /** Send the code frontend's grammar with each request (for servers that constrain decoding with it). */
  grammar?: SilpGrammarOption;
}

export function silpMiddleware(options: SilpMiddlewareOptions = {}): LanguageModelMiddleware {
  const resolved = resolveModelOptions(options);
  const system = writePrompt(resolved);
  const grammarFields = options.grammar ? grammarBody(options.grammar.engine, grammarText(resolved, "gbnf")) : undefined;
  const decodeAnswer = (text: string): DecodeResult => decode(text, resolved.frontend, resolved.decodeOptions);

  return {
    // v3, the version `ai` 6 requires; `ai` 7 takes v3 and v4 middleware alike, and the parts this
    // one reads and writes (prompt, text and tool-call content, finish metadata) are the same in both.
    specificationVersion: "v3",
    async transformParams({ params }): Promise<CallOptions> {
      const prompt: CallOptions["prompt"] = [{ role: "system", content: system }, ...params.prompt];
      if (!options.grammar || !grammarFields) return { ...params, prompt };
      const key = options.grammar.providerOptionsKey;
      const providerOptions = { ...params.providerOptions, [key]: { ...params.providerOptions?.[key], ...grammarFields } };
      return { ...params, prompt, providerOptions };
    },
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      if (result.content.some((part) => part.type === "tool-call")) return result;
      const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
      return { ...result, providerMetadata: withResult(result.providerMetadata, decodeAnswer(text)) };
    },
    async wrapStream({ doStream }) {
      const { stream, ...rest } = await doStream();
      let text = "";
      let calledTools = false;
      const decoding = new TransformStream<StreamPart, StreamPart>({
        transform(part, controller) {
          if (part.type === "text-delta") text += part.delta;
          else if (part.type === "tool-call") calledTools = true;
          if (part.type !== "finish" || calledTools) {
            controller.enqueue(part);
            return;
          }
          let metadata: ProviderMetadata;
          try {
            metadata = withResult(part.providerMetadata, decodeAnswer(text));
          } catch (error) {
            if (!(error instanceof SilpError)) throw error;
            metadata = carryError(part.providerMetadata, error) as ProviderMetadata;
          }
          controller.enqueue({ ...part, providerMetadata: metadata });
        },
      });
      return { ...rest, stream: stream.pipeThrough(decoding) };
    },
  };
}

/**
 * The decoded result the middleware attached to a call's provider metadata, if any; throws the
 * SilpError when the answer was not SILP (a stream's, which the middleware carries there).
 */
export function silpResultOf(providerMetadata: Record<string, unknown> | undefined): DecodeResult | undefined {
  return carriedResult(providerMetadata);
}

function withResult(metadata: ProviderMetadata | undefined, decoded: DecodeResult): ProviderMetadata {
  return carryResult(metadata, decoded) as ProviderMetadata;
}

function grammarBody(engine: GrammarEngine, gbnf: string): Record<string, string | { grammar: string }> {
  switch (engine) {
    case "llama.cpp":
      return { grammar: gbnf };
    case "vllm":
      return { structured_outputs: { grammar: gbnf } };
    case "vllm-guided":
      return { guided_grammar: gbnf };
    default:
      throw invalidOption("grammar.engine", `grammar.engine must be "llama.cpp", "vllm" or "vllm-guided", not ${JSON.stringify(engine)}`);
  }
}
