/**
 * Application verbs. A deployment adds its own verbs with
 * `whitelist: { mode, extra }`; they are checked when options are resolved (shape, not excluded,
 * count) and accepted wherever validation checks a verb. Expected values are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, decode, validate, verbsInForce, type SilpIRInput } from "silp";
import { resolveOptions } from "../../src/options.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const APPROVED_SORTED = [
  "!BOOK",
  "!CANCEL",
  "!EMAIL",
  "!FETCH",
  "!NOTIFY",
  "!PROCESS",
  "!ROUTE",
  "!SEARCH",
  "!START",
  "!SUGGEST",
  "!SWITCH",
  "!TRANSLATE",
  "!UPDATE",
];
const withRefund = { whitelist: { extra: ["REFUND"] } } as const;
const refund: SilpIRInput = { intent: "!REFUND", entities: [{ id: "act", value: "order_17" }], meta: { req_id: "a1b2c3d4" } };

describe("whitelist option: the string form and { mode, extra }", () => {
  test("the string form keeps working and has no extra verbs", () => {
    const resolved = resolveOptions({ whitelist: "advisory" });
    assert.deepEqual(resolved.whitelist, { mode: "advisory", extra: [] });
  });

  test("extra verbs are normalized with !, sorted and deduplicated; mode defaults to strict", () => {
    const resolved = resolveOptions({ whitelist: { extra: ["SHIP", "!REFUND", "REFUND"] } });
    assert.deepEqual(resolved.whitelist, { mode: "strict", extra: ["!REFUND", "!SHIP"] });
    assert.ok(Object.isFrozen(resolved.whitelist.extra));
    assert.equal(resolveOptions({ whitelist: { mode: "off", extra: [] } }).whitelist.mode, "off");
  });

  test("an excluded verb (spec 3.8 Table 8) is refused, named in the error", () => {
    for (const verb of ["ESCALATE", "!SWITCH_TOOL"]) {
      const error = silpErrorOf(() => resolveOptions({ whitelist: { extra: ["REFUND", verb] } }));
      assert.equal(error.code, "invalid_options");
      assert.equal(error.details?.option, "whitelist.extra[1]");
      assert.match(error.message, verb.startsWith("!") ? /!SWITCH_TOOL is excluded/ : /!ESCALATE is excluded/);
    }
  });

  test("a verb of the wrong shape is refused: lower case, digits, empty, too long, not a string", () => {
    for (const verb of ["refund", "REFUND2", "", "!", "RE FUND", "!!REFUND", "_REFUND", "A".repeat(33), 7, null]) {
      const error = silpErrorOf(() => resolveOptions({ whitelist: { extra: [verb as string] } }));
      assert.equal(error.code, "invalid_options", String(verb));
      assert.equal(error.details?.option, "whitelist.extra[0]");
    }
  });

  test("a bad container is refused: not an array, too many verbs, unknown key, bad mode", () => {
    const cases: [unknown, string][] = [
      [{ extra: "REFUND" }, "whitelist.extra"],
      [{ extra: Array.from({ length: 65 }, (_, i) => `V${"A".repeat(i % 20)}`) }, "whitelist.extra"],
      [{ verbs: ["REFUND"] }, "whitelist.verbs"],
      [{ mode: "lenient" }, "whitelist.mode"],
      ["lenient", "whitelist"],
      [["REFUND"], "whitelist"],
    ];
    for (const [whitelist, option] of cases) {
      const error = silpErrorOf(() => resolveOptions({ whitelist: whitelist as never }));
      assert.equal(error.code, "invalid_options", JSON.stringify(whitelist));
      assert.equal(error.details?.option, option);
    }
  });

  test("a copy of resolved options keeps the extra verbs (spread, then resolved again)", () => {
    const resolved = resolveOptions({ whitelist: { extra: ["SHIP"] } });
    assert.deepEqual(resolveOptions({ ...resolved, inlineMeta: false }).whitelist.extra, ["!SHIP"]);
    // compile without meta resolves such a copy to print the payload its req_id comes from.
    assert.equal(compile({ intent: "!SHIP", entities: [{ id: "act", value: "box" }] }, "code", resolved), "ship(box)");
  });

  test("64 extra verbs are accepted (the cap is inclusive)", () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const verbs = Array.from({ length: 64 }, (_, i) => `X${letters[Math.floor(i / 26)]}${letters[i % 26]}`);
    assert.equal(resolveOptions({ whitelist: { extra: verbs } }).whitelist.extra.length, 64);
  });
});

describe("verbsInForce", () => {
  test("without options: the 13 approved verbs of spec 3.8 Table 7, sorted", () => {
    assert.deepEqual(verbsInForce(), APPROVED_SORTED);
  });

  test("with extra verbs: approved + extra, sorted, an approved one not repeated", () => {
    assert.deepEqual(verbsInForce({ whitelist: { extra: ["REFUND", "BOOK", "SHIP"] } }), [...APPROVED_SORTED, "!REFUND", "!SHIP"].sort());
  });

  test("bad options raise invalid_options", () => {
    assert.equal(silpErrorOf(() => verbsInForce({ whitelist: { extra: ["ESCALATE"] } })).code, "invalid_options");
  });
});

describe("validation accepts the extra verbs wherever a verb is checked", () => {
  test("intent: refused under the plain whitelist, accepted with the extra verb", () => {
    const plain = validate(refund);
    assert.equal(plain.ok, false);
    assert.deepEqual(
      plain.issues.map((issue) => [issue.rule, issue.path]),
      [["verb-whitelist", "/intent"]],
    );
    const extended = validate(refund, withRefund);
    assert.equal(extended.ok, true);
    assert.deepEqual(extended.issues, []);
  });

  test("advisory mode raises no warning for an extra verb, still warns for an unknown one", () => {
    const result = validate({ ...refund, alternatives: [{ action: "!SHIP" }] }, { whitelist: { mode: "advisory", extra: ["REFUND"] } });
    assert.equal(result.ok, true);
    assert.deepEqual(
      result.issues.map((issue) => [issue.rule, issue.severity, issue.path]),
      [["verb-whitelist", "warning", "/alternatives/0/action"]],
    );
  });

  test("alternatives, meta.seq and a secondary entity's action", () => {
    const ir: SilpIRInput = {
      intent: "!BOOK",
      entities: [
        { id: "act", value: "hotel" },
        { id: "to", value: "desk", action: "!SHIP" },
      ],
      alternatives: [{ action: "!REFUND" }],
      meta: { req_id: "a1b2c3d4", seq: ["!BOOK", "!SHIP"] },
    };
    assert.deepEqual(
      validate(ir, withRefund)
        .issues.filter((issue) => issue.rule === "verb-whitelist")
        .map((issue) => issue.path),
      ["/entities/1/action", "/meta/seq/1"],
    );
    assert.equal(validate(ir, { whitelist: { extra: ["REFUND", "SHIP"] } }).ok, true);
  });

  test("compile and decode with the extra verb; without it both refuse with invalid_ir", () => {
    assert.equal(compile(refund, "code", withRefund), "refund(order_17)");
    const decoded = decode("refund(order_17)", "code", withRefund);
    assert.equal(decoded.ir.intent, "!REFUND");
    assert.deepEqual(decoded.ir.entities, [{ id: "act", value: "order_17", action: "!REFUND" }]);
    assert.equal(silpErrorOf(() => compile(refund, "code")).code, "invalid_ir");
    assert.equal(silpErrorOf(() => decode("refund(order_17)", "code")).code, "invalid_ir");
  });
});
