/**
 * `SilpOutputParser`: a LangChain output parser for a model that writes SILP. Streamed
 * (`model.pipe(parser).stream(...)`), it yields the codec's stream events: `{ done: false, parts,
 * partial }` each time a chunk completes parts of the IR (`parts` are the new ones, `partial` a
 * snapshot of the IR so far), then `{ done: true, result, partial }` with the decoded payload.
 * Invoked, it returns that last event. A reply that is not SILP throws the codec's SilpError.
 *
 * It is a cumulative transform parser (`BaseCumulativeTransformOutputParser`), but reads each
 * chunk once with one streaming decoder per stream, instead of the base class's re-parse of the
 * whole text on every chunk: the codec's decoder is incremental, so the work stays linear.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { BaseCumulativeTransformOutputParser } from "@langchain/core/output_parsers";
import type { ChatGeneration, Generation } from "@langchain/core/outputs";
import { createDecoder, type StreamEvent, type StreamPart } from "silp";
import { resolveModelOptions, type ResolvedModelOptions, type SilpModelOptions, writePrompt } from "@silp/grammar";

export type { StreamEvent as SilpParseEvent } from "silp";

export class SilpOutputParser extends BaseCumulativeTransformOutputParser<StreamEvent> {
  static override lc_name(): string {
    return "SilpOutputParser";
  }
  lc_namespace = ["silp", "output_parsers"];
  readonly #options: ResolvedModelOptions;

  constructor(options: SilpModelOptions = {}) {
    super();
    this.#options = resolveModelOptions(options);
  }

  /** The whole reply: decodes it (and lists its parts as a stream would have). */
  async parse(text: string): Promise<StreamEvent> {
    const decoder = createDecoder(this.#options.frontend, this.#options.decodeOptions);
    decoder.push(text);
    const result = decoder.end();
    return { done: true, result, partial: decoder.snapshot() };
  }

  async parsePartialResult(generations: Generation[] | ChatGeneration[]): Promise<StreamEvent | undefined> {
    const decoder = createDecoder(this.#options.frontend, this.#options.decodeOptions);
    const parts = decoder.push(generations[0]?.text ?? "");
    return parts.length > 0 ? { done: false, parts, partial: decoder.snapshot() } : undefined;
  }

  override async *_transform(inputGenerator: AsyncGenerator<string | BaseMessage>): AsyncGenerator<StreamEvent> {
    const decoder = createDecoder(this.#options.frontend, this.#options.decodeOptions);
    for await (const chunk of inputGenerator) {
      const parts: StreamPart[] = decoder.push(typeof chunk === "string" ? chunk : chunk.text);
      if (parts.length > 0) yield { done: false, parts, partial: decoder.snapshot() };
    }
    const result = decoder.end();
    yield { done: true, result, partial: decoder.snapshot() };
  }

  /** Each event already carries what is new (`parts`), so the diff of two events is the later one. */
  protected _diff(_prev: StreamEvent | undefined, next: StreamEvent): StreamEvent {
    return next;
  }

  /** The SILP write prompt: put it in the system message of the model this parser reads. */
  override getFormatInstructions(): string {
    return writePrompt(this.#options);
  }
}
