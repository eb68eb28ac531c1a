/**
 * fast-check generators for the IR, biased towards what breaks codecs: strings full of the code
 * grammar's punctuation and keywords, quotes, backslashes, newlines, empty strings, non-Latin
 * scripts, emoji and joiners, lone surrogates; ids that collide with reserved json keys; extra
 * fields with any JSON value; secondary actions interleaved with primary arguments.
 */
import fc from "fast-check";
import type { Alternative, Constraint, Entity, JsonValue, Meta, SilpIRInput } from "silp";

const TRICKY_PIECES = [
  " ",
  ",",
  "(",
  ")",
  ";",
  ":",
  "@",
  "=",
  '"',
  "'",
  "!",
  "`",
  "[",
  "]",
  "{",
  "}",
  "\\",
  "#",
  "#meta",
  " and ",
  " else: ",
  "else",
  "if ",
  "then",
  "and",
  "\n",
  "\t",
  "\r\n",
  "==",
  "!=",
  "<=",
  ">",
  "t+1",
  "t-2am",
  "t+",
  "x); cancel(all",
  "x) else: cancel(all",
  '", "',
  "\\u0060",
  "Москва",
  "北京市",
  "東京",
  "مرحبا",
  "😀",
  "👨‍👩‍👧",
  "\u200b",
  "\u202e",
  "\u00ad",
  "\ufeff",
  "\ud800",
  "\udfff",
  "\u2028",
  "\u0085",
  "act",
  "loc",
  "__proto__",
  "1",
  "0",
  "4.0",
  "-5",
  "true",
  "null",
];

export const trickyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.oneof(fc.constantFrom(...TRICKY_PIECES), fc.string({ maxLength: 4 })), { maxLength: 5 }).map((parts) => parts.join("")) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constant("") },
);

const RESERVED_IDS = [
  "act",
  "intent",
  "constraints",
  "alternatives",
  "entities",
  "meta",
  "silp",
  "version",
  "action_x",
  "action_email",
  "loc",
  "type",
  "value",
  "time",
  "subject",
  "operator",
  "target",
  "location",
  "id",
  "action",
  "1",
  "42",
  "__proto__",
  "constructor",
  "if",
  "else",
  "",
];

export const trickyName: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...RESERVED_IDS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z_]{0,6}$/) },
  { weight: 1, arbitrary: trickyString },
);

export const actionCode: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("!CANCEL", "!START", "!EMAIL", "!FETCH", "!PROCESS", "!SWITCH_TOOL", "!IF", "!ELSE", "!AND", "!THEN", "!A_", "!A__B"),
  fc.stringMatching(/^![A-Z][A-Z_]{0,7}$/),
);

/** Any JSON value. A JSON round trip maps -0 to 0, as every JSON serializer does (docs/ir.md). */
const jsonValue: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as JsonValue);

function extras(known: readonly string[]): fc.Arbitrary<Record<string, JsonValue>> {
  return fc.dictionary(trickyName, fc.oneof(trickyString, jsonValue), { maxKeys: 2 }).map((dict) => {
    const out: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(dict)) if (!known.includes(key) && key !== "__proto__") out[key] = value;
    return out;
  });
}

const timeString = fc.oneof(fc.constantFrom("t+1", "t+1am", "t-3", "t+5pm"), trickyString);

export const constraintArb: fc.Arbitrary<Constraint> = fc
  .record(
    {
      negated: fc.boolean(),
      name: trickyString,
      value: fc.oneof(fc.constant("true"), trickyString, timeString),
      time: fc.option(timeString, { nil: undefined }),
      subject: fc.option(fc.oneof(trickyString, jsonValue), { nil: undefined }),
      operator: fc.option(fc.constantFrom("==", "!=", "<", ">", "<=", ">="), { nil: undefined }),
      extra: extras(["type", "value", "time", "subject", "operator"]),
    },
    { requiredKeys: ["negated", "name", "value", "extra"] },
  )
  .map(({ negated, name, value, time, subject, operator, extra }) => {
    const constraint: Constraint = { type: negated ? `!${name}` : name, value };
    if (time !== undefined) constraint.time = time;
    if (subject !== undefined) constraint.subject = subject;
    if (operator !== undefined) constraint.operator = operator;
    return Object.assign(constraint, extra);
  });

export const alternativeArb: fc.Arbitrary<Alternative> = fc
  .record(
    {
      action: actionCode,
      target: fc.option(trickyString, { nil: undefined }),
      location: fc.option(trickyString, { nil: undefined }),
      extra: extras(["action", "target", "location"]),
    },
    { requiredKeys: ["action", "extra"] },
  )
  .map(({ action, target, location, extra }) => {
    const alternative: Alternative = { action };
    if (target !== undefined) alternative.target = target;
    if (location !== undefined) alternative.location = location;
    return Object.assign(alternative, extra);
  });

