/**
 * Streaming decode (docs/grammar.md and docs/json.md, Streaming): a receiver reading a model's
 * token stream learns the intent, and each entity, constraint and alternative, as soon as the
 * text holding it is complete, and gets at the end exactly what `decode()` returns for the whole
 * text. The frontend's own reader reads the stream (decoding/stream-reading.ts, and the frontend's `openStream`):
 * each unit is parsed and lowered once, as its text completes, and `end()` completes the result
 * from them, so the total work is linear in the stream whatever the chunk sizes. Only a reply the
 * stream could not read as a bare or fenced payload (prose around it, an error) is decoded whole
 * at the end.
 *
 * Memory stays about the size of the text: empty chunks are dropped, and small chunks are joined
 * in batches (a list of a million one-character strings costs dozens of bytes per character).
 * `decodeStream` takes an optional AbortSignal, so an iterable that stops yielding does not hold
 * its consumer forever.
 */
import { decode, type DecodeResult } from "../codec.js";
import { SilpError } from "../errors.js";
import { type Frontend, getFrontend } from "../frontends/registry.js";
import { resolveOptions, type SilpOptions } from "../options.js";
import { ChunkText } from "../chunk-text.js";
import { StreamReading } from "../decoding/stream-reading.js";
import type { PartialIR, StreamPart } from "./parts.js";

export type { PartialIR, StreamPart };

export interface StreamDecoder {
  /** Reads the next chunk; returns the parts it completed (often none: then a frozen empty list). */
  push(chunk: string): StreamPart[];
  /** The stream ended: decodes the whole text, exactly as `decode()` does (and throws as it does). */
  end(): DecodeResult;
  /** Everything completed so far, in stream order. A live view that only grows: `snapshot()` copies it. */
  readonly partial: PartialIR;
  /** A copy of `partial` as it is now, which later chunks leave alone (for events kept or sent on). */
  snapshot(): PartialIR;
  /** Characters received so far. */
  readonly length: number;
}

/** One step of `decodeStream`: new parts, or the final result. */
export type StreamEvent = { done: false; parts: StreamPart[]; partial: PartialIR } | { done: true; result: DecodeResult; partial: PartialIR };

/**
 * An incremental decoder for a decoding frontend. Parts are provisional: when `end()` throws,
 * the payload was invalid and the parts seen must be discarded. When `end()` succeeds, every part
 * is one of the final IR's, whatever the reply around the payload: lenient extraction never
 * chooses a payload without them (decoding/read-text.ts; docs/grammar.md, "What a stream
 * promises"; tested on every corpus payload and conformance decode case split at every position).
 */
export function createDecoder(frontend = "code", options?: SilpOptions): StreamDecoder {
  const target = getFrontend(frontend);
  if (!target.decode) {
    throw new SilpError("unsupported_frontend", `frontend "${frontend}" is compile-only: it has no decoder (spec section 4)`, {
      details: { frontend, operation: "decode" },
    });
  }
  return new Decoder(target, frontend, options);
}

/**
 * A class, not an object literal: a literal with a `get length()` accessor cost about 10 µs per
 * decoder in V8 (measured: more than one decode() of a study payload), a class instance about 0.3.
 * `push`, `end` and `snapshot` are arrow fields, bound to the decoder as the literal's closures
 * were, so `const { push } = createDecoder()` or `source.on("data", decoder.push)` still work.
 */
class Decoder implements StreamDecoder {
  readonly partial: PartialIR = { entities: [], constraints: [], alternatives: [] };
  /** The parts the current chunk completed. */
  private added: StreamPart[] = NO_PARTS;
  /** A frontend that streams reads the stream with its own parser; any other decoding frontend gives the final result only. */
  private readonly reader: StreamReading | undefined;
  /** The caller's text, for decode() at the end: a reader keeps it itself (once, with its sanitized text). */
  private readonly text: ChunkText | undefined;
  private received = 0;
  private ended = false;
  private readonly maxLength: number;

  constructor(
    target: Frontend,
    private readonly frontend: string,
    private readonly options: SilpOptions | undefined,
  ) {
    const resolved = resolveOptions(options);
    this.maxLength = resolved.limits.maxInputLength;
    this.reader = target.openStream ? new StreamReading(target, frontend, resolved, (part) => this.take(part)) : undefined;
    this.text = this.reader ? undefined : new ChunkText();
  }

