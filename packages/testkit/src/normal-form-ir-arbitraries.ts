/**
 * fast-check generators of IRs that are ALREADY in the normal form of docs/ir.md, so a
 * lossless round trip can be checked against the generated IR itself instead of against the
 * codec's own normalize(): every default present, entities grouped per action with `action` set,
 * known fields first, no null in a known optional field. Biased towards what a normalizer or a
 * printer could drop: extra fields named `__proto__` (own properties, made with
 * Object.defineProperty), null in extra fields, empty-string locations and targets,
 * default-ignorable and control characters in every string, operator constraints and `t-` times.
 */
import fc from "fast-check";
import type { Alternative, Constraint, Entity, JsonValue, NormalMeta, SilpIR } from "silp";
import { actionCode, trickyName, trickyString } from "./ir-arbitraries.js";

/**
 * Invisible characters a printer must escape: default-ignorable code points of several blocks
 * (Hangul fillers, CGJ, Mongolian selectors, variation selectors, zero-width and bidi marks, word
 * joiner and invisible operators, BOM, tags), line and paragraph separators, C0 and C1 controls.
 */
export const INVISIBLE_SAMPLES: readonly string[] = [
  "\u3164",
  "\u034f",
  "\u115f",
  "\u1160",
  "\uffa0",
  "\u180b",
  "\u180e",
  "\u180f",
  "\u17b4",
  "\u061c",
  "\u00ad",
  "\ufe00",
  "\ufe0f",
  "\u{e0100}",
  "\u{e01ef}",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2060",
  "\u2064",
  "\u2066",
  "\u206f",
  "\ufeff",
  "\ufff0",
  "\u{1bca0}",
  "\u{1d173}",
  "\u{e0001}",
  "\u{e0041}",
  "\u{e007f}",
  "\u2028",
  "\u2029",
  "\u0000",
  "\u0001",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
];

/** A string with invisible and control characters mixed into the usual tricky pieces. */
export const invisibleString: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...INVISIBLE_SAMPLES) }, { weight: 3, arbitrary: trickyString }), { maxLength: 4 })
  .map((parts) => parts.join(""));

const text: fc.Arbitrary<string> = fc.oneof({ weight: 2, arbitrary: trickyString }, { weight: 2, arbitrary: invisibleString });

const jsonValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as JsonValue) },
);

/** Extra fields in order, never a known field of the object; `__proto__` often. */
function extras(known: readonly string[]): fc.Arbitrary<[string, JsonValue][]> {
  const name = fc.oneof({ weight: 1, arbitrary: fc.constant("__proto__") }, { weight: 4, arbitrary: trickyName }, { weight: 1, arbitrary: invisibleString });
  return fc
    .uniqueArray(fc.tuple(name, jsonValue), { maxLength: 3, selector: ([key]) => key })
    .map((entries) => entries.filter(([key]) => !known.includes(key)));
}

/** Adds fields as own enumerable properties, `__proto__` included (plain assignment would set the prototype). */
function withFields<T extends object>(target: T, fields: readonly [string, JsonValue][]): T {
  for (const [key, value] of fields) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const OPERATORS = ["==", "!=", "<", ">", "<=", ">="] as const;
const time = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("t-2am", "t-1", "t-30m", "t-", "t+1", "t+1am", "t+5pm") }, { weight: 1, arbitrary: text });

const constraintArb: fc.Arbitrary<Constraint> = fc
  .record({
    form: fc.constantFrom("operator", "operator", "negation", "call"),
    name: text,
    value: fc.oneof(fc.constant("true"), text, time),
    time: fc.option(time, { nil: undefined }),
    subject: fc.option(jsonValue, { nil: undefined, freq: 3 }),
    operator: fc.constantFrom(...OPERATORS),
    extra: extras(["type", "value", "time", "subject", "operator"]),
  })
  .map(({ form, name, value, time, subject, operator, extra }) => {
    const constraint: Constraint = { type: form === "negation" ? `!${name}` : name, value };
    if (time !== undefined) constraint.time = time;
    if (subject !== undefined) constraint.subject = subject;
    if (form === "operator") constraint.operator = operator;
    return withFields(constraint, extra);
  });

