/**
 * The IR normal form and semantic rules pinned against hand-written values: which nulls
 * are read as absent (and the warning each one gets), which fields a caller's object contributes
 * to the normal form (own fields only; an explicit `undefined` is absent), an extra field named
 * `__proto__` kept as an ordinary field, and one exact issue (rule, severity, message, path) per
 * semantic rule.
 *
 * Internals, on purpose: the normal form's field handling (fields.ts, normalize.ts) is checked
 * alone, since compile and decode both normalize and a lost field cancels out on both sides.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import type { ValidationIssue } from "silp";
import { setField } from "../../src/ir/fields.js";
import { dropNullOptionals, normalize } from "../../src/ir/normalize.js";
import { type SilpIRInput, validate } from "silp";

const NULL_MESSAGE = "null in an optional field is read as absent (the schema allows only strings)";

function nullWarning(path: string): ValidationIssue {
  return { rule: "null-optional-field", severity: "warning", message: NULL_MESSAGE, path };
}

describe("null in an optional known field: dropped with one warning naming its pointer", () => {
  test("an entity's null action alone is dropped (the entity then belongs to the intent)", () => {
    const input = { intent: "!CANCEL", entities: [{ id: "act", value: "order", action: null }], meta: { req_id: "a1b2c3d4" } };
    assert.deepEqual(dropNullOptionals(input), {
      value: { intent: "!CANCEL", entities: [{ id: "act", value: "order" }], meta: { req_id: "a1b2c3d4" } },
      issues: [nullWarning("/entities/0/action")],
    });
    const result = validate(input);
    assert.equal(result.ok, true);
    assert.deepEqual(result.ir?.entities, [{ id: "act", value: "order", action: "!CANCEL" }]);
    assert.deepEqual(result.issues, [nullWarning("/entities/0/action")]);
  });

  test("an alternative's null target alone is dropped", () => {
    const input = { intent: "!CANCEL", alternatives: [{ action: "!START", target: null }], meta: { req_id: "a1b2c3d4" } };
    assert.deepEqual(dropNullOptionals(input), {
      value: { intent: "!CANCEL", alternatives: [{ action: "!START" }], meta: { req_id: "a1b2c3d4" } },
      issues: [nullWarning("/alternatives/0/target")],
    });
  });

  test("a null in meta is reported under /meta", () => {
    const input = { intent: "!CANCEL", meta: { req_id: "a1b2c3d4", next_agent: null } };
    assert.deepEqual(dropNullOptionals(input), {
      value: { intent: "!CANCEL", meta: { req_id: "a1b2c3d4" } },
      issues: [nullWarning("/meta/next_agent")],
    });
  });

  test("a list item that is not an object is left for the schema to report, not dereferenced", () => {
    const input = { intent: "!CANCEL", entities: [null], meta: { req_id: "a1b2c3d4" } };
    assert.deepEqual(dropNullOptionals(input), { value: input, issues: [] });
    const result = validate(input);
    assert.equal(result.ok, false);
    assert.equal(result.ir, undefined);
    assert.deepEqual(
      result.issues.map((issue) => [issue.rule, issue.path]),
      [["schema", "/entities/0"]],
    );
  });
  test("an input that is not an object is returned as is, with no issue of its own", () => {
    for (const input of [42, "!CANCEL", null, [], [{ action: null }]]) {
      assert.deepEqual(dropNullOptionals(input), { value: input, issues: [] });
      assert.deepEqual(validate(input).issues, [{ rule: "schema", severity: "error", message: "must be object", path: "" }]);
    }
  });

  test("nulls in several lists and meta: each list holding one is copied, the rest stay the caller's", () => {
    const constraints = [{ type: "time", value: "t+1" }];
    const input = {
      intent: "!CANCEL",
      entities: [{ id: "act", value: "order", action: null }],
      constraints,
      alternatives: [{ action: "!START", target: "hike", location: null }],
      meta: { req_id: "a1b2c3d4", session_id: null },
    };
    const result = dropNullOptionals(input);
    assert.deepEqual(result, {
      value: {
        intent: "!CANCEL",
        entities: [{ id: "act", value: "order" }],
        constraints: [{ type: "time", value: "t+1" }],
        alternatives: [{ action: "!START", target: "hike" }],
        meta: { req_id: "a1b2c3d4" },
      },
      issues: [nullWarning("/entities/0/action"), nullWarning("/alternatives/0/location"), nullWarning("/meta/session_id")],
    });
    assert.equal((result.value as { constraints: unknown }).constraints, constraints);
    assert.equal(input.entities[0]?.action, null, "the caller's IR is not changed");
  });
});

describe("normal form: an own field set to undefined is absent, an inherited field is not the caller's", () => {
  // A JavaScript caller often builds objects with `field: undefined` (spreads of optional values).
  const meta = { req_id: "a1b2c3d4" };

  test("entity action undefined: the entity is a primary argument of the intent", () => {
    const ir = normalize({ intent: "!CANCEL", entities: [{ id: "act", value: "order", action: undefined }], meta } as unknown as SilpIRInput);
    assert.deepStrictEqual(ir.entities, [{ id: "act", value: "order", action: "!CANCEL" }]);
  });

  test("constraint time undefined: no time key", () => {
    const ir = normalize({ intent: "!CANCEL", constraints: [{ type: "rain", value: "true", time: undefined }], meta } as unknown as SilpIRInput);
    assert.deepStrictEqual(ir.constraints, [{ type: "rain", value: "true" }]);
    assert.deepEqual(Object.keys(ir.constraints[0] ?? {}), ["type", "value"]);
  });

  test("alternative target and location undefined: no such keys", () => {
    const ir = normalize({
      intent: "!CANCEL",
      alternatives: [
        { action: "!START", target: undefined, location: "indoor" },
        { action: "!START", target: "cards", location: undefined },
      ],
      meta,
    } as unknown as SilpIRInput);
    assert.deepEqual(
      ir.alternatives.map((alternative) => Object.keys(alternative)),
      [
        ["action", "location"],
        ["action", "target"],
      ],
    );
  });

  test("meta fields undefined take their defaults", () => {
    const ir = normalize({
      intent: "!CANCEL",
      meta: { req_id: "a1b2c3d4", session_id: undefined, priority: undefined, confidence: undefined, out: undefined, next_agent: undefined },
    } as unknown as SilpIRInput);
    assert.deepStrictEqual(ir.meta, { req_id: "a1b2c3d4", priority: 0, confidence: 1, seq: [], out: "natural" });
  });

  test("inherited enumerable fields are not copied into any sub-object", () => {
    const inherited = { stray: "from-prototype" };
    const own = <T extends object>(fields: T): T => Object.assign(Object.create(inherited) as T, fields);
    const ir = normalize({
      intent: "!CANCEL",
      entities: [own({ id: "act", value: "order" })],
      constraints: [own({ type: "rain", value: "true" })],
      alternatives: [own({ action: "!START" })],
      meta: own({ req_id: "a1b2c3d4" }),
    } as SilpIRInput);
    assert.deepStrictEqual(ir, {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!CANCEL",
      entities: [{ id: "act", value: "order", action: "!CANCEL" }],
      constraints: [{ type: "rain", value: "true" }],
      alternatives: [{ action: "!START" }],
      meta: { req_id: "a1b2c3d4", priority: 0, confidence: 1, seq: [], out: "natural" },
    });
  });
});

describe("setField: a key named __proto__ becomes an ordinary own data field", () => {
  test("enumerable, writable and configurable like any assigned field", () => {
    const target: Record<string, unknown> = {};
    setField(target, "__proto__", { x: 1 });
    assert.deepEqual(Object.getOwnPropertyDescriptor(target, "__proto__"), { value: { x: 1 }, enumerable: true, writable: true, configurable: true });
    assert.equal(Object.getPrototypeOf(target), Object.prototype);
  });
});

describe("semantic rules: one exact issue per rule", () => {
  const meta = { req_id: "a1b2c3d4" };

  function issuesOf(input: Record<string, unknown>): ValidationIssue[] {
    return validate({ intent: "!CANCEL", meta, ...input }).issues;
  }

  test("an operator outside the six is an error at its pointer, listing the six", () => {
    assert.deepEqual(
      issuesOf({
        constraints: [
          { type: "rain", value: "true" },
          { type: "temp", value: "5", operator: "=~" },
        ],
      }),
      [{ rule: "operator-invalid", severity: "error", message: 'operator "=~" is not one of == != < > <= >=', path: "/constraints/1/operator" }],
    );
  });

  test("a negated constraint whose value is not true warns at its value", () => {
    assert.deepEqual(
      issuesOf({
        constraints: [
          { type: "rain", value: "true" },
          { type: "!rain", value: "no" },
        ],
      }),
      [
        {
          rule: "negated-constraint-value",
          severity: "warning",
          message: 'negated constraint "!rain" has value "no"; the convention (spec 3.3) is "true"',
          path: "/constraints/1/value",
        },
      ],
    );
  });

  test("an alternative with a location but no target warns; one with neither or both does not", () => {
    const alternatives = [{ action: "!START" }, { action: "!START", location: "indoor" }, { action: "!START", target: "cards", location: "indoor" }];
    assert.deepEqual(issuesOf({ alternatives }), [
      { rule: "alternative-location-without-target", severity: "warning", message: "alternative has a location but no target", path: "/alternatives/1" },
    ]);
  });

  test("seq: a keyword warns as a keyword, free text as unknown, an action code not at all", () => {
    assert.deepEqual(issuesOf({ meta: { ...meta, seq: ["!CANCEL", "parallel", "then stop"] } }), [
      {
        rule: "seq-keyword",
        severity: "warning",
        message: '"parallel" is a recognised ordering keyword with no defined behaviour (draft -02 3.6); seq order stays strict',
        path: "/meta/seq/1",
      },
      {
        rule: "seq-entry-unknown",
        severity: "warning",
        message: 'seq entry "then stop" is neither an action code nor an ordering keyword',
        path: "/meta/seq/2",
      },
    ]);
  });

  test("a short req_id warns with its length", () => {
    assert.deepEqual(issuesOf({ meta: { req_id: "a1b2c3" } }), [
      {
        rule: "req-id-short",
        severity: "warning",
        message: "req_id has 6 hex characters; 8 is the default, 4 only in scope-limited sessions (spec 3.6)",
        path: "/meta/req_id",
      },
    ]);
  });

  test("a session_id that is not 2 characters warns", () => {
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "abc" } }), [
      { rule: "session-id-length", severity: "warning", message: "session_id should be 2 characters (spec 5.2)", path: "/meta/session_id" },
    ]);
  });

  test("session_id length counts code points: a surrogate pair is one, a lone surrogate is its own", () => {
    const warning = { rule: "session-id-length", severity: "warning", message: "session_id should be 2 characters (spec 5.2)", path: "/meta/session_id" };
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "\u{1F600}x" } }), []);
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "\u{1F600}" } }), [warning]);
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "a\uDC00" } }), []);
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "\uD83Dx" } }), []);
    // Only a high surrogate (U+D800-U+DBFF) opens a pair: a character above that range does not.
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "\uFF21\uDC00" } }), []);
    assert.deepEqual(issuesOf({ meta: { ...meta, session_id: "\uDC00\uDC00" } }), []);
  });

  test("a verb outside the whitelist is named in the error", () => {
    assert.deepEqual(issuesOf({ intent: "!FROBNICATE" }), [
      { rule: "verb-whitelist", severity: "error", message: "!FROBNICATE is not in the verb whitelist (spec 3.8)", path: "/intent" },
    ]);
  });

  test("a repeated keyword id within one action is an error at the second id", () => {
    assert.deepEqual(
      issuesOf({
        entities: [
          { id: "to", value: "a" },
          { id: "to", value: "b" },
        ],
      }),
      [
        {
          rule: "duplicate-entity-id",
          severity: "error",
          message: 'keyword id "to" is repeated within !CANCEL; only "act" (positional) may repeat',
          path: "/entities/1/id",
        },
      ],
    );
  });

  test("an unsupported silp version is an error naming the version and the supported ones", () => {
    assert.deepEqual(issuesOf({ silp: "v9" }), [
      { rule: "unsupported-version", severity: "error", message: 'SILP version "v9" is not supported (this implementation speaks v1)', path: "/silp" },
    ]);
  });
});
