/**
 * The code frontend's parser pinned input by input: every syntax
 * error with its code, offset, message and expected list, and every whitespace or shape repair
 * with its kind, offset and message. Offsets were counted by hand on the payload; messages are
 * what a user reads: the parser's messages, expected lists, repair kinds and the branches that
 * choose between them are all part of what it promises.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, SilpError } from "silp";

interface Failure {
  offset: number;
  message: string;
  expected: string[];
}

interface Fixed {
  kind: string;
  offset: number;
  message: string;
}

function rejects(payload: string, strict: boolean, want: Failure): void {
  assert.throws(
    () => decode(payload, "code", { strict }),
    (error: unknown) => {
      assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
      assert.equal(error.code, "invalid_syntax");
      assert.equal(error.offset, want.offset, error.message);
      assert.equal(error.message, want.message);
      assert.deepEqual(error.expected, want.expected);
      return true;
    },
  );
}

function repairs(payload: string, want: Fixed[]): void {
  const result = decode(payload, "code", { strict: false });
  assert.deepEqual(
    result.repairs.map(({ kind, offset, message }) => ({ kind, offset, message })),
    want,
  );
}

const ws = (offset: number, what: string): Fixed => ({ kind: "whitespace", offset, message: `non-canonical whitespace: ${what}` });
const AFTER_LAST = ['";" and another call', "else:", "#meta", "end of payload"];
const IN_CONDITION = ['"and" and another constraint', '":" and the actions'];

describe("code parser: each whitespace deviation is one repair with its own message (lenient)", () => {
  const cases: [string, Fixed[]][] = [
    [" start(hike)", [ws(0, "no whitespace before the payload")]],
    ["if x==1: start(a) ", [ws(17, "no whitespace after the payload")]],
    ["if x==1 and  y==2: start(a)", [ws(11, "one space after and")]],
    ["if x==1  and y==2: start(a)", [ws(7, "one space before and")]],
    ["if x==1 : start(a)", [ws(7, "no space before the colon")]],
    ["if x==1:start(a)", [ws(8, "one space after the colon")]],
    ["if ! x: start(a)", [ws(4, "no space after !")]],
    ["if !x (t): start(a)", [ws(5, "no space before (")]],
    ["if x (t): start(a)", [ws(4, "no space before (")]],
    ["if x == 1: start(a)", [ws(4, "no space around an operator"), ws(7, "no space around an operator")]],
    ["if x==1 ,t: start(a)", [ws(7, "no space before the comma"), ws(9, "one space after the comma of an operator condition")]],
    ["if x==1,t: start(a)", [ws(8, "one space after the comma of an operator condition")]],
    ["if x==1,  t: start(a)", [ws(8, "one space after the comma of an operator condition")]],
    ["start(a)  else: start(b)", [ws(8, "one space before else")]],
    ["start(a) else  : start(b)", [ws(13, "no space before the colon of else:")]],
    ["start(a) else:start(b)", [ws(14, "one space after else:")]],
    ["start (a)", [ws(5, "no space before (")]],
    ["start( )", [ws(6, "no space inside ()")]],
    ["start( a)", [ws(6, "no space after (")]],
    ["start(a )", [ws(7, "no space before )")]],
    ["start(a ,b)", [ws(7, "no space before a comma")]],
    ["start(a,  b)", [ws(8, "no space after a comma")]],
    ["start(a,\tb)", [ws(8, "no space after a comma")]],
    ["start(k =x)", [ws(7, "no space before =")]],
    ["start(k= x)", [ws(8, "no space after =")]],
    ["start(a) else: start(b @x)", [ws(22, "no space around @")]],
    ["start(a) else: start(b@ x)", [ws(23, "no space around @")]],
    ["start(a [k=1])", [ws(7, "no space before [")]],
    ["start(a[ k=1])", [ws(8, "no space inside [...]")]],
    ["start(a[k=1 ])", [ws(11, "no space inside [...]")]],
    ["start(a[k =1])", [ws(9, "no space before =")]],
    ["start(a[k= 1])", [ws(10, "no space after =")]],
  ];
  for (const [payload, want] of cases) test(JSON.stringify(payload), () => repairs(payload, want));

  test("one space after a comma is its own kind, space_after_comma (spec example A.3)", () => {
    repairs("start(a, b)", [{ kind: "space_after_comma", offset: 8, message: "non-canonical whitespace: no space after a comma" }]);
  });
});

describe("code parser: shape repairs (lenient) name what was fixed", () => {
  const cases: [string, Fixed[]][] = [
    ["start(hike) else start(cards)", [{ kind: "else_without_colon", offset: 16, message: "else without a colon" }]],
    ['start(hike) #meta{"meta":{}}', [{ kind: "whitespace", offset: 17, message: "expected one space after #meta" }]],
    ['start(hike) #meta {"meta":{}} ', [{ kind: "whitespace", offset: 29, message: "trailing whitespace after the payload" }]],
    ["if x==1 then start(a)", [{ kind: "then_for_colon", offset: 8, message: "then used instead of a colon" }]],
    ["if x==1 then  start(a)", [{ kind: "then_for_colon", offset: 8, message: "then used instead of a colon" }, ws(12, "one space after the condition")]],
    ["start(a);", [{ kind: "trailing_semicolon", offset: 8, message: "a ; after the last call" }]],
    ['start(a); #meta {"meta":{}}', [{ kind: "trailing_semicolon", offset: 8, message: "a ; after the last call" }]],
    [
      "! BOOK(hotel)",
      [
        { kind: "bang_verb", offset: 0, message: "a call written with the IR's ! before the verb" },
        ws(1, "no space after !"),
        { kind: "verb_case", offset: 2, message: "BOOK is not lower case" },
      ],
    ],
    ["start(to: Beijing)", [{ kind: "colon_for_equals", offset: 8, message: "to: written for to=" }]],
    ["start(to:  Beijing)", [{ kind: "colon_for_equals", offset: 8, message: "to: written for to=" }, ws(9, "one space at most after key:")]],
    ["start(if)", []],
    ['start(hike) #meta\t{"meta":{}}', [{ kind: "whitespace", offset: 17, message: "expected one space after #meta" }]],
    [
      "start(a) ; start(b)",
      [
        ws(8, "no space before ;"),
        { kind: "merged_primary_call", offset: 11, message: "start(...) repeats the primary call; its arguments were merged into it" },
      ],
    ],
    ["start('hike')", [{ kind: "single_quoted_string", offset: 6, message: "a single-quoted string" }]],
    ["start(a) else: start(b); ", [{ kind: "trailing_semicolon", offset: 23, message: "a ; after the last call" }, ws(24, "no whitespace after the payload")]],
  ];
  for (const [payload, want] of cases) test(JSON.stringify(payload), () => repairs(payload, want));
});

describe("code parser: strict mode rejects each repair with the canonical form it expected", () => {
  const cases: [string, Failure][] = [
    [
      " start(hike)",
      { offset: 0, message: "non-canonical whitespace: no whitespace before the payload (rejected in strict mode)", expected: ["no whitespace"] },
    ],
    ["start(hike) else start(cards)", { offset: 16, message: "else without a colon (rejected in strict mode)", expected: ["else:"] }],
    ["start(a) else", { offset: 13, message: "else without a colon (rejected in strict mode)", expected: ["else:"] }],
    ['start(hike) #meta{"meta":{}}', { offset: 17, message: "expected one space after #meta (rejected in strict mode)", expected: ["SP"] }],
    ['start(hike) #meta {"meta":{}} ', { offset: 29, message: "trailing whitespace after the payload (rejected in strict mode)", expected: [] }],
    ["if x==1 then start(a)", { offset: 8, message: "then used instead of a colon (rejected in strict mode)", expected: [":"] }],
    ["if (x): start(a)", { offset: 2, message: "non-canonical whitespace: no space before ( (rejected in strict mode)", expected: ["no whitespace"] }],
  ];
  for (const [payload, want] of cases) test(JSON.stringify(payload), () => rejects(payload, true, want));
});

describe("code parser: each syntax error at its offset, with its message and expected list", () => {
  const cases: [string, boolean, Failure][] = [
    ["start hike", true, { offset: 6, message: "the reply reads as prose, not a SILP payload: expected ( after start", expected: ["("] }],
    ["start", true, { offset: 5, message: "expected ( after start", expected: ["("] }],
    ["start(a); x", false, { offset: 11, message: "expected ( after x", expected: ["("] }],
    ["start(hike) #meta", false, { offset: 17, message: "expected a JSON object after #meta", expected: ["{"] }],
    ["start(hike) #meta ", false, { offset: 18, message: "expected a JSON object after #meta", expected: ["{"] }],
    ["start(hike))", true, { offset: 11, message: 'unexpected ")" after the last call', expected: AFTER_LAST }],
    ["start(a) ,", true, { offset: 9, message: 'unexpected "," after the last call', expected: AFTER_LAST }],
    ["start(a) x", true, { offset: 9, message: 'unexpected word "x" after the last call', expected: AFTER_LAST }],
    ["if x==1 start(a)", true, { offset: 8, message: 'unexpected word "start" in the condition', expected: IN_CONDITION }],
    ["if !x==1: start(a)", true, { offset: 5, message: 'unexpected "==" in the condition', expected: IN_CONDITION }],
    ["if x:start(a)", false, { offset: 4, message: 'unexpected ":" after constraint name', expected: ["(", "an operator == != < > <= >="] }],
    ["if 5: start(a)", true, { offset: 4, message: 'unexpected ":" after constraint name', expected: ["(", "an operator == != < > <= >="] }],
    ["if !: start(a)", true, { offset: 4, message: 'unexpected ":": expected a constraint name after !', expected: ["a constraint name after !"] }],
    ["if !: start(a)", false, { offset: 4, message: 'unexpected ":": expected a constraint name after !', expected: ["a constraint name after !"] }],
    ["if x==: start(a)", true, { offset: 6, message: 'unexpected ":": expected a value after the operator', expected: ["a value after the operator"] }],
    ["start(a);;", false, { offset: 9, message: 'unexpected ";" where a function call should start', expected: ["a function name"] }],
    ["!(hotel)", false, { offset: 0, message: 'unexpected "!" where a function call should start', expected: ["a function name"] }],
    ["start(a b)", true, { offset: 8, message: 'unexpected word "b" in an argument list', expected: [",", ")"] }],
    ['start(a "x")', true, { offset: 8, message: 'unexpected quoted string "x" in an argument list', expected: [",", ")"] }],
    ["start(a", true, { offset: 7, message: "unexpected end of payload inside an argument list", expected: [",", ")"] }],
    ["start(to: Beijing)", true, { offset: 8, message: 'unexpected ":" in an argument list', expected: [",", ")"] }],
    ["start(to : Beijing)", false, { offset: 9, message: 'unexpected ":" in an argument list', expected: [",", ")"] }],
    ["start(1: x)", false, { offset: 7, message: 'unexpected ":" in an argument list', expected: [",", ")"] }],
    ['start("k": x)', false, { offset: 9, message: 'unexpected ":" in an argument list', expected: [",", ")"] }],
    ["start((=x)", true, { offset: 6, message: 'unexpected "(" before =', expected: ["a keyword name"] }],
    ["start(k=)", true, { offset: 8, message: 'unexpected ")": expected a value for k', expected: ["a value for k"] }],
    ["start(a@)", true, { offset: 8, message: 'unexpected ")": expected a location after @', expected: ["a location after @"] }],
    [
      "start(a[k=1@x])",
      true,
      { offset: 11, message: "an extra field's value cannot have an @location; quote the value to keep the text", expected: [",", "]"] },
    ],
    [
      "start(a[k=1[x]])",
      true,
      { offset: 11, message: "an extra field's value cannot have nested [...]; quote the value to keep the text", expected: [",", "]"] },
    ],
    ["start(a[k=1)", true, { offset: 11, message: 'unexpected ")" in [...]', expected: [",", "]"] }],
    ["start(a[x])", true, { offset: 8, message: "extra fields in [...] must be written key=value", expected: ["key=value"] }],
    ["start(a[(=1])", true, { offset: 8, message: "extra fields in [...] must be written key=value", expected: ["key=value"] }],
    ["start(a[k=])", true, { offset: 10, message: 'unexpected "]": expected a value for k', expected: ["a value for k"] }],
    ["if ==1: start(a)", true, { offset: 3, message: 'unexpected "==" where a constraint should start', expected: ["a constraint name", "!"] }],
    ["if x==1 and : start(a)", true, { offset: 12, message: 'unexpected ":" where a constraint should start', expected: ["a constraint name", "!"] }],
    ["if", true, { offset: 2, message: "unexpected end of payload where a constraint should start", expected: ["a constraint name", "!"] }],
    ["if x==1", true, { offset: 7, message: "unexpected end of payload in the condition", expected: IN_CONDITION }],
    ["!BOOK(hotel)", true, { offset: 0, message: 'unexpected "!" where a function call should start', expected: ["a function name"] }],
    ["start(k=", true, { offset: 8, message: "unexpected end of payload: expected a value for k", expected: ["a value for k"] }],
    ["if !", true, { offset: 4, message: "unexpected end of payload: expected a constraint name after !", expected: ["a constraint name after !"] }],
    ["start(a) else:", true, { offset: 14, message: "unexpected end of payload where a function call should start", expected: ["a function name"] }],
    ["if x==1:", true, { offset: 8, message: "unexpected end of payload where a function call should start", expected: ["a function name"] }],
    ["start(a);start(b)", true, { offset: 9, message: "non-canonical whitespace: one space after ; (rejected in strict mode)", expected: ["one space"] }],
    ['start(a); "else"', false, { offset: 10, message: 'unexpected quoted string "else" where a function call should start', expected: ["a function name"] }],
    ['start(a); "#meta"', false, { offset: 10, message: 'unexpected quoted string "#meta" where a function call should start', expected: ["a function name"] }],
    ["start(a `1`)", true, { offset: 8, message: 'unexpected JSON literal "1" in an argument list', expected: [",", ")"] }],
    ['"if" x==1: start(a)', true, { offset: 0, message: 'unexpected quoted string "if" where a function call should start', expected: ["a function name"] }],
    ["start(hike) #meta ", true, { offset: 18, message: "expected a JSON object after #meta", expected: ["{"] }],
    ['if x==1 "and" y==2: start(a)', true, { offset: 8, message: 'unexpected quoted string "and" in the condition', expected: IN_CONDITION }],
    ['if x==1 "then" start(a)', true, { offset: 8, message: 'unexpected quoted string "then" in the condition', expected: IN_CONDITION }],
    ["if x==1, : start(a)", true, { offset: 9, message: 'unexpected ":": expected a time after the comma', expected: ["a time after the comma"] }],
    ["start(if)", true, { offset: 6, message: "the keyword if must be quoted as an argument (strict mode)", expected: ['"if"'] }],
    ["if !if: start(a)", true, { offset: 4, message: "the keyword if must be quoted as a constraint name after ! (strict mode)", expected: ['"if"'] }],
  ];
  for (const [payload, strict, want] of cases) test(`${JSON.stringify(payload)} (${strict ? "strict" : "lenient"})`, () => rejects(payload, strict, want));

  test("a word in a message is cut after 40 characters with an ellipsis; 40 are shown whole", () => {
    const forty = "b".repeat(40);
    rejects(`start(a ${forty})`, true, { offset: 8, message: `unexpected word "${forty}" in an argument list`, expected: [",", ")"] });
    rejects(`start(a ${forty}bbbbb)`, true, { offset: 8, message: `unexpected word "${forty}…" in an argument list`, expected: [",", ")"] });
  });
});

describe("code parser: a look-alike keyword is taken as the keyword and reported once, as normalized", () => {
  test("Cyrillic а in and, е in else: each one keyword hit, normalized to ASCII", () => {
    const result = decode("if a==b \u0430nd c==d: start(x) \u0435lse: start(y)", "code", { whitelist: "off" });
    assert.deepEqual(
      result.sanitizer.hits.map(({ kind, role, offset, action, replacement }) => ({ kind, role, offset, action, replacement })),
      [
        { kind: "homoglyph", role: "keyword", offset: 8, action: "normalized", replacement: "and" },
        { kind: "homoglyph", role: "keyword", offset: 27, action: "normalized", replacement: "else" },
      ],
    );
    assert.equal(result.ir.constraints.length, 2);
    assert.equal(result.ir.alternatives.length, 1);
  });
});
