/**
 * Payloads of chosen dialects, written by hand from the rules of docs/dialects.md (the oracle is
 * this file, not the printer), each also decoded back to its IR.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { type ArgumentOrder, CODE_DIALECT, createDialect, parseDialectSpec } from "@silp/dialects";
import { type SilpIRInput, decode } from "silp";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { PROSE_LIKE_GENES, TERSE_GENES, dialectSpecWith } from "@silp/testkit/dialect-examples.js";

const dialectOf = (genes: Record<string, string>, argumentOrder?: ArgumentOrder) => createDialect(dialectSpecWith("x-example", genes, argumentOrder));

const PROSE = dialectOf(PROSE_LIKE_GENES);
const TERSE = dialectOf(TERSE_GENES);

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
  ["meta that must travel", ir({ meta: { ...meta, priority: 3 } }), "start hike #{p3}", "start(hike) meta {p3}"],
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
    // The page's block prints the draft's A.1 IR, whose meta asks for out=code, which the payload carries.
    assert.ok(page.includes(`plain.print(ir);            // "${printed} #{out=code}"`));
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

describe("keywords: ordered, payloads written by hand", () => {
  const ORDER: ArgumentOrder = { "!UPDATE": ["act", "field", "new_value"], "!TRANSLATE": ["src", "tgt", "style"], "!EMAIL": ["notify"] };
  const ORDERED_PROSE = dialectOf({ ...PROSE_LIKE_GENES, keywords: "ordered" }, ORDER);
  const ORDERED_TERSE = dialectOf({ ...TERSE_GENES, keywords: "ordered" }, ORDER);
  const update = (entities: SilpIRInput["entities"]): SilpIRInput => ({ intent: "!UPDATE", entities, meta });
  const translate = (entities: SilpIRInput["entities"]): SilpIRInput => ({ intent: "!TRANSLATE", entities, meta });

  /** [what, IR, ordered prose payload, ordered terse payload] */
  const ORDERED_CASES: [string, SilpIRInput, string, string][] = [
    [
      "the whole table: act, then two names left out",
      {
        ...update([
          { id: "act", value: "order_42" },
          { id: "field", value: "address" },
          { id: "new_value", value: "5 Tianfu Ave" },
        ]),
        constraints: [{ type: "auth", subject: "user", value: "verified" }],
      },
      'If auth user verified then update order_42 address "5 Tianfu Ave"',
      'if auth(user,verified): update(order_42,address,"5 Tianfu Ave")',
    ],
    [
      "three keyword names left out",
      translate([
        { id: "src", value: "fr_rev_bold" },
        { id: "tgt", value: "shakespeare_en" },
        { id: "style", value: "archaic_heavy" },
      ]),
      "translate fr_rev_bold shakespeare_en archaic_heavy",
      "translate(fr_rev_bold,shakespeare_en,archaic_heavy)",
    ],
    [
      "the run ends at the first name out of order; the rest keep their names",
      translate([
        { id: "src", value: "en" },
        { id: "style", value: "x" },
        { id: "tgt", value: "y" },
      ]),
      "translate en style=x tgt=y",
      "translate(en,style:x,tgt:y)",
    ],
    [
      "an act that breaks the run inside the table is written with its name",
      update([
        { id: "act", value: "a" },
        { id: "act", value: "b" },
        { id: "new_value", value: "c" },
      ]),
      "update a act=b new_value=c",
      "update(a,act:b,new_value:c)",
    ],
    [
      "a leading act where the table expects a keyword is written with its name",
      translate([
        { id: "act", value: "doc" },
        { id: "src", value: "fr" },
      ]),
      "translate act=doc src=fr",
      "translate(act:doc,src:fr)",
    ],
    [
      "after the table's last name, an argument without a name is positional again",
      {
        intent: "!EMAIL",
        entities: [
          { id: "notify", value: "zhangsan" },
          { id: "act", value: "report" },
        ],
        meta,
      },
      "email zhangsan report",
      "email(zhangsan,report)",
    ],
    [
      "A.2: a secondary call's table",
      A2,
      "If loc me Beijing t+1am then cancel flight and email zhangsan",
      "if loc(me,Beijing,t+1am): cancel(flight)\nemail(zhangsan)",
    ],
    [
      "a verb without a table keeps every name",
      ir({
        entities: [
          { id: "act", value: "hike" },
          { id: "field", value: "x" },
        ],
      }),
      "start hike field=x",
      "start(hike,field:x)",
    ],
    [
      "alternatives never leave names out",
      ir({ alternatives: [{ action: "!UPDATE", target: "a", field: "b" }] }),
      "start hike otherwise update a field=b",
      "start(hike) | update(a,field:b)",
    ],
    [
      "a value left without its name is quoted as any value is",
      { intent: "!EMAIL", entities: [{ id: "notify", value: "at" }], meta },
      'email "at"',
      "email(at)",
    ],
  ];

  for (const [what, input, prose, terse] of ORDERED_CASES) {
    test(what, () => {
      const options = { whitelist: "off" } as const;
      const viaCode = decode(createDialect(CODE_DIALECT).print(input, options), "code", options).ir;
      for (const [dialect, expected] of [[ORDERED_PROSE, prose] as const, [ORDERED_TERSE, terse] as const]) {
        assert.equal(dialect.print(input, options), expected);
        const back = dialect.parse(expected, options);
        assert.deepStrictEqual({ ...back, meta: { ...back.meta, req_id: "" } }, { ...viaCode, meta: { ...viaCode.meta, req_id: "" } });
      }
    });
  }

  test("the same dialect with keywords: named, or without a table, writes every name", () => {
    const ir = translate([
      { id: "src", value: "fr" },
      { id: "tgt", value: "en" },
    ]);
    assert.equal(dialectOf({ ...PROSE_LIKE_GENES, keywords: "named" }, ORDER).print(ir), "translate src=fr tgt=en");
    assert.equal(dialectOf({ ...PROSE_LIKE_GENES, keywords: "ordered" }).print(ir), "translate src=fr tgt=en");
    assert.equal(dialectOf({ keywords: "ordered" }, ORDER).print(ir), "translate(fr,en)");
  });

  test("the names a peer would restore are refused when written out, and vice versa", () => {
    for (const text of ["translate src=fr tgt=en", "translate fr tgt=en", "update act=a field=b", "update a b new_value=c"]) {
      assert.equal(silpErrorOf(() => ORDERED_PROSE.parse(text, { whitelist: "off" })).code, "invalid_syntax", text);
    }
    // Without the table, the leading values are positional arguments (act), another IR.
    assert.deepEqual(
      PROSE.parse("translate fr en", { whitelist: "off" }).entities.map((entity) => entity.id),
      ["act", "act"],
    );
  });
});
