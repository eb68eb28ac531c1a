/**
 * What every adapter's stream of events must show for FENCED.reply (adapter-fixtures.ts): one
 * event per part, in stream order, with the partial IR after it, then one last event with the
 * decoded result. The adapters' events share this shape: `{ done: false, parts, partial }` while
 * the answer streams, `{ done: true, result }` at its end.
 */
import assert from "node:assert/strict";
import type { DecodeResult, PartialIR, StreamPart } from "silp";
import { FENCED, repairsOf } from "./adapter-fixtures.js";

export type AdapterEvent = { done: false; parts: readonly StreamPart[]; partial: PartialIR } | { done: true; result: DecodeResult };

/** One partial event per part of FENCED.reply, in stream order, each with the partial IR after it. */
export function assertFencedPartials(streamed: readonly { parts: readonly StreamPart[]; partial: PartialIR }[]): void {
  assert.deepEqual(
    streamed.map((event) => event.parts),
    FENCED.parts.map((part) => [part]),
  );
  assert.deepEqual(
    streamed.map((event) => event.partial),
    FENCED.partials,
  );
}

export function assertFencedEvents(events: readonly AdapterEvent[]): void {
  assertFencedPartials(events.filter((event) => !event.done));
  const last = events.at(-1);
  assert.equal(events.length, FENCED.parts.length + 1);
  assert.ok(last?.done);
  assert.deepEqual(last.result.ir, FENCED.ir);
  assert.deepEqual(repairsOf(last.result.repairs), FENCED.repairs);
}
