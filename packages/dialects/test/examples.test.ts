/**
 * Payloads of chosen dialects, written by hand from the rules of docs/dialects.md (the oracle is
 * this file, not the printer), each also decoded back to its IR.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CODE_DIALECT, createDialect, parseDialectSpec } from "@silp/dialects";
import { type SilpIRInput, decode } from "silp";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const dialectOf = (genes: Record<string, string>) =>
  createDialect(parseDialectSpec({ silp_dialect: 1, name: "x-example", genes: { ...CODE_DIALECT.genes, ...genes } }));

const PROSE = dialectOf({
  if: "If",
  // biome-ignore lint/suspicious/noThenProperty: the gene named "then" (a string, never awaited)
  then: "then",
  actions: "and",
  else: "otherwise",
  alternatives: "or",
  call: "spaces",
  location: "at",
  negation: "not",
  operators: "words",
  time: "at",
});
const TERSE = dialectOf({ and: "&", actions: "newline", else: "|", alternatives: ",", empty_args: "omit", equals: ":", operators: "spaced", meta: "meta" });

const meta = { req_id: "a1b2c3d4" };
const A1: SilpIRInput = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta,
};
const A2: SilpIRInput = {
  intent: "!CANCEL",
  entities: [
    { id: "act", value: "flight" },
    { id: "notify", value: "zhangsan", action: "!EMAIL" },
  ],
  constraints: [{ type: "loc", value: "Beijing", subject: "me", time: "t+1am" }],
  meta,
};
const ir = (fields: Partial<SilpIRInput>): SilpIRInput => ({ intent: "!START", entities: [{ id: "act", value: "hike" }], meta, ...fields });

/** [what, IR, x-prose payload, terse payload] */
const CASES: [string, SilpIRInput, string, string][] = [
  ["A.1", A1, "If not rain t+1 then start hike otherwise start cards at indoor", "if !rain(t+1): start(hike) | start(cards@indoor)"],
  ["A.2", A2, "If loc me Beijing t+1am then cancel flight and email notify=zhangsan", "if loc(me,Beijing,t+1am): cancel(flight)\nemail(notify:zhangsan)"],
  [
    "operator with time, two conditions",
    ir({
      constraints: [
        { type: "temp", value: "30", operator: ">=", time: "t+1" },
        { type: "wind", value: "5", operator: "<" },
      ],
    }),
    "If temp at least 30 at t+1 and wind below 5 then start hike",
    "if temp >= 30, t+1 & wind < 5: start(hike)",
  ],
  [
    "!= and ==",
    ir({
      constraints: [
        { type: "a", value: "b", operator: "!=" },
        { type: "c", value: "d", operator: "==" },
      ],
    }),
    "If a is not b and c is d then start hike",
    "if a != b & c == d: start(hike)",
  ],
  ["a call without arguments", ir({ entities: [] }), "start", "start"],
  [
    "negation with a value",
    ir({ constraints: [{ type: "!rain", value: "heavy" }] }),
    "If not rain value=heavy then start hike",
    "if !rain(value:heavy): start(hike)",
  ],
  ["entity extra field", ir({ entities: [{ id: "act", value: "hike", note: "x" }] }), "start hike[note=x]", "start(hike[note:x])"],
  [
    "values that are words of the dialect are quoted",
    ir({
      entities: [
        { id: "act", value: "at" },
        { id: "k", value: "or" },
      ],
    }),
    'start "at" k="or"',
    "start(at,k:or)",
  ],
  ["a code keyword is quoted in every dialect", ir({ entities: [{ id: "act", value: "and" }] }), 'start "and"', 'start("and")'],
  [
    "| alone is quoted only where it is a word of the dialect",
    ir({
      entities: [
        { id: "act", value: "a|b" },
        { id: "k", value: "|" },
      ],
    }),
    "start a|b k=|",
    'start(a|b,k:"|")',
  ],
  ["a function name that is a word of the dialect", ir({ intent: "!OR", entities: [{ id: "act", value: "x" }] }), '"or" x', "or(x)"],
  [
    "alternatives",
    ir({
      alternatives: [
        { action: "!STOP", target: "a" },
        { action: "!WAIT", location: "home" },
      ],
    }),
    "start hike otherwise stop a or wait loc=home",
    "start(hike) | stop(a), wait(loc:home)",
  ],
  [
    "meta that must travel",
    ir({ meta: { ...meta, priority: 3 } }),
    'start hike #meta {"meta":{"req_id":"a1b2c3d4","priority":3,"confidence":1,"seq":[],"out":"natural"}}',
    'start(hike) meta {"meta":{"req_id":"a1b2c3d4","priority":3,"confidence":1,"seq":[],"out":"natural"}}',
  ],
];

describe("dialect payloads written by hand", () => {
  for (const [what, input, prose, terse] of CASES) {
    test(what, () => {
      const options = { whitelist: "off" } as const;
      for (const [dialect, expected] of [[PROSE, prose] as const, [TERSE, terse] as const]) {
        assert.equal(dialect.print(input, options), expected);
        const back = dialect.parse(expected, options);
        const viaCode = decode(createDialect(CODE_DIALECT).print(input, options), "code", options).ir;
        assert.deepStrictEqual({ ...back, meta: { ...back.meta, req_id: "" } }, { ...viaCode, meta: { ...viaCode.meta, req_id: "" } });
      }
    });
  }

  test("key and value with spaces: k= v and k = v", () => {
    const spaced = { call: "spaces", equals: "= " };
    assert.equal(dialectOf(spaced).print(A2), "if loc me Beijing t+1am: cancel flight; email notify= zhangsan");
    assert.equal(dialectOf({ ...spaced, equals: " = " }).print(A2), "if loc me Beijing t+1am: cancel flight; email notify = zhangsan");
    assert.equal(dialectOf({ equals: " = " }).print(ir({ entities: [{ id: "act", value: "hike", note: "x" }] })), "start(hike[note = x])");
    assert.equal(dialectOf(spaced).parse("if loc me Beijing t+1am: cancel flight; email notify= zhangsan").entities[1]?.value, "zhangsan");
    assert.equal(silpErrorOf(() => dialectOf(spaced).parse("if loc me Beijing t+1am: cancel flight; email notify=zhangsan")).code, "invalid_syntax");
  });

  test("docs/dialects.md: its dialect file is valid and prints what the page says", () => {
    const page = readFileSync(join(REPO_ROOT, "docs/dialects.md"), "utf8");
    const file = /```json\n([\s\S]*?)```/.exec(page)?.[1];
    assert.ok(file);
    const dialect = createDialect(parseDialectSpec(JSON.parse(file)));
    const printed = dialect.print(A1);
    assert.equal(printed, "if not rain t+1: start hike otherwise start cards at indoor");
    assert.ok(page.includes(`plain.print(ir);            // "${printed}"`));
  });

  test("texts close to a payload but not printed by the dialect are refused", () => {
    for (const text of [
      "If not rain t+1 then start hike otherwise start cards @indoor",
      "If not rain t+1 then start hike otherwise start cards at  indoor",
      "if not rain t+1 then start hike",
      "If not rain t+1 then start at",
      "If not rain t+1 then start hike and",
      "If not rain t+1: start hike",
      "start hike otherwise",
    ]) {
      assert.equal(silpErrorOf(() => PROSE.parse(text, { whitelist: "off" })).code, "invalid_syntax", text);
    }
  });
});
