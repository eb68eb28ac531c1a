/**
 * The json frontend's lenient repair (frontends/json/repair.ts) against hand-written results: the strict text handed to the parser, every repair with its kind,
 * offset and message, and the map from repaired offsets back to the original ones. Each offset was
 * counted by hand on the payload shown; the refusals list damage that decode must not guess at.
 *
 * Internals, on purpose: the repaired text handed to the parser and the offset map back are the
 * repair's own outputs; decode() shows only their result.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, type Repair } from "silp";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { repairJson } from "../../src/frontends/json/repair.js";
import { resolveOptions } from "../../src/options.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

interface Repaired {
  text: string;
  repairs: Repair[];
  /** originalOffset(o) for every o from 0 to text.length. */
  offsets: number[];
}

function repair(payload: string, base = 0): Repaired | undefined {
  const context = new DecodeContext(payload, resolveOptions({}), IDENTITY_HOOKS);
  const repaired = repairJson(context, payload, base);
  if (!repaired) {
    assert.deepEqual(context.repairs, [], "a refused repair records nothing");
    return undefined;
  }
  const offsets: number[] = [];
  for (let offset = 0; offset <= repaired.text.length; offset++) offsets.push(repaired.originalOffset(offset));
  return { text: repaired.text, repairs: context.repairs, offsets };
}

const comma = (offset: number, close: "}" | "]"): Repair => ({ kind: "json_trailing_comma", offset, message: `a comma before ${close}` });
const comment = (offset: number): Repair => ({ kind: "json_comment", offset, message: "a comment in JSON" });
const single = (offset: number, shown: string): Repair => ({ kind: "json_single_quotes", offset, message: `a single-quoted string ${shown}` });
const key = (offset: number, shown: string): Repair => ({ kind: "json_unquoted_key", offset, message: `an unquoted key ${shown}` });
const python = (offset: number, shown: string): Repair => ({ kind: "json_python_literal", offset, message: `the Python literal ${shown}` });

