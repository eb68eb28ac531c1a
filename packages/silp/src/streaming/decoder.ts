/**
 * Streaming decode (docs/grammar.md and docs/json.md, Streaming): a receiver reading a model's
 * token stream learns the intent, and each entity, constraint and alternative, as soon as the
 * text holding it is complete, and gets at the end exactly what `decode()` returns for the whole
 * text. Each chunk is scanned once and each completed unit decoded once (code-scanner.ts,
 * json-scanner.ts), so the total work is linear in the stream whatever the chunk sizes; the
 * whole text is decoded once, by `end()`.
 */
import { decode, type DecodeResult } from "../codec.js";
import { SilpFrontendError, SilpLimitError } from "../errors.js";
import { getFrontend } from "../frontends/registry.js";
import { resolveOptions, type SilpOptions } from "../options.js";
import { CodeScanner } from "./code-scanner.js";
import { JsonScanner } from "./json-scanner.js";
import type { PartialIR, StreamPart, UnitScanner } from "./parts.js";

export type { PartialIR, StreamPart };

export interface StreamDecoder {
  /** Reads the next chunk; returns the parts it completed (often none). */
  push(chunk: string): StreamPart[];
  /** The stream ended: decodes the whole text, exactly as `decode()` does (and throws as it does). */
  end(): DecodeResult;
  /** Everything completed so far, in stream order. A live view that only grows: copy it to keep a snapshot. */
  readonly partial: PartialIR;
  /** Characters received so far. */
  readonly length: number;
}

/** One step of `decodeStream`: new parts, or the final result. */
export type StreamEvent = { done: false; parts: StreamPart[]; partial: PartialIR } | { done: true; result: DecodeResult; partial: PartialIR };

/**
 * An incremental decoder for a decoding frontend. Parts are provisional: when `end()` throws,
 * the payload was invalid and the parts seen must be discarded. For a payload that decodes, every
 * part is one of the final IR's (tested on every corpus payload split at every position).
 */
export function createDecoder(frontend = "code", options?: SilpOptions): StreamDecoder {
  const resolved = resolveOptions(options);
  const target = getFrontend(frontend);
  if (!target.decode) {
    throw new SilpFrontendError(`frontend "${frontend}" is compile-only: it has no decoder (spec section 4)`, { details: { frontend, operation: "decode" } });
  }
  const partial: PartialIR = { entities: [], constraints: [], alternatives: [] };
  let added: StreamPart[] = [];
  const sink = (part: StreamPart): void => {
    added.push(part);
    if (part.kind === "intent") partial.intent = part.intent;
    else if (part.kind === "entity") partial.entities.push(part.entity);
    else if (part.kind === "constraint") partial.constraints.push(part.constraint);
    else partial.alternatives.push(part.alternative);
  };
  // Parts need a scanner for the frontend's surface; other decoding frontends get the final result only.
  const scanner: UnitScanner | undefined =
    frontend === "code" ? new CodeScanner(resolved, sink) : frontend === "json" ? new JsonScanner(resolved, sink) : undefined;
  const chunks: string[] = [];
  let length = 0;
  let ended = false;
  return {
    partial,
    get length() {
      return length;
    },
    push(chunk: string): StreamPart[] {
      if (ended) throw new TypeError("push() after end()");
      if (typeof chunk !== "string") throw new TypeError("push expects the next chunk as a string");
      if (length + chunk.length > resolved.limits.maxInputLength) {
        throw new SilpLimitError(`stream of more than ${resolved.limits.maxInputLength} characters exceeds the limit`, {
          details: { limit: "maxInputLength", value: resolved.limits.maxInputLength, actual: length + chunk.length },
        });
      }
      chunks.push(chunk);
      added = [];
      scanner?.scan(chunk, length);
      length += chunk.length;
      return added;
    },
    end(): DecodeResult {
      if (ended) throw new TypeError("end() called twice");
      ended = true;
      return decode(chunks.join(""), frontend, options);
    },
  };
}

/**
 * Decodes a stream of text chunks (a model's tokens): yields an event each time chunks complete
 * new parts, then one final event with the result of `decode()` on the whole text.
 */
export async function* decodeStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  frontend = "code",
  options?: SilpOptions,
): AsyncGenerator<StreamEvent, DecodeResult, undefined> {
  const decoder = createDecoder(frontend, options);
  for await (const chunk of chunks) {
    const parts = decoder.push(chunk);
    if (parts.length > 0) yield { done: false, parts, partial: decoder.partial };
  }
  const result = decoder.end();
  yield { done: true, result, partial: decoder.partial };
  return result;
}
