/**
 * Model replies the framework adapters' tests script into the chat TEST DOUBLE
 * (scripted-chat-server.ts), and what a reader of the docs expects from them, written by hand:
 * the decoded IR, the parts a streaming decoder reports (docs/grammar.md, "Streaming": a
 * constraint at the `:` after it, the intent at the first call's `(`, an entity at the `,` or `)`
 * that ends it, an alternative at the `)` of its call), and the repairs lenient decoding reports
 * (docs/grammar.md, "Extraction and repair"). Nothing here is computed by the code under test;
 * offsets are positions in the reply text, found with indexOf.
 */
import { createHash } from "node:crypto";
import type { PartialIR, SilpIR, StreamPart } from "silp";

/**
 * A reply as a model writes it: in a code fence, with a space after a comma and `else` without
 * its colon. Streamed in the chunks below, each chunk completes at most one part.
 */
const FENCED_REPLY_CHUNKS: readonly string[] = [
  "```\nif !rain(t+1)",
  ":",
  " start",
  "(",
  "hike,",
  " to=Oslo)",
  "; notify(",
  "sam)",
  " else start(cards@indoor",
  ")",
  "\n```",
];
const FENCED_REPLY = FENCED_REPLY_CHUNKS.join("");
/** The payload inside the fence: what the req_id is derived from (docs/ir.md, "req_id"). */
const FENCED_PAYLOAD = "if !rain(t+1): start(hike, to=Oslo); notify(sam) else start(cards@indoor)";

/** The req_id decode derives for a payload: the first 8 hex digits of the SHA-256 of its text. */
export const derivedReqId = (payload: string): string => createHash("sha256").update(payload, "utf8").digest("hex").slice(0, 8);

/** The IR of FENCED_REPLY, in normal form (docs/ir.md): every default filled, entities grouped per action. */
const FENCED_IR: SilpIR = {
  silp: "v1",
  version: "ir-v0.1",
  intent: "!START",
  entities: [
    { id: "act", value: "hike", action: "!START" },
    { id: "to", value: "Oslo", action: "!START" },
    { id: "act", value: "sam", action: "!NOTIFY" },
  ],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: derivedReqId(FENCED_PAYLOAD), priority: 0, confidence: 1, seq: [], out: "natural" },
};

const at = (needle: string, shift = 0): number => {
  const index = FENCED_REPLY.indexOf(needle);
  if (index < 0) throw new Error(`fixture: ${needle} not in the reply`);
  return index + shift;
};

/** The repairs lenient decoding reports for FENCED_REPLY, in text order. */
const FENCED_REPAIRS: ReadonlyArray<{ kind: string; offset: number }> = [
  { kind: "code_fence", offset: 0 },
  { kind: "space_after_comma", offset: at(", to", 1) },
  { kind: "else_without_colon", offset: at(" else", " else".length) },
];

/** The parts a streaming decoder reports for FENCED_REPLY, in stream order, with their offsets. */
const FENCED_PARTS: readonly StreamPart[] = [
  { kind: "constraint", constraint: { type: "!rain", value: "true", time: "t+1" }, offset: at("!rain") },
  { kind: "intent", intent: "!START", offset: at("start(hike") },
  { kind: "entity", entity: { id: "act", value: "hike", action: "!START" }, offset: at("hike") },
  { kind: "entity", entity: { id: "to", value: "Oslo", action: "!START" }, offset: at("to=Oslo") },
  { kind: "entity", entity: { id: "act", value: "sam", action: "!NOTIFY" }, offset: at("sam") },
  { kind: "alternative", alternative: { action: "!START", target: "cards", location: "indoor" }, offset: at("start(cards") },
];

/**
 * What each adapter's example (packages/<adapter>/examples) prints for FENCED_REPLY: each part as
 * it streams, the decoded intent, the compact text the next agent's model reads, and the repairs
 * with their offsets in the reply. Written out here, not derived from the codec.
 */
const FENCED_EXAMPLE_OUTPUT = [
  ...FENCED_PARTS.map((part) => `part: ${part.kind} at ${part.offset}`),
  "intent: !START, 3 entities",
  "the next agent's model reads:",
  "if !rain(t+1): start(hike,to=Oslo); notify(sam) else: start(cards@indoor)",
  `repairs 3: code_fence@0 space_after_comma@${at(", to", 1)} else_without_colon@${at(" else", " else".length)}`,
  "",
].join("\n");

/** The partial IR after each part of FENCED_PARTS, as a streaming reader sees it grow. */
const FENCED_PARTIALS: readonly PartialIR[] = FENCED_PARTS.map((_, index) => {
  const partial: PartialIR = { entities: [], constraints: [], alternatives: [] };
  for (const part of FENCED_PARTS.slice(0, index + 1)) {
    if (part.kind === "intent") partial.intent = part.intent;
    else if (part.kind === "entity") partial.entities.push(part.entity);
    else if (part.kind === "constraint") partial.constraints.push(part.constraint);
    else partial.alternatives.push(part.alternative);
  }
  return partial;
});

/**
 * FENCED_REPLY, in its chunks and whole, with the payload inside its fence, and what a reader of
 * the docs expects of it (each described above).
 */
export const FENCED = {
  chunks: FENCED_REPLY_CHUNKS,
  reply: FENCED_REPLY,
  payload: FENCED_PAYLOAD,
  ir: FENCED_IR,
  repairs: FENCED_REPAIRS,
  parts: FENCED_PARTS,
  partials: FENCED_PARTIALS,
  exampleOutput: FENCED_EXAMPLE_OUTPUT,
} as const;

/** A canonical payload with an application verb (not on the spec's whitelist), and its IR. */
const REFUND_REPLY = "refund(order_17); notify(Dana)";
const REFUND_IR: SilpIR = {
  silp: "v1",
  version: "ir-v0.1",
  intent: "!REFUND",
  entities: [
    { id: "act", value: "order_17", action: "!REFUND" },
    { id: "act", value: "Dana", action: "!NOTIFY" },
  ],
  constraints: [],
  alternatives: [],
  meta: { req_id: derivedReqId(REFUND_REPLY), priority: 0, confidence: 1, seq: [], out: "natural" },
};

export const REFUND = { reply: REFUND_REPLY, ir: REFUND_IR } as const;

/** A reply that is not SILP: decode must fail with invalid_syntax where a call's `(` is expected. */
export const PROSE = { reply: "Sorry, I can't help with that.", error: { code: "invalid_syntax", offset: "Sorry".length } } as const;

/**
 * A reply that starts a payload, completes parts of it, then takes it back and writes another
 * (docs/grammar.md, "What a stream promises"): a stream hands on !DELETE and its entity before the
 * error, so lenient extraction may not choose the list item below; the reply is an error, never
 * !CANCEL(flight) after a streamed !DELETE(everything).
 */
export const TAKEN_BACK = {
  reply: "delete(everything) -- no wait\n- cancel(flight)",
  error: { code: "invalid_syntax", offset: "delete(everything) ".length },
} as const;

/** Only what a test compares of repairs: their kinds and offsets (the messages are not a contract). */
export const repairsOf = (repairs: ReadonlyArray<{ kind: string; offset: number }>): Array<{ kind: string; offset: number }> =>
  repairs.map(({ kind, offset }) => ({ kind, offset }));