describe("json repair: each damage kind, its offset, message and offset map", () => {
  const cases: [string, Repaired][] = [
    // [ 1 , 2 , ]  ->  [ 1 , 2 ]: the `]` at 4 in the repair was at 5.
    ["[1,2,]", { text: "[1,2]", repairs: [comma(4, "]")], offsets: [0, 1, 2, 3, 5, 5] }],
    ["[1,]   ", { text: "[1]   ", repairs: [comma(2, "]")], offsets: [0, 1, 3, 3, 3, 3, 3] }],
    ["[-1,2.5,]", { text: "[-1,2.5]", repairs: [comma(7, "]")], offsets: [0, 1, 1, 3, 4, 4, 4, 8, 8] }],
    ["[1e5,]", { text: "[1e5]", repairs: [comma(4, "]")], offsets: [0, 1, 1, 1, 5, 5] }],
    ['["x",]', { text: '["x"]', repairs: [comma(4, "]")], offsets: [0, 1, 1, 1, 5, 5] }],
    ["[true,]", { text: "[true]", repairs: [comma(5, "]")], offsets: [0, 1, 1, 1, 1, 6, 6] }],
    ["[[],1,]", { text: "[[],1]", repairs: [comma(5, "]")], offsets: [0, 1, 2, 3, 4, 6, 6] }],
    ['{"a":{},}', { text: '{"a":{}}', repairs: [comma(7, "}")], offsets: [0, 1, 1, 1, 4, 5, 6, 8, 8] }],
    ['{"a":{"b":[]},}', { text: '{"a":{"b":[]}}', repairs: [comma(13, "}")], offsets: [0, 1, 1, 1, 4, 5, 6, 6, 6, 9, 10, 11, 12, 14, 14] }],
    ['{"a":[1,],}', { text: '{"a":[1]}', repairs: [comma(7, "]"), comma(9, "}")], offsets: [0, 1, 1, 1, 4, 5, 6, 8, 10, 10] }],
    // Tab, line feed and carriage return are whitespace between tokens.
    ['{\t"a"\r\n:1,}', { text: '{\t"a"\r\n:1}', repairs: [comma(9, "}")], offsets: [0, 0, 2, 2, 2, 2, 2, 7, 8, 10, 10] }],
    // Comments: before a key, after the payload, in an empty array or object, line and block.
    ['{//c\n"a":None}/*x*/', { text: '{\n"a":null}', repairs: [comment(1), python(9, "None"), comment(14)], offsets: [0, 0, 5, 5, 5, 8, 9, 9, 9, 9, 13, 13] }],
    ['{"a":1,//c\n}', { text: '{"a":1\n}', repairs: [comma(6, "}"), comment(7)], offsets: [0, 1, 1, 1, 4, 5, 5, 11, 11] }],
    ["[1,2 ,/*c*/ ]", { text: "[1,2  ]", repairs: [comma(5, "]"), comment(6)], offsets: [0, 1, 2, 3, 3, 3, 12, 12] }],
    ["[/*c*/]", { text: "[]", repairs: [comment(1)], offsets: [0, 6, 6] }],
    ["{/*c*/}", { text: "{}", repairs: [comment(1)], offsets: [0, 6, 6] }],
    ["[1]//c", { text: "[1]", repairs: [comment(3)], offsets: [0, 1, 2, 2] }],
    ["[1]/*c", { text: "[1]", repairs: [comment(3)], offsets: [0, 1, 2, 2] }],
    // Single quotes, with \' and a bare " inside, and an escaped backslash before the closing quote.
    ["{'a':'b'}", { text: '{"a":"b"}', repairs: [single(1, "'a'"), single(5, "'b'")], offsets: [0, 1, 1, 1, 4, 5, 5, 5, 8, 8] }],
    [
      "['it\\'s','a\"b',]",
      {
        text: '["it\'s","a\\"b"]',
        repairs: [single(1, "'it\\'s'"), single(9, "'a\"b'"), comma(14, "]")],
        offsets: [0, 1, 1, 1, 1, 1, 1, 8, 9, 9, 9, 9, 9, 9, 15, 15],
      },
    ],
    ["['a\\\\',]", { text: '["a\\\\"]', repairs: [single(1, "'a\\\\'"), comma(6, "]")], offsets: [0, 1, 1, 1, 1, 1, 7, 7] }],
    // Unquoted keys: letters of both cases, digits, `_` and `$`.
    ["{a:True}", { text: '{"a":true}', repairs: [key(1, "a"), python(3, "True")], offsets: [0, 1, 1, 1, 2, 3, 3, 3, 3, 7, 7] }],
    ["{$a_1:1,}", { text: '{"$a_1":1}', repairs: [key(1, "$a_1"), comma(7, "}")], offsets: [0, 1, 1, 1, 1, 1, 1, 5, 6, 8, 8] }],
    ["{Zz9:1,}", { text: '{"Zz9":1}', repairs: [key(1, "Zz9"), comma(6, "}")], offsets: [0, 1, 1, 1, 1, 1, 4, 5, 7, 7] }],
    ["{az_:1,}", { text: '{"az_":1}', repairs: [key(1, "az_"), comma(6, "}")], offsets: [0, 1, 1, 1, 1, 1, 4, 5, 7, 7] }],
    [
      "[True,False,None]",
      {
        text: "[true,false,null]",
        repairs: [python(1, "True"), python(6, "False"), python(12, "None")],
        offsets: [0, 1, 1, 1, 1, 5, 6, 6, 6, 6, 6, 11, 12, 12, 12, 12, 16, 16],
      },
    ],
    // Strings whose value is punctuation stay strings: `{`, `[`, `]`, `}`, `:` and `,` in quotes.
    ["['{',]", { text: '["{"]', repairs: [single(1, "'{'"), comma(4, "]")], offsets: [0, 1, 1, 1, 5, 5] }],
    ["['[',]", { text: '["["]', repairs: [single(1, "'['"), comma(4, "]")], offsets: [0, 1, 1, 1, 5, 5] }],
    ["[']',]", { text: '["]"]', repairs: [single(1, "']'"), comma(4, "]")], offsets: [0, 1, 1, 1, 5, 5] }],
    ["{'}':1,}", { text: '{"}":1}', repairs: [single(1, "'}'"), comma(6, "}")], offsets: [0, 1, 1, 1, 4, 5, 7, 7] }],
    ["{':':1,}", { text: '{":":1}', repairs: [single(1, "':'"), comma(6, "}")], offsets: [0, 1, 1, 1, 4, 5, 7, 7] }],
    ["{'a':']',}", { text: '{"a":"]"}', repairs: [single(1, "'a'"), single(5, "']'"), comma(8, "}")], offsets: [0, 1, 1, 1, 4, 5, 5, 5, 9, 9] }],
    ["{\"a\":',',}", { text: '{"a":","}', repairs: [single(5, "','"), comma(8, "}")], offsets: [0, 1, 1, 1, 4, 5, 5, 5, 9, 9] }],
    // A scalar alone is a whole payload (decode then asks for an object).
    ["'x'", { text: '"x"', repairs: [single(0, "'x'")], offsets: [0, 0, 0, 0] }],
    ["True", { text: "true", repairs: [python(0, "True")], offsets: [0, 0, 0, 0, 0] }],
    // Escapes: \" in double quotes, \\ then \' in single quotes.
    ['["a\\"",]', { text: '["a\\""]', repairs: [comma(6, "]")], offsets: [0, 1, 1, 1, 1, 1, 7, 7] }],
    ["['\\\\\\'',]", { text: '["\\\\\'"]', repairs: [single(1, "'\\\\\\''"), comma(7, "]")], offsets: [0, 1, 1, 1, 1, 1, 8, 8] }],
    ['{"a":-1,}', { text: '{"a":-1}', repairs: [comma(7, "}")], offsets: [0, 1, 1, 1, 4, 5, 5, 8, 8] }],
    // Digits 0 and 9, letters A and z, and an exponent's plus sign are word characters.
    ["[0,9,1E+2,]", { text: "[0,9,1E+2]", repairs: [comma(9, "]")], offsets: [0, 1, 2, 3, 4, 5, 5, 5, 5, 10, 10] }],
    ["{A:1,}", { text: '{"A":1}', repairs: [key(1, "A"), comma(4, "}")], offsets: [0, 1, 1, 1, 2, 3, 5, 5] }],
    ["['',]", { text: '[""]', repairs: [single(1, "''"), comma(3, "]")], offsets: [0, 1, 1, 4, 4] }],
    // Nothing damaged: the text comes back unchanged and nothing is recorded.
    ["[1,{}]", { text: "[1,{}]", repairs: [], offsets: [0, 1, 2, 3, 4, 5, 5] }],
  ];
  for (const [payload, want] of cases) {
    test(`${JSON.stringify(payload)} repairs to ${JSON.stringify(want.text)}`, () => {
      assert.deepStrictEqual(repair(payload), want);
    });
  }

  test("repairs are recorded at the payload's offset in the source (base added)", () => {
    assert.deepEqual(repair("{a:None,}", 10)?.repairs, [key(11, "a"), python(13, "None"), comma(17, "}")]);
  });

  test("a repaired token's text is shown up to 40 characters, longer ones cut with an ellipsis", () => {
    const forty = `'${"x".repeat(38)}'`; // 40 characters with its quotes
    const fortyOne = `'${"x".repeat(39)}'`;
    assert.deepEqual(repair(`{${forty}:1}`)?.repairs, [single(1, forty)]);
    assert.deepEqual(repair(`{${fortyOne}:False}`)?.repairs, [single(1, `'${"x".repeat(39)}…`), python(43, "False")]);
  });
});