  get length(): number {
    return this.received;
  }

  readonly snapshot = (): PartialIR => {
    const partial = this.partial;
    return {
      ...(partial.intent !== undefined ? { intent: partial.intent } : {}),
      entities: [...partial.entities],
      constraints: [...partial.constraints],
      alternatives: [...partial.alternatives],
    };
  };

  readonly push = (chunk: string): StreamPart[] => {
    // The errors are built out of line: push runs once per chunk, often once per character, and
    // a short body is one the engine can inline into the caller's loop.
    if (this.ended || typeof chunk !== "string" || this.received + chunk.length > this.maxLength)
      throw refused(this.ended, chunk, this.received, this.maxLength);
    if (chunk === "") return [];
    this.text?.append(chunk);
    this.added = NO_PARTS;
    this.reader?.push(chunk);
    this.received += chunk.length;
    return this.added;
  };

  readonly end = (): DecodeResult => {
    if (this.ended) throw new TypeError("end() called twice");
    this.ended = true;
    return this.reader ? this.reader.end() : decode((this.text as ChunkText).read(), this.frontend, this.options);
  };

  private take(part: StreamPart): void {
    if (this.added === NO_PARTS) this.added = [];
    this.added.push(part);
    const partial = this.partial;
    if (part.kind === "intent") partial.intent = part.intent;
    else if (part.kind === "entity") partial.entities.push(part.entity);
    else if (part.kind === "constraint") partial.constraints.push(part.constraint);
    else partial.alternatives.push(part.alternative);
  }
}

/** Why `push` refuses a chunk: after `end()`, not a string, or past the input limit. */
function refused(ended: boolean, chunk: unknown, length: number, maxLength: number): Error {
  if (ended) return new TypeError("push() after end()");
  if (typeof chunk !== "string") return new TypeError("push expects the next chunk as a string");
  return new SilpError("limit_exceeded", `stream of more than ${maxLength} characters exceeds the limit`, {
    details: { limit: "maxInputLength", value: maxLength, actual: length + chunk.length },
  });
}

/** What `push` returns when the chunk completed nothing (most chunks): one frozen empty list, not one per chunk. */
const NO_PARTS: StreamPart[] = Object.freeze([]) as unknown as StreamPart[];

/** How `decodeStream` may be stopped from outside. */
export interface StreamControl {
  /**
   * Aborting stops the decode at once, also while waiting for a chunk that never comes: the
   * generator throws a SilpError with code `timeout` and the source iterator is closed.
   */
  signal?: AbortSignal;
}

/**
 * Decodes a stream of text chunks (a model's tokens): yields an event each time chunks complete
 * new parts, then one final event with the result of `decode()` on the whole text.
 */
export async function* decodeStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  frontend = "code",
  options?: SilpOptions,
  control: StreamControl = {},
): AsyncGenerator<StreamEvent, DecodeResult, undefined> {
  const decoder = createDecoder(frontend, options);
  const { signal } = control;
  if (signal === undefined) {
    for await (const chunk of chunks) {
      const parts = decoder.push(chunk);
      if (parts.length > 0) yield { done: false, parts, partial: decoder.partial };
    }
  } else {
    const source: AsyncIterator<string> | Iterator<string> = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
    try {
      for (;;) {
        const step = await untilAborted(() => source.next(), signal);
        if (step.done) break;
        const parts = decoder.push(step.value);
        if (parts.length > 0) yield { done: false, parts, partial: decoder.partial };
      }
    } catch (error) {
      // Closing a source that is stuck may itself never settle: it is not awaited.
      void Promise.resolve(source.return?.()).catch(() => undefined);
      throw error;
    }
  }
  const result = decoder.end();
  yield { done: true, result, partial: decoder.partial };
  return result;
}

/**
 * What `read` gives, or a `timeout` SilpError as soon as `signal` aborts; an aborted signal stops
 * before `read` is called, so no chunk is read after the abort.
 */
function untilAborted<T>(read: () => T | Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = (): SilpError => new SilpError("timeout", "the stream was aborted before it ended", { cause: signal.reason });
  if (signal.aborted) return Promise.reject(aborted());
  const next = Promise.resolve(read());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    next.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
