/**
 * What a streaming decode reports before the payload is complete (docs/grammar.md, Streaming):
 * the parts of the IR, each as soon as the text that holds it is complete, and the partial IR
 * they add up to. Everything here is provisional until `end()` returns the decode result.
 */
import type { Alternative, Constraint, Entity } from "../ir/types.js";

/** One completed part of the IR, with the offset in the stream where its text starts. */
export type StreamPart =
  | { kind: "intent"; intent: string; offset: number }
  | { kind: "entity"; entity: Entity; offset: number }
  | { kind: "constraint"; constraint: Constraint; offset: number }
  | { kind: "alternative"; alternative: Alternative; offset: number };

/**
 * The IR so far: every part completed, in stream order (the final IR lists entities in normal
 * form, grouped per action, so a verb called twice can reorder them). It only ever grows.
 */
export interface PartialIR {
  intent?: string;
  entities: Entity[];
  constraints: Constraint[];
  alternatives: Alternative[];
}

/** Where a scanner sends the parts it completes. */
export type PartSink = (part: StreamPart) => void;

/** A frontend's incremental scanner: reads each chunk once, never the text before it. */
export interface UnitScanner {
  /** Scans `chunk`, which starts at `offset` in the stream. */
  scan(chunk: string, offset: number): void;
}
