/**
 * The frontend registry: what a frontend can do is read from its methods, never from a flag, and
 * a registered name (a built-in included) is replaced only on request. Each test registers under
 * its own name (the registry is per process).
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { compile, compileAsync, decode, getFrontend, listFrontends, registerFrontend, unregisterFrontend, type FrontendDefinition } from "silp";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { resolveOptions } from "../../src/options.js";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";

const json = getFrontend("json");
const hike = { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "a1b2c3d4" } };
const upper: FrontendDefinition = {
  name: "t-upper",
  lossless: false,
  description: "json, upper-cased",
  compile: (ir, options) => (json.compile as NonNullable<typeof json.compile>)(ir, options).toUpperCase(),
};

describe("capabilities come from the methods", () => {
  test("the built-ins: code and json decode and compile synchronously; natural and nl_json only compile", () => {
    const info = Object.fromEntries(listFrontends().map((f) => [f.name, [f.decodes, f.async]]));
    assert.deepEqual(info.code, [true, false]);
    assert.deepEqual(info.json, [true, false]);
    assert.deepEqual(info.natural, [false, false]);
    assert.deepEqual(info.nl_json, [false, false]);
  });

  test("a compile-only frontend is listed as not decoding, and decode refuses it as compile-only", () => {
    const entry = registerFrontend(upper);
    assert.equal(entry.decodes, false);
    assert.equal(entry.async, false);
    assert.deepEqual(
      listFrontends().find((f) => f.name === "t-upper"),
      { name: "t-upper", lossless: false, decodes: false, async: false, streams: false, description: "json, upper-cased" },
    );
    assert.equal(compile(hike, "t-upper"), compile(hike, "json").toUpperCase());
    assert.equal(silpErrorOf(() => decode("{}", "t-upper")).code, "unsupported_frontend");
  });

  test("only compileAsync: async, refused by compile, served by compileAsync", async () => {
    const entry = registerFrontend({ name: "t-async", lossless: false, description: "async", compileAsync: async (ir) => ir.intent });
    assert.equal(entry.async, true);
    assert.equal(silpErrorOf(() => compile(hike, "t-async")).code, "unsupported_frontend");
    assert.equal(await compileAsync(hike, "t-async"), "!START");
  });

  test("a definition that states decodes or async is refused: the flag could contradict the methods", () => {
    for (const flag of ["decodes", "async"]) {
      const error = silpErrorOf(() => registerFrontend({ ...upper, name: `t-flag-${flag}`, [flag]: true } as FrontendDefinition));
      assert.equal(error.code, "invalid_options");
      assert.equal(error.details?.option, `frontend.${flag}`);
    }
    assert.throws(
      () => getFrontend("t-flag-decodes"),
      (error: { code?: string }) => error.code === "unsupported_frontend",
    );
  });

  test("malformed definitions: no name, no compile method, a method that is not a function, lossless not a boolean", () => {
    const cases: [unknown, string][] = [
      [{ ...upper, name: "" }, "frontend.name"],
      [{ name: "t-none", lossless: true, description: "" }, "frontend.compile"],
      [{ ...upper, name: "t-bad", decode: "yes" }, "frontend.decode"],
      [{ ...upper, name: "t-bad", lossless: "yes" }, "frontend.lossless"],
      [null, "frontend"],
    ];
    for (const [definition, option] of cases) {
      const error = silpErrorOf(() => registerFrontend(definition as FrontendDefinition));
      assert.equal(error.code, "invalid_options", JSON.stringify(definition));
      assert.equal(error.details?.option, option);
    }
  });
});

describe("replacing a registered frontend takes { replace: true }", () => {
  test("re-registering json is refused and json keeps decoding", () => {
    const error = silpErrorOf(() => registerFrontend({ name: "json", lossless: true, description: "no decoder", compile: () => "{}" }));
    assert.equal(error.code, "invalid_options");
    assert.equal(error.details?.frontend, "json");
    assert.equal(getFrontend("json").decodes, true);
    assert.equal(decode(compile(hike, "json"), "json").ir.intent, "!START");
  });

  test("with replace, the new definition and its capabilities are in force", () => {
    registerFrontend({ name: "t-swap", lossless: true, description: "first", compile: () => "1", decode: json.decode });
    assert.equal(getFrontend("t-swap").decodes, true);
    assert.equal(silpErrorOf(() => registerFrontend({ name: "t-swap", lossless: false, description: "second", compile: () => "2" })).code, "invalid_options");
    registerFrontend({ name: "t-swap", lossless: false, description: "second", compile: () => "2" }, { replace: true });
    assert.equal(getFrontend("t-swap").decodes, false);
    assert.equal(compile(hike, "t-swap"), "2");
  });
});

describe("unregisterFrontend removes what was registered, never a built-in", () => {
  test("a registered frontend is gone after it (unsupported_frontend, not listed); an unknown name is false; a built-in is invalid_options", () => {
    registerFrontend({ name: "t-gone", lossless: false, description: "removed again", compile: () => "x" });
    assert.equal(unregisterFrontend("t-gone"), true);
    assert.equal(silpErrorOf(() => getFrontend("t-gone")).code, "unsupported_frontend");
    assert.equal(
      listFrontends().some((frontend) => frontend.name === "t-gone"),
      false,
    );
    assert.equal(unregisterFrontend("t-gone"), false);
    for (const builtin of ["code", "json", "natural", "nl_json"]) {
      const error = silpErrorOf(() => unregisterFrontend(builtin));
      assert.equal(error.code, "invalid_options", builtin);
      assert.equal(getFrontend(builtin).name, builtin);
    }
  });
});

describe("a decoder says through its return value whether its IR is in normal form", () => {
  // Written out of normal form: a secondary action's entity before the primary's, meta fields
  // out of schema order. The expected normal form is written here, from docs/ir.md's rules.
  const unordered = {
    intent: "!START",
    entities: [
      { id: "to", value: "sam", action: "!EMAIL" },
      { id: "act", value: "hike", action: "!START" },
    ],
    meta: { out: "text", req_id: "a1b2c3d4" },
  };
  const normal = {
    silp: "v1",
    version: "ir-v0.1",
    intent: "!START",
    entities: [
      { id: "act", value: "hike", action: "!START" },
      { id: "to", value: "sam", action: "!EMAIL" },
    ],
    constraints: [],
    alternatives: [],
    meta: { req_id: "a1b2c3d4", priority: 0, confidence: 1, seq: [], out: "text" },
  };

  /** Registers a TEST DOUBLE frontend whose decoder returns a copy of `ir` with the given answer. */
  const registerDecoder = (name: string, ir: object, normalParts: boolean): void => {
    registerFrontend({
      name,
      lossless: false,
      description: "a test double",
      compile: () => "",
      decode: () => ({ ir: structuredClone(ir) as never, normalParts }),
    });
  };

  test("normalParts: false: decode normalizes what the decoder built", () => {
    registerDecoder("t-unordered", unordered, false);
    const { ir } = decode("anything", "t-unordered");
    assert.equal(JSON.stringify(ir), JSON.stringify(normal));
  });

  test("normalParts: true: decode keeps the decoder's parts as they are, brings meta to normal form, and still validates all of it", () => {
    registerDecoder("t-normal", normal, true);
    assert.equal(JSON.stringify(decode("anything", "t-normal").ir), JSON.stringify(normal));
    registerDecoder("t-meta", { ...normal, meta: { out: "text", req_id: "a1b2c3d4" } }, true);
    assert.equal(JSON.stringify(decode("anything", "t-meta").ir), JSON.stringify(normal));
    registerDecoder("t-invalid", { ...normal, intent: "START" }, true);
    assert.equal(silpErrorOf(() => decode("anything", "t-invalid")).code, "invalid_ir");
    registerDecoder("t-invalid-meta", { ...normal, meta: { ...normal.meta, priority: 1.5 } }, true);
    assert.equal(silpErrorOf(() => decode("anything", "t-invalid-meta")).code, "invalid_ir");
    registerDecoder("t-deep", { ...normal, meta: { ...normal.meta, x: [[[[[[1]]]]]] } }, true);
    assert.equal(silpErrorOf(() => decode("anything", "t-deep", { limits: { maxDepth: 5 } })).code, "limit_exceeded");
  });

  // Internals, on purpose: which of the two normalizations decode runs cannot be seen from
  // outside (both give the same IR); the code frontend's own answer is read from its decoder.
  test("the code frontend says its parts are in normal form unless a verb is called twice", () => {
    const code = getFrontend("code").decode as NonNullable<FrontendDefinition["decode"]>;
    const built = (text: string) => code(new DecodeContext(text, resolveOptions({}), IDENTITY_HOOKS), 0, text.length).normalParts;
    assert.equal(built("start(hike); email(sam)"), true);
    assert.equal(built("start(hike); email(sam); email(al)"), false);
    assert.equal(built("start(hike); email(sam); start(x)"), false);
    assert.equal(built("start(hike) #{p2 c.75 id=abcd sid=a1 seq=[a,b] out=json next=x silp=v1 version=ir-v0.2 x=`[1]`}"), true);
  });
});
