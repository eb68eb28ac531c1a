/**
 * What a streaming decode reports before the payload is complete (docs/grammar.md, Streaming):
 * the parts of the IR, each as soon as the text that holds it is complete, and the partial IR
 * they add up to. Everything here is provisional until `end()` returns the decode result.
 */
import type { Alternative, Constraint, Entity } from "../ir/types.js";

export type { PartSink, StreamPart } from "../frontends/decode-context.js";

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