describe("json repair: refused, the original parse error stands", () => {
  const refused: [string, string][] = [
    ['{"a":1,,}', "two commas before a close"],
    ["[1,,]", "two commas in an array"],
    ['{"a":1,]', "a comma then the wrong close"],
    ["[1,}", "a comma then the wrong close in an array"],
    ["[1,/*c*/,]", "two commas with a comment between"],
    ['{"a" , }', "a key without its value"],
    ['{"a":b}', "an unquoted value (a guess)"],
    ["[tru,]", "a word that is no literal"],
    ["{a-b:1}", "an unquoted key that is no identifier"],
    ["{1:2}", "a number as key"],
    ['{"a"}', "a key without colon"],
    ['{"a"::1}', "two colons"],
    ['{"a" 1}', "a missing colon"],
    ['{"a":1 "b":2}', "a missing comma between members"],
    ["[1 2]", "a missing comma between values"],
    ['["a":1]', "a colon in an array"],
    ["[1", "a truncated array"],
    ['{"a":[}', "an unclosed array closed by }"],
    ["[{]", "an unclosed object closed by ]"],
    ["[}", "an array closed by }"],
    ["{]", "an object closed by ]"],
    ['{"a":1]', "an object member closed by ]"],
    ["[1}", "an array value closed by }"],
    ["[1]]", "a close too many"],
    ["[1,]]", "a trailing comma and a close too many"],
    ["[1]2", "a value after the payload"],
    ['{"a":1},', "a comma after the payload"],
    [",", "a comma alone"],
    [":", "a colon alone"],
    ["", "nothing"],
    ["[,1]", "a leading comma"],
    ["{,}", "a comma in an empty object"],
    ["[#]", "a character JSON has no use for"],
    ["[1,+2]", "a plus sign before a number"],
    ["[1]/", "a slash that starts no comment"],
    // `/*/` is not a whole comment: a block comment ends at a `*/` after its `/*`.
    ["[1/*/,2]", "an unclosed block comment that starts with /*/"],
    // Number-like words that are no JSON number: completing or quoting them is a guess, and not a repair we make.
    ["[1.]", "a number without digits after its point"],
    ["[1e]", "a number without exponent digits"],
    ["[-]", "a minus sign alone"],
    ["[01]", "a number with a leading zero"],
    ["[1abc,]", "a number followed by letters"],
    ["'abc", "an unterminated single-quoted string"],
    ["['\\x',]", "a string with an invalid escape"],
    ["{'a\\q':1}", "a key with an invalid escape"],
    ["'ab\"", "a single-quoted string closed by a double quote"],
    ['["a\\\'b",]', "a double-quoted string with \\' (an escape only single quotes have)"],
  ];
  for (const [payload, why] of refused) {
    test(`${why}: ${JSON.stringify(payload)}`, () => {
      assert.equal(repair(payload), undefined);
    });
  }
});

