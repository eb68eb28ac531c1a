/**
 * Decoding a whole text: sanitize, find the payload (lenient: inside one surrounding fence, or
 * after an opening fence that never closes, where a stream starts reading too), read
 * it with the frontend's reader, complete it (attempt.ts); when that fails to parse in lenient
 * mode, look for the payload inside the reply (extraction.ts) before giving up with the first
 * error. A stream that could not read its text as a bare or fenced payload ends here too
 * (stream-reading.ts), so a whole text and a stream are decided by the same steps.
 */
import { ChunkText } from "../chunk-text.js";
import { SilpError, isSilpError } from "../errors.js";
import { DecodeContext, type StreamPart } from "../frontends/decode-context.js";
import { surroundingFence } from "../frontends/fence.js";
import type { Frontend } from "../frontends/registry.js";
import type { ResolvedOptions } from "../options.js";
import { prepareForDecode } from "../security/decode-guard.js";
import { type Attempt, type DecodeResult, readRange, result } from "./attempt.js";
import { extractPayload } from "./extraction.js";

/** Decodes `text` (the caller's, checked for type and length) with `target`, a frontend that decodes. */
export function readText(text: string, target: Frontend, frontend: string, options: ResolvedOptions): DecodeResult {
  const prepared = prepareForDecode(text, options);
  try {
    return result(readPayload(new DecodeContext(prepared.text, options, prepared.hooks), target, frontend), frontend, prepared);
  } catch (error) {
    if (error instanceof SilpError && error.offset !== undefined && prepared.changed) {
      error.relocate(text, prepared.originalOffset(error.offset));
    }
    if (isSilpError(error, "invalid_syntax") && PROSE_FREE.has(frontend) && readsAsProse(prepared.text))
      error.message = `the reply reads as prose, not a SILP payload: ${error.message}`;
    throw error;
  }
}

/** The frontends every payload of which holds a `(` (code) or a `{` (json); a dialect's need not. */
const PROSE_FREE: ReadonlySet<string> = new Set(["code", "json"]);

/**
 * A reply with words and neither a call's `(` nor an object's `{`: no code or json payload can
 * start in it, so its syntax error says what the reply is before where the grammar stopped
 * ("Sorry, I can't help with that." fails at the comma, which alone reads like a typo).
 */
function readsAsProse(text: string): boolean {
  if (/[({]/.test(text)) return false;
  // Words one at a time: a single expression for "word, gap, word" backtracks quadratically on a
  // long run of letters, and one of two letters or more either takes its run whole or fails at once.
  const word = /\p{L}{2,}/gu;
  return word.test(text) && word.test(text);
}

/**
 * Reads the payload of the sanitized text; in lenient mode, when it does not parse, extraction.
 * When the payload's own reading completed parts before its syntax error
 * (`delete(everything) -- no wait` then `- cancel(flight)`), only a candidate that starts where
 * it starts and holds every one of those parts may be the payload, or the error stands.
 */
function readPayload(context: DecodeContext, target: Frontend, frontend: string): Attempt {
  const fence = surroundingFence(context.source);
  if (fence) context.repair("code_fence", fence.fenceAt, fence.note, ["the bare payload"]);
  const { start, end } = fence ?? { start: 0, end: context.source.length };
  try {
    return readRange(context, target, start, end);
  } catch (error) {
    if (context.strict || !isSilpError(error, "invalid_syntax")) throw error;
    const streamed = partsBeforeFailure(context, target, start, end);
    const extracted = extractPayload(context, target, frontend, streamed.length === 0 ? undefined : { start, parts: streamed });
    if (!extracted) throw error;
    return extracted;
  }
}

/** The parts the frontend's stream completes reading the payload from `start` before it fails (none for a frontend that does not stream). */
function partsBeforeFailure(context: DecodeContext, target: Frontend, start: number, end: number): StreamPart[] {
  if (!target.openStream) return [];
  const parts: StreamPart[] = [];
  const streamContext = new DecodeContext(context.source, context.options, context.hooks);
  const received = new ChunkText();
  received.append(context.source.slice(0, end));
  streamContext.received = received;
  try {
    target.openStream(streamContext, start, (part) => parts.push(part)).append(context.source.slice(start, end));
  } catch (error) {
    if (!(error instanceof SilpError)) throw error;
  }
  return parts;
}
