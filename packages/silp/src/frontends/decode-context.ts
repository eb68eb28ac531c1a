/**
 * State shared by one decode call: the text being decoded, the resolved options, the sanitizer
 * hooks, and the repairs applied so far. Strictness is decided here, once: in strict mode a
 * repair is an error; in lenient mode it is recorded and reported on the decode result.
 */

import type { Alternative, Constraint, Entity, SilpIRInput } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";
import type { StructureHooks } from "../security/hooks.js";
import { SilpError } from "../errors.js";

export type RepairKind =
  /** One surrounding markdown code fence was removed. */
  | "code_fence"
  /** `else` without `:` (draft -00 example A.1). */
  | "else_without_colon"
  /** `then` used for `:` (draft -00 example 4). */
  | "then_for_colon"
  /** A space after a comma inside an argument list (spec example A.3). */
  | "space_after_comma"
  /** Other whitespace that differs from the canonical form. */
  | "whitespace"
  /** json: a number where a string is expected, kept with its exact digits. */
  | "number_as_string"
  /** json: a boolean where a string is expected. */
  | "boolean_as_string"
  /** json: a secondary action given as one string instead of a list. */
  | "secondary_not_array"
  /** json: an `action_` key written in upper or mixed case. */
  | "action_key_case"
  /** code: the primary verb called again after other calls; its arguments were merged. */
  | "merged_primary_call"
  /** Text before or after the payload (a model's prose) was left out (docs/grammar.md, Extraction). */
  | "prose_around_payload"
  /** code: the payload was a list item (`- `, `* `, `1. `); the marker was left out. */
  | "list_item"
  /** code: the payload was in inline code (`` `cancel(flight)` ``); the backticks were left out. */
  | "inline_code"
  /** code: a label before the payload on its line (`SILP: `, `**Payload:** `) was left out. */
  | "label_before_payload"
  /** code: a lead-in sentence before the payload on its line (`Sure, here it is: `) was left out. */
  | "lead_in_before_payload"
  /** Several places of the reply looked like a payload; the one that decodes was taken (its place in the message). */
  | "several_candidates"
  /** code: a call written `!VERB(...)`, the IR's spelling of the verb; the `!` was dropped. */
  | "bang_verb"
  /** code: a verb written in upper or mixed case (`START(hike)`), read as its lower-case function name. */
  | "verb_case"
  /** code: a `;` after the last call. */
  | "trailing_semicolon"
  /** code: a 'single-quoted' string, read as the same "double-quoted" string. */
  | "single_quoted_string"
  /** code: an argument written `key: value`, read as `key=value`. */
  | "colon_for_equals"
  /** json: a comma before a closing } or ] was dropped. */
  | "json_trailing_comma"
  /** json: a line or block comment was dropped. */
  | "json_comment"
  /** json: a 'single-quoted' string or key, read as the same "double-quoted" one. */
  | "json_single_quotes"
  /** json: an unquoted object key, read as a quoted one. */
  | "json_unquoted_key"
  /** json: a Python literal True / False / None, read as true / false / null. */
  | "json_python_literal"
  /** json: an intent without its `!` (`"START"`), read as `"!START"`. */
  | "intent_without_bang";

/**
 * The repairs of a value's type or spelling inside text the grammar accepts. Strict mode refuses
 * them as decode_failed, as it refuses a value that cannot be converted; it refuses every other
 * repair, of text the grammar does not accept as written, as invalid_syntax (docs/errors.md,
 * "Which code").
 */
const VALUE_REPAIRS: ReadonlySet<RepairKind> = new Set<RepairKind>([
  "number_as_string",
  "boolean_as_string",
  "secondary_not_array",
  "action_key_case",
  "intent_without_bang",
]);

export interface Repair {
  kind: RepairKind;
  /** Offset in the payload the caller passed in. */
  offset: number;
  message: string;
}

/**
 * Most repairs one decode result lists. Every repair is a few dozen bytes, and a hostile payload
 * can earn one per comma (1.4 MB made megabytes of repairs), so past this cap repairs are only
 * counted (`repairsDropped`). Not an option: src/options.ts belongs to the resolved limits, and
 * the list is a report, like the sanitizer's `maxHits` default.
 */
export const MAX_REPAIRS = 1000;

/** Text that arrives in chunks, read by offset (src/chunk-text.ts keeps it). */
export interface ReceivedText {
  /** The text from `from` to `to` (0 <= from <= to <= length). */
  slice(from: number, to: number): string;
}

/** The text a stream's context has received (`received`): a frontend's `openStream` reads its tokens from it. */
export function receivedText(context: DecodeContext): ReceivedText {
  if (context.received === undefined) throw new TypeError("a stream is opened on a context whose received text the reader keeps (DecodeContext.received)");
  return context.received;
}