describe("json repair: what the repaired text still gets wrong is reported as itself, at its offset in the original text", () => {
  // The repaired text is read again; an error of that reading that is not a syntax error stands
  // (the repair mended the syntax), rather than the first reading's "invalid JSON".
  const failures: [string, string, { code: string; offset: number; message: string }][] = [
    [
      "a duplicate key, after single quotes were mended",
      "{'intent':'!CANCEL','act':'a','act':'b'}",
      // the second 'act' starts at 30 of the original text (its repaired text is the same length)
      { code: "decode_failed", offset: 30, message: 'duplicate key "act" (JSON parsers would silently keep only one)' },
    ],
    [
      "a duplicate key, after unquoted keys were mended (the repaired text is longer)",
      "{intent:'!CANCEL',act:'a',act:'b'}",
      { code: "decode_failed", offset: 26, message: 'duplicate key "act" (JSON parsers would silently keep only one)' },
    ],
    [
      "a list where an object belongs, after single quotes were mended",
      "['a','b']",
      { code: "decode_failed", offset: 0, message: "a json payload must be a JSON object" },
    ],
  ];
  for (const [why, payload, expected] of failures) {
    test(`${why}: ${JSON.stringify(payload)}`, () => {
      assert.ok(repair(payload), "the text is one the repair mends");
      const thrown = silpErrorOf(() => decode(payload, "json", { whitelist: "off" }));
      assert.deepEqual({ code: thrown.code, offset: thrown.offset, message: thrown.message }, expected);
    });
  }
});

describe("json repair: garbage is refused in linear time", () => {
  test("quote-and-word garbage is refused, and 8x of it takes far less than 64x the time", () => {
    // A general JSON repairer took seconds on this (jsonrepair: 9 s for 128K characters, 1.6 s for
    // half of them: quadratic); the linear pre-scan refuses it in one pass.
    const garbage = (repeats: number): string => `{"III"${'III"'.repeat(repeats)}`;
    assert.equal(repair(garbage(32_000)), undefined);
    assertLinearTime("refusing garbage", (text) => repair(text), garbage(4_000), garbage(32_000));
  });
});