const metaArb: fc.Arbitrary<Meta> = fc
  .record(
    {
      req_id: fc.stringMatching(/^[a-f0-9]{4,8}$/),
      session_id: fc.option(trickyString, { nil: undefined }),
      priority: fc.option(fc.integer(), { nil: undefined }),
      confidence: fc.option(
        fc.double({ min: 0, max: 1, noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
        { nil: undefined },
      ),
      seq: fc.option(fc.array(trickyString, { maxLength: 3 }), { nil: undefined }),
      out: fc.option(trickyString, { nil: undefined }),
      next_agent: fc.option(trickyString, { nil: undefined }),
      extra: extras(["req_id", "session_id", "priority", "confidence", "seq", "out", "next_agent"]),
    },
    { requiredKeys: ["req_id", "extra"] },
  )
  .map(({ extra, ...fields }) => {
    const meta = { req_id: fields.req_id } as Meta;
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) (meta as Record<string, unknown>)[key] = value;
    return Object.assign(meta, extra);
  });

/** Any IR that validates with the whitelist off. */
export const irArb: fc.Arbitrary<SilpIRInput> = fc
  .record({
    intent: actionCode,
    entities: fc.array(
      fc.record({
        id: fc.oneof({ weight: 2, arbitrary: fc.constant("act") }, { weight: 3, arbitrary: trickyName }),
        value: trickyString,
        role: fc.constantFrom("primary", "primary-implicit", "secondary"),
        secondaryAction: actionCode,
        extra: extras(["id", "value", "action"]),
      }),
      { maxLength: 6 },
    ),
    constraints: fc.array(constraintArb, { maxLength: 3 }),
    alternatives: fc.array(alternativeArb, { maxLength: 3 }),
    meta: metaArb,
    version: fc.option(fc.oneof(fc.constant("ir-v0.1"), trickyString), { nil: undefined }),
  })
  .map(({ intent, entities, constraints, alternatives, meta, version }) => {
    const seen = new Map<string, Set<string>>();
    const built: Entity[] = entities.map(({ id, value, role, secondaryAction, extra }, index) => {
      const action = role === "secondary" ? secondaryAction : intent;
      // Keyword ids may not repeat within one action (rule duplicate-entity-id): make them unique.
      let unique = id;
      const ids = seen.get(action) ?? new Set<string>();
      seen.set(action, ids);
      if (id !== "act") {
        while (ids.has(unique)) unique = `${unique}~${index}`;
        ids.add(unique);
      }
      const entity: Entity = { id: unique, value };
      if (role !== "primary-implicit" || action !== intent) entity.action = action;
      return Object.assign(entity, extra);
    });
    const ir: SilpIRInput = { intent, entities: built, constraints, alternatives, meta };
    if (version !== undefined) ir.version = version;
    return ir;
  });

/** Meta with every field of spec 3.5 present (values may still equal the defaults), plus extras. */
export const fullMetaArb: fc.Arbitrary<Meta> = fc
  .record({
    req_id: fc.stringMatching(/^[a-f0-9]{4,8}$/),
    session_id: trickyString,
    priority: fc.oneof(fc.constant(0), fc.integer()),
    confidence: fc.oneof(
      fc.constant(1),
      fc.double({ min: 0, max: 1, noNaN: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    ),
    seq: fc.array(fc.oneof(actionCode, trickyString), { minLength: 1, maxLength: 4 }),
    out: fc.oneof(fc.constant("natural"), trickyString),
    next_agent: trickyString,
    extra: extras(["req_id", "session_id", "priority", "confidence", "seq", "out", "next_agent"]),
  })
  .map(({ extra, ...fields }) => Object.assign({ ...fields } as Meta, extra));

/** Any valid IR, with full meta half of the time and irArb's (often default) meta otherwise. */
export const fullMetaIrArb: fc.Arbitrary<SilpIRInput> = fc
  .tuple(irArb, fc.option(fullMetaArb, { nil: undefined }))
  .map(([ir, meta]) => (meta === undefined ? ir : { ...ir, meta }));

/** Any valid IR with every meta field of spec 3.5 present (values may equal the defaults), plus extras. */
export const everyMetaFieldIrArb: fc.Arbitrary<SilpIRInput> = fc.tuple(irArb, fullMetaArb).map(([ir, meta]) => ({ ...ir, meta }));