const alternativeArb: fc.Arbitrary<Alternative> = fc
  .record({
    action: actionCode,
    target: fc.option(fc.oneof(fc.constant(""), text), { nil: undefined, freq: 4 }),
    location: fc.option(fc.oneof({ weight: 2, arbitrary: fc.constant("") }, { weight: 3, arbitrary: text }), { nil: undefined, freq: 3 }),
    extra: extras(["action", "target", "location"]),
  })
  .map(({ action, target, location, extra }) => {
    const alternative: Alternative = { action };
    if (target !== undefined) alternative.target = target;
    if (location !== undefined) alternative.location = location;
    return withFields(alternative, extra);
  });

const entityDraft = fc.record({
  id: fc.oneof({ weight: 2, arbitrary: fc.constant("act") }, { weight: 2, arbitrary: trickyName }, { weight: 1, arbitrary: invisibleString }),
  value: text,
  extra: extras(["id", "value", "action"]),
});
type EntityDraft = { id: string; value: string; extra: [string, JsonValue][] };

/** The group of one action: keyword ids made unique (rule duplicate-entity-id), `act` may repeat. */
function group(action: string, drafts: readonly EntityDraft[]): Entity[] {
  const ids = new Set<string>();
  return drafts.map(({ id, value, extra }, index) => {
    let unique = id;
    if (id !== "act") {
      while (ids.has(unique)) unique = `${unique}~${index}`;
      ids.add(unique);
    }
    return withFields({ id: unique, value, action } as Entity, extra);
  });
}

const metaArb: fc.Arbitrary<NormalMeta> = fc
  .record({
    req_id: fc.stringMatching(/^[a-f0-9]{8}$/),
    session_id: fc.option(text, { nil: undefined }),
    priority: fc.oneof(fc.constant(0), fc.integer()),
    confidence: fc.oneof(
      fc.constant(1),
      fc.double({ min: 0, max: 1, noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    ),
    seq: fc.array(fc.oneof(actionCode, text), { maxLength: 3 }),
    out: fc.oneof(fc.constant("natural"), text),
    next_agent: fc.option(text, { nil: undefined }),
    extra: extras(["req_id", "session_id", "priority", "confidence", "seq", "out", "next_agent"]),
  })
  .map(({ req_id, session_id, priority, confidence, seq, out, next_agent, extra }) => {
    const meta = { req_id } as NormalMeta;
    if (session_id !== undefined) meta.session_id = session_id;
    Object.assign(meta, { priority, confidence, seq, out });
    if (next_agent !== undefined) meta.next_agent = next_agent;
    return withFields(meta, extra);
  });

/** An IR in normal form that validates with the whitelist off. */
export const normalFormIrArb: fc.Arbitrary<SilpIR> = fc
  .record({
    intent: actionCode,
    primary: fc.array(entityDraft, { maxLength: 4 }),
    secondary: fc.uniqueArray(fc.tuple(actionCode, fc.array(entityDraft, { minLength: 1, maxLength: 3 })), { maxLength: 2, selector: ([action]) => action }),
    constraints: fc.array(constraintArb, { maxLength: 3 }),
    alternatives: fc.array(alternativeArb, { maxLength: 3 }),
    meta: metaArb,
  })
  .map(({ intent, primary, secondary, constraints, alternatives, meta }) => ({
    silp: "v1",
    version: "ir-v0.1",
    intent,
    entities: [...group(intent, primary), ...secondary.filter(([action]) => action !== intent).flatMap(([action, drafts]) => group(action, drafts))],
    constraints,
    alternatives,
    meta,
  }));