export class DecodeContext {
  /** The first MAX_REPAIRS repairs, in the order they were applied. */
  readonly repairs: Repair[] = [];
  /** Repairs applied but not listed, because the list was full. */
  repairsDropped = 0;
  /**
   * A streaming decode: the text received so far (sanitized), which the reader keeps once. Each
   * chunk is in it before the stream's `append` gets the chunk, so a frontend's stream reads a
   * token that spanned chunks from here by its offsets instead of keeping a copy of it. Undefined
   * in `decode()`, which has `source`.
   */
  received: ReceivedText | undefined;

  constructor(
    /**
     * The text the decoder reads (already sanitized). A streaming decode starts with the text
     * received so far and sets the whole text here when the stream ends.
     */
    public source: string,
    readonly options: ResolvedOptions,
    readonly hooks: StructureHooks,
  ) {}

  get strict(): boolean {
    return this.options.strict;
  }

  /**
   * Records a repair, or rejects the payload in strict mode, which accepts only the canonical
   * form, saying what that would have been (`expected`).
   */
  repair(kind: RepairKind, offset: number, message: string, expected: readonly string[] = []): void {
    if (this.options.strict) {
      throw new SilpError(VALUE_REPAIRS.has(kind) ? "decode_failed" : "invalid_syntax", `${message} (rejected in strict mode)`, {
        source: this.source,
        offset,
        expected,
      });
    }
    if (this.repairs.length < MAX_REPAIRS) this.repairs.push({ kind, offset, message });
    else this.repairsDropped++;
  }
}

/**
 * What a frontend's decoder returns: the IR it read, and whether it built the entities,
 * constraints and alternatives in normal form. Everything else is decode's business, done once
 * for every frontend alike (ir/validate.ts, assertValid): the schema, the nesting limit, the
 * rules, and the normal form of silp, version and meta, which the sender wrote.
 */
export interface DecodedPayload {
  /** The IR read from the payload, not yet validated; its req_id may be "" for decode to derive. */
  ir: SilpIRInput;
  /**
   * True when the entities, constraints and alternatives are already in normal form (docs/ir.md):
   * decode then does not normalize them a second time. False is always correct, only slower.
   */
  normalParts: boolean;
}

/**
 * A payload read as it arrives (a streaming decode), by a frontend that can (its `openStream`).
 * The parts of the IR go to the sink given to `openStream` as the text completing each arrives.
 */
export interface PayloadStream {
  /**
   * The next chunk of the (sanitized) text. Throws when the text cannot be the start of a
   * payload; the stream is then over, and the whole text is decoded by `decode()` instead.
   */
  append(chunk: string): void;
  /**
   * Where the text the completed units read ends, what they looked at past themselves included: a
   * payload that ends before it (at a closing code fence) was read as a different text.
   */
  readonly position: number;
  /** The steps run so far on the text received (see StreamWork); the built-in frontends report it. */
  readonly work?: StreamWork;
  /**
   * The stream ended: `context.source` is now the whole text and the payload ends at `end`.
   * Reads what is left and returns what `decode` of the frontend returns for the whole payload.
   */
  finish(end: number): DecodedPayload;
}

/**
 * What a stream's parser has done so far as chunks arrived. Streaming stays linear because a step
 * runs only once the token that can end it has arrived: `undone` counts the steps that still ran
 * into the end of the text received, and stays near zero however small the chunks (tested).
 */
export interface StreamWork {
  /** Steps run on appended text, completed or undone. */
  steps: number;
  /** Steps that stopped at the end of the text received so far, undone to run again later. */
  undone: number;
}

/** One completed part of the IR, with the offset in the stream where its text starts. */
export type StreamPart =
  | { kind: "intent"; intent: string; offset: number }
  | { kind: "entity"; entity: Entity; offset: number }
  | { kind: "constraint"; constraint: Constraint; offset: number }
  | { kind: "alternative"; alternative: Alternative; offset: number };

/** Where a frontend's stream sends the parts it completes. */
export type PartSink = (part: StreamPart) => void;

/**
 * Thrown by a frontend's stream when the text received so far ends inside a token or before one:
 * more text is needed to know it. Never thrown when the whole payload is there. A sentinel, not
 * an Error: it is expected, and costs no stack trace.
 */
export const INCOMPLETE: unique symbol = Symbol("incomplete");

/**
 * How a frontend's stream keeps its token buffer (code's parser and json's reader alike): it reads
 * at most STREAM_READ_BATCH tokens before running the steps they complete, so a chunk holding a
 * whole reply does not hold all its tokens alive at once (a 100K-character chunk cost 4x per
 * character what a 16K one did); and it drops the tokens its steps are done with once there are
 * STREAM_COMPACT_AT of them and they are most of the buffer, not at every step, which would move
 * the rest of the buffer at each step (quadratic in a chunk holding many steps).
 */
export const STREAM_READ_BATCH = 256;
export const STREAM_COMPACT_AT = 256;
