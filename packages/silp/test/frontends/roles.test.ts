/**
 * The code frontend's role rules (docs/grammar.md, "Role rules") checked by
 * decoding against IR parts written by hand. The round-trip properties cannot catch a role swap:
 * the printer shares the role logic (roles.ts), so swapping subject and value would still
 * round-trip. Each row is one role form of the grammar page.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { decode, type Alternative, type Constraint, type Entity } from "silp";

const OFF = { whitelist: "off", strict: true } as const;

function constraintsOf(condition: string): Constraint[] {
  return decode(`if ${condition}: cancel(a)`, "code", OFF).ir.constraints;
}

function entitiesOf(actions: string): Entity[] {
  return decode(actions, "code", OFF).ir.entities;
}

function alternativesOf(branch: string): Alternative[] {
  return decode(`cancel(a) else: ${branch}`, "code", OFF).ir.alternatives;
}

describe("constraint call roles by positional count", () => {
  const rows: [string, Constraint][] = [
    ["loc(Beijing)", { type: "loc", value: "Beijing" }],
    ["loc(Beijing,t+1am)", { type: "loc", value: "Beijing", time: "t+1am" }],
    ["loc(Beijing,t-2am)", { type: "loc", value: "Beijing", time: "t-2am" }],
    ["loc(me,Beijing)", { type: "loc", subject: "me", value: "Beijing" }],
    ["loc(me,Beijing,t+1am)", { type: "loc", subject: "me", value: "Beijing", time: "t+1am" }],
    ["loc(me,Beijing,t-2am)", { type: "loc", subject: "me", value: "Beijing", time: "t-2am" }],
    // The third positional is the time whatever it looks like; the second only when time-like.
    ["loc(me,Beijing,tomorrow)", { type: "loc", subject: "me", value: "Beijing", time: "tomorrow" }],
    ["loc(me,t+5)", { type: "loc", value: "me", time: "t+5" }],
    ["loc(me,t)", { type: "loc", subject: "me", value: "t" }],
    ["loc(me,t1)", { type: "loc", subject: "me", value: "t1" }],
    ['loc(me,"t-2am")', { type: "loc", value: "me", time: "t-2am" }],
    ["auth(subject=user,value=t+5)", { type: "auth", subject: "user", value: "t+5" }],
    ["deadline(x,time=tomorrow)", { type: "deadline", value: "x", time: "tomorrow" }],
    ['price(hotel,500,operator="<=")', { type: "price", subject: "hotel", value: "500", operator: "<=" }],
    ["budget(500,weight=`0.5`)", { type: "budget", value: "500", weight: 0.5 }],
    ["budget(500,weight=0.5)", { type: "budget", value: "500", weight: "0.5" }],
    ['budget(value=500,subject=`{"a":[1,null]}`)', { type: "budget", value: "500", subject: { a: [1, null] } }],
    ['"my type"(x)', { type: "my type", value: "x" }],
  ];
  for (const [condition, expected] of rows) {
    test(condition, () => assert.deepStrictEqual(constraintsOf(condition), [expected]));
  }
});

describe("negation and operator roles", () => {
  const rows: [string, Constraint][] = [
    ["!rain", { type: "!rain", value: "true" }],
    ["!rain()", { type: "!rain", value: "true" }],
    ["!rain(t+1)", { type: "!rain", value: "true", time: "t+1" }],
    ["!rain(t-2am)", { type: "!rain", value: "true", time: "t-2am" }],
    ["!rain(tomorrow)", { type: "!rain", value: "true", time: "tomorrow" }],
    ["!rain(t+1,value=heavy)", { type: "!rain", value: "heavy", time: "t+1" }],
    ["price<=500", { type: "price", value: "500", operator: "<=" }],
    ["temp>30, t+2", { type: "temp", value: "30", time: "t+2", operator: ">" }],
    ["temp!=30, t-2am", { type: "temp", value: "30", time: "t-2am", operator: "!=" }],
    ['x=="a b"', { type: "x", value: "a b", operator: "==" }],
  ];
  for (const [condition, expected] of rows) {
    test(condition, () => assert.deepStrictEqual(constraintsOf(condition), [expected]));
  }
  test("two conditions keep their order", () => {
    assert.deepStrictEqual(constraintsOf("!rain(t+1) and price<=500"), [
      { type: "!rain", value: "true", time: "t+1" },
      { type: "price", value: "500", operator: "<=" },
    ]);
  });
});

describe("call roles", () => {
  const rows: [string, Entity[]][] = [
    ["cancel(a)", [{ id: "act", value: "a", action: "!CANCEL" }]],
    [
      "cancel(a,b)",
      [
        { id: "act", value: "a", action: "!CANCEL" },
        { id: "act", value: "b", action: "!CANCEL" },
      ],
    ],
    ["email(notify=zhangsan)", [{ id: "notify", value: "zhangsan", action: "!EMAIL" }]],
    ['cancel(a[prio=high,w=`2`,"k k"="v"])', [{ id: "act", value: "a", action: "!CANCEL", prio: "high", w: 2, "k k": "v" }]],
    [
      "cancel(a); email(to=b,c)",
      [
        { id: "act", value: "a", action: "!CANCEL" },
        { id: "to", value: "b", action: "!EMAIL" },
        { id: "act", value: "c", action: "!EMAIL" },
      ],
    ],
    ['start("Li, Wei")', [{ id: "act", value: "Li, Wei", action: "!START" }]],
    ["switch_tool(x)", [{ id: "act", value: "x", action: "!SWITCH_TOOL" }]],
  ];
  for (const [actions, expected] of rows) {
    test(actions, () => assert.deepStrictEqual(entitiesOf(actions), expected));
  }
  test("the first call gives the intent", () => {
    assert.equal(decode("email(b); cancel(a)", "code", OFF).ir.intent, "!EMAIL");
  });
});

describe("else-branch roles", () => {
  const rows: [string, Alternative[]][] = [
    ["start(cards)", [{ action: "!START", target: "cards" }]],
    ["start(cards@indoor)", [{ action: "!START", target: "cards", location: "indoor" }]],
    ["start(cards,loc=indoor)", [{ action: "!START", target: "cards", location: "indoor" }]],
    ['start(cards,"loc"=indoor)', [{ action: "!START", target: "cards", loc: "indoor" }]],
    ['start(cards@"")', [{ action: "!START", target: "cards", location: "" }]],
    ["start(target=cards,prio=high)", [{ action: "!START", target: "cards", prio: "high" }]],
    ["start(cards,n=`3`)", [{ action: "!START", target: "cards", n: 3 }]],
    ["start(loc=indoor)", [{ action: "!START", location: "indoor" }]],
    ["start()", [{ action: "!START" }]],
    [
      "start(x); cancel(y@z)",
      [
        { action: "!START", target: "x" },
        { action: "!CANCEL", target: "y", location: "z" },
      ],
    ],
  ];
  for (const [branch, expected] of rows) {
    test(branch, () => assert.deepStrictEqual(alternativesOf(branch), expected));
  }
});

describe("what a role does not allow is an error at its position", () => {
  const rows: [string, string, number][] = [
    ["if loc(a,b,c,d): cancel(x)", "decode_failed", 13],
    ["if !rain(t+1,t+2): cancel(x)", "decode_failed", 13],
    ["if x(type=y,value=z): cancel(a)", "decode_failed", 5],
    ["if x(value=a,value=b): cancel(c)", "decode_failed", 13],
    ["if x(value=`1`): cancel(a)", "decode_failed", 11],
    ["if x(`1`): cancel(a)", "decode_failed", 5],
    ["if x(a@b): cancel(c)", "invalid_syntax", 6],
    ["if x(a[k=v]): cancel(c)", "invalid_syntax", 5],
    ["if x(time=t+1): cancel(c)", "decode_failed", 3],
    ["cancel(a) else: start(x,y)", "decode_failed", 24],
    ["cancel(a) else: start(action=x)", "decode_failed", 22],
    ["cancel(a) else: start(x[k=v])", "invalid_syntax", 22],
    ["cancel(a) else: start(t=x@y)", "invalid_syntax", 25],
    ["cancel(a) else: start(x@y,loc=z)", "decode_failed", 26],
    ["cancel(a@b)", "invalid_syntax", 8],
    ["cancel(`1`)", "decode_failed", 7],
    ["cancel(a[value=b])", "decode_failed", 9],
    ["cancel(a[k=b,k=c])", "decode_failed", 13],
  ];
  for (const [payload, code, offset] of rows) {
    test(payload, () => {
      const error = silpErrorOf(() => decode(payload, "code", OFF));
      assert.deepEqual([error.code, error.offset], [code, offset], error.message);
    });
  }
});
