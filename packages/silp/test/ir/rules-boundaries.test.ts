/**
 * The boundaries of rules.ts, each on both sides: req_id length (8 hex, or exactly 4 in
 * a declared scope-limited session), session_id length (2 characters, counted in Unicode code
 * points: docs/ir.md), empty entity ids and values, and the verb whitelist on secondary actions
 * whatever the entity's id. Expected issues are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError, decode, validate, type SilpIRInput, type SilpOptions } from "silp";

function rulesOf(ir: SilpIRInput, options?: SilpOptions): [string, string, string][] {
  return validate(ir, options).issues.map((issue) => [issue.rule, issue.severity, issue.path]);
}

function withMeta(meta: Record<string, unknown>): SilpIRInput {
  return { intent: "!CANCEL", entities: [{ id: "act", value: "a" }], meta: { req_id: "a1b2c3d4", ...meta } } as SilpIRInput;
}

describe("req_id length (spec 3.6)", () => {
  const SHORT: [string, string, string] = ["req-id-short", "warning", "/meta/req_id"];
  const rows: [string, boolean, [string, string, string][]][] = [
    ["a1b2c3d4", false, []],
    ["a1b2c3d4", true, []],
    ["a1b2c3d", false, [SHORT]],
    ["a1b2c", true, [SHORT]],
    ["a1b2c", false, [SHORT]],
    ["a1b2", true, []],
    ["a1b2", false, [SHORT]],
  ];
  for (const [reqId, scopeLimited, expected] of rows) {
    test(`${reqId.length} hex, ${scopeLimited ? "scope-limited session" : "ordinary session"}`, () => {
      assert.deepEqual(rulesOf(withMeta({ req_id: reqId }), { scopeLimited }), expected);
    });
  }
});

describe("session_id length (spec 5.2): 2 characters, counted in code points", () => {
  const LENGTH: [string, string, string] = ["session-id-length", "warning", "/meta/session_id"];
  const rows: [string, string, [string, string, string][]][] = [
    ["two ASCII letters", "s1", []],
    ["one letter", "s", [LENGTH]],
    ["three letters", "s12", [LENGTH]],
    ["empty", "", [LENGTH]],
    ["two astral code points (4 UTF-16 units)", "😀😀", []],
    ["one astral code point (2 UTF-16 units)", "😀", [LENGTH]],
    ["an astral and an ASCII code point (3 UTF-16 units)", "😀a", []],
    ["two CJK code points", "会话", []],
    ["a lone high surrogate and a letter", "\ud83da", []],
    ["a lone low surrogate and a letter", "\ude00a", []],
    ["a letter and a lone high surrogate at the end", "a\ud83d", []],
    ["a low then a high surrogate (two lone halves)", "\ude00\ud83d", []],
    ["two astral code points and a lone half", "😀😀\ud83d", [LENGTH]],
    ["three astral code points", "😀😀😀", [LENGTH]],
    // The surrogate ranges' edges: U+10000 and U+10FFFF are one character each.
    ["U+10000 and a letter", "\ud800\udc00a", []],
    ["U+10FFFF and a letter", "\udbff\udfffa", []],
    ["a letter and a lone low surrogate", "a\ude00", []],
    ["a lone high surrogate and U+FF21 (above the low surrogates)", "\ud83d\uff21", []],
    ["a lone high surrogate and U+D7FF (below the surrogates)", "\ud83d\ud7ff", []],
  ];
  for (const [name, sessionId, expected] of rows) {
    test(name, () => assert.deepEqual(rulesOf(withMeta({ session_id: sessionId })), expected));
  }
  test("no session_id, no warning", () => assert.deepEqual(rulesOf(withMeta({})), []));
});

describe("empty entity ids and values", () => {
  test("an empty id is a warning naming the id", () => {
    const result = validate({ intent: "!CANCEL", entities: [{ id: "", value: "a" }], meta: { req_id: "a1b2c3d4" } });
    assert.deepEqual(
      result.issues.map((issue) => [issue.rule, issue.severity, issue.path, issue.message]),
      [["empty-entity", "warning", "/entities/0", "entity has an empty id"]],
    );
    assert.equal(result.ok, true);
  });
  test("an empty value is a warning naming the entity", () => {
    const result = validate({ intent: "!CANCEL", entities: [{ id: "to", value: "" }], meta: { req_id: "a1b2c3d4" } });
    assert.deepEqual(
      result.issues.map((issue) => [issue.rule, issue.path, issue.message]),
      [["empty-entity", "/entities/0", 'entity "to" has an empty value']],
    );
  });
  test("a one-character id and value are not empty", () => {
    assert.deepEqual(rulesOf({ intent: "!CANCEL", entities: [{ id: "x", value: "y" }], meta: { req_id: "a1b2c3d4" } }), []);
  });
});

describe("the verb whitelist covers every secondary action, whatever the entity's id", () => {
  const ir = (id: string): SilpIRInput => ({
    intent: "!CANCEL",
    entities: [
      { id: "act", value: "a" },
      { id, value: "b", action: "!FOO" },
    ],
    meta: { req_id: "a1b2c3d4" },
  });
  for (const id of ["act", "notify"]) {
    test(`id ${id}: an error in strict mode, a warning in advisory mode, nothing when off`, () => {
      assert.deepEqual(rulesOf(ir(id)), [["verb-whitelist", "error", "/entities/1/action"]]);
      assert.deepEqual(rulesOf(ir(id), { whitelist: "advisory" }), [["verb-whitelist", "warning", "/entities/1/action"]]);
      assert.deepEqual(rulesOf(ir(id), { whitelist: "off" }), []);
    });
  }
  test("keyword ids repeated within one action are an error; across actions they are not", () => {
    const base = { intent: "!CANCEL", meta: { req_id: "a1b2c3d4" } };
    assert.deepEqual(
      rulesOf({
        ...base,
        entities: [
          { id: "to", value: "a" },
          { id: "to", value: "b" },
        ],
      }),
      [["duplicate-entity-id", "error", "/entities/1/id"]],
    );
    assert.deepEqual(
      rulesOf({
        ...base,
        entities: [
          { id: "to", value: "a" },
          { id: "to", value: "b", action: "!EMAIL" },
        ],
      }),
      [],
    );
    assert.deepEqual(
      rulesOf({
        ...base,
        entities: [
          { id: "act", value: "a" },
          { id: "act", value: "b" },
        ],
      }),
      [],
    );
  });
  // A repeat is one action's, wherever its entities are written: apart in an IR and in both
  // payloads (the normal form then lists them together, and the path is the normal form's).
  test("a keyword id repeated by an action whose entities are written apart is an error, at its place in the normal form", () => {
    const apart = (entities: SilpIRInput["entities"]): SilpIRInput => ({ intent: "!CANCEL", entities, meta: { req_id: "a1b2c3d4" } }) as SilpIRInput;
    const repeated = [
      { id: "to", value: "a", action: "!NOTIFY" },
      { id: "to", value: "b", action: "!EMAIL" },
      { id: "to", value: "c", action: "!NOTIFY" },
    ];
    assert.deepEqual(rulesOf(apart(repeated)), [["duplicate-entity-id", "error", "/entities/1/id"]]);
    assert.deepEqual(rulesOf(apart([{ id: "to", value: "a" }, ...repeated.slice(0, 2), { id: "to", value: "c" }])), [
      ["duplicate-entity-id", "error", "/entities/1/id"],
    ]);
    const payloads: [string, string, string][] = [
      ["code", "cancel(f); notify(to=a); email(to=b); notify(to=c)", "/entities/2/id"],
      ["json", `{"intent":"!CANCEL","entities":${JSON.stringify(repeated)}}`, "/entities/1/id"],
    ];
    for (const [frontend, payload, path] of payloads) {
      assert.throws(
        () => decode(payload, frontend),
        (error: unknown) => error instanceof SilpError && error.code === "invalid_ir" && error.path === path && /repeated within !NOTIFY/.test(error.message),
        frontend,
      );
    }
  });
});
