/**
 * resolveOptions: every key of every options object is checked, frozen or not, resolved before or
 * not (nothing is trusted by identity); a resolved object is complete, valid options, so
 * resolving it again gives an equal object; a key that is not an option is refused with a
 * suggestion when it is a near miss.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, validate, decode, type SilpIRInput } from "silp";
import { resolveOptions, DEFAULT_OPTIONS } from "../src/options.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const frozenUserOptions = (extra: Record<string, unknown> = {}) => Object.freeze({ limits: Object.freeze({ maxDepth: 8 }), ...extra });
const excluded: SilpIRInput = { intent: "!ESCALATE", meta: { req_id: "a1b2c3d4" } };

describe("resolveOptions: frozen user options are resolved like any others", () => {
  test("a frozen options object with frozen limits still gets the strict whitelist", () => {
    const result = validate(excluded, frozenUserOptions());
    assert.equal(result.ok, false);
    assert.equal(result.issues.find((issue) => issue.rule === "verb-whitelist")?.severity, "error");
    assert.throws(() => compile(excluded, "code", frozenUserOptions() as never), { code: "invalid_ir" });
  });

  test("the defaults are filled in and the partial limits merged", () => {
    const resolved = resolveOptions(frozenUserOptions() as never);
    assert.deepEqual(resolved.whitelist, { mode: "strict", extra: [] });
    assert.equal(resolved.strict, false);
    assert.equal(resolved.scopeLimited, false);
    assert.equal(resolved.inlineMeta, "auto");
    assert.deepEqual(resolved.sanitize, DEFAULT_OPTIONS.sanitize);
    assert.deepEqual(resolved.limits, { maxInputLength: DEFAULT_OPTIONS.limits.maxInputLength, maxDepth: 8 });
  });

  test("a frozen object shaped exactly like resolved options is still checked", () => {
    const forged = Object.freeze({
      whitelist: "bogus",
      strict: false,
      scopeLimited: false,
      inlineMeta: false,
      limits: Object.freeze({ maxInputLength: 10, maxDepth: 8 }),
      sanitize: false,
    });
    assert.equal(silpErrorOf(() => resolveOptions(forged as never)).code, "invalid_options");
  });

  test("resolving is idempotent: a resolved object resolves to an equal, frozen, plain object", () => {
    const resolved = resolveOptions({
      whitelist: { mode: "advisory", extra: ["SHIP"] },
      limits: { maxDepth: 9 },
      sanitize: { invisible: "flag" },
      frontendOptions: { rate: 0.5 },
    });
    const again = resolveOptions(resolved);
    assert.deepEqual(again, resolved);
    assert.ok(Object.isFrozen(again) && Object.isFrozen(again.whitelist) && Object.isFrozen(again.limits) && Object.isFrozen(again.frontendOptions));
    assert.equal(Object.getPrototypeOf(again), Object.prototype);
    assert.equal(resolveOptions(undefined), DEFAULT_OPTIONS);
    // A resolved object spread into a new one is user input again, and still valid.
    assert.deepEqual(resolveOptions({ ...resolved, inlineMeta: true }).whitelist, { mode: "advisory", extra: ["!SHIP"] });
  });

  test("a key that is not an option is refused, with a suggestion for a near miss", () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ extraVerbs: ["SHIP"] }, "extraVerbs", /^extraVerbs is not an option \(known: /],
      [{ whitelsit: "off" }, "whitelist", /did you mean "whitelist"\?/],
      [{ Strict: true }, "strict", /did you mean "strict"\?/],
      [{ rate: 0.5 }, "rate", /^rate is not an option \(known: .*frontendOptions\)$/],
    ];
    for (const [options, option, message] of cases) {
      const error = silpErrorOf(() => resolveOptions(options as never));
      assert.equal(error.code, "invalid_options", JSON.stringify(options));
      assert.equal(error.details?.option, Object.keys(options)[0]);
      assert.match(error.message, message, option);
    }
    assert.equal(silpErrorOf(() => decode("start(hike)", "code", { extraVerbs: ["SHIP"] } as never)).code, "invalid_options");
  });
});

describe("every user option is checked, with a typed SilpError", () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ["whitelist", { whitelist: "bogus" }],
    ["frozen whitelist", frozenUserOptions({ whitelist: "bogus" })],
    ["strict", { strict: "yes" }],
    ["scopeLimited", { scopeLimited: 1 }],
    ["inlineMeta", { inlineMeta: "yes" }],
    ["limits (not an object)", { limits: 5 }],
    ["limits.maxDepth", { limits: { maxDepth: 0 } }],
    ["limits.maxInputLength", { limits: { maxInputLength: 1.5 } }],
    ["limits (unknown key)", { limits: { maxDepht: 3 } }],
    ["sanitize (not an object)", { sanitize: "strip" }],
    ["sanitize.invisible", { sanitize: { invisible: "bogus" } }],
    ["frozen sanitize", { sanitize: Object.freeze({ invisible: "bogus", homoglyphs: "normalize", joiners: "contextual", maxHits: 5 }) }],
  ];
  for (const [name, options] of bad) {
    test(`${name}: invalid_options naming the option`, () => {
      const error = silpErrorOf(() => resolveOptions(options as never));
      assert.equal(error.code, "invalid_options");
      assert.equal(typeof error.details?.option, "string");
    });
  }

  test("options that are not an object are refused", () => {
    for (const options of [null, 5, "strict", []]) {
      assert.equal(silpErrorOf(() => resolveOptions(options as never)).code, "invalid_options");
    }
  });

  test("decode and compile refuse bad options before doing any work", () => {
    assert.equal(silpErrorOf(() => decode("cancel(flight)", "code", { whitelist: "bogus" as never })).code, "invalid_options");
    assert.equal(silpErrorOf(() => compile(excluded, "code", { strict: "no" as never })).code, "invalid_options");
  });

  test("valid options of every kind are accepted", () => {
    const resolved = resolveOptions({
      whitelist: "off",
      strict: true,
      scopeLimited: true,
      inlineMeta: true,
      limits: { maxDepth: 3 },
      sanitize: { invisible: "reject" },
    });
    assert.equal(resolved.whitelist.mode, "off");
    assert.equal(resolved.strict, true);
    assert.equal(resolved.limits.maxDepth, 3);
    assert.ok(resolved.sanitize);
    assert.equal(resolved.sanitize.invisible, "reject");
    assert.equal(resolveOptions({ sanitize: false }).sanitize, false);
  });
});
