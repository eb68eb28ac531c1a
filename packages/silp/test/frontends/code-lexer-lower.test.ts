/**
 * The code frontend's lexer, character classes and lowering pinned input by input: tokens with their offsets, the lexer's end bound (a payload inside a code
 * fence is lexed up to the fence, not to the end of the text), every lexer and lowering error with
 * its code, offset, message and expected list, and the IR each role rule gives. Offsets were
 * counted by hand on the payload shown; messages are what a user reads (docs/errors.md).
 *
 * Internals, on purpose: the lexer's tokens and the lowering's errors are checked where they are
 * made: through decode() a wrong token offset or a lowering message is hidden behind the parser.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { decode, SilpError } from "silp";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { resolveOptions } from "../../src/options.js";
import { describeChar, Lexer, type Token } from "../../src/frontends/code/lexer.js";
import { StatementLowering } from "../../src/frontends/code/lower.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";

interface Failure {
  code: string;
  offset: number;
  message: string;
  expected?: string[];
}

function rejects(payload: string, strict: boolean, want: Failure): void {
  assert.throws(
    () => decode(payload, "code", { strict }),
    (error: unknown) => {
      assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
      assert.deepEqual({ code: error.code, offset: error.offset, message: error.message, expected: error.expected }, { expected: undefined, ...want });
      return true;
    },
  );
}

function throwsSyntaxError(run: () => unknown, want: Omit<Failure, "code">): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
    assert.deepEqual({ code: error.code, offset: error.offset, message: error.message, expected: error.expected }, { code: "invalid_syntax", ...want });
    return true;
  });
}

/** Every token up to and including eof, each with the lexer's position after it (at most 32: a lexer that stops advancing fails, not hangs). */
function lexAll(source: string, start?: number, end?: number): [Token, number][] {
  const lexer = new Lexer(source, start, end);
  const out: [Token, number][] = [];
  while (out.length < 32) {
    const token = lexer.next();
    out.push([token, lexer.position]);
    if (token.kind === "eof") return out;
  }
  assert.fail(`no eof after 32 tokens of ${JSON.stringify(source)}`);
}

const UNEXPECTED = ["a name, a value, a quoted string or punctuation ( ) , ; : @ = ! < > [ ]"];
const ZWNJ = "\u200c";

describe("code lexer: tokens with their offsets and the position after each", () => {
  test("punctuation, operators and words, with the whitespace before each", () => {
    assert.deepEqual(lexAll("f(a) <= b"), [
      [{ kind: "bare", text: "f", start: 0, end: 1, wsStart: 0, oneSpace: false, follow: 0x28 }, 1],
      [{ kind: "(", text: "(", start: 1, end: 2, wsStart: 1, oneSpace: false, follow: 0 }, 2],
      [{ kind: "bare", text: "a", start: 2, end: 3, wsStart: 2, oneSpace: false, follow: 0x29 }, 3],
      [{ kind: ")", text: ")", start: 3, end: 4, wsStart: 3, oneSpace: false, follow: 0 }, 4],
      [{ kind: "op", text: "<=", start: 5, end: 7, wsStart: 4, oneSpace: true, follow: 0 }, 7],
      [{ kind: "bare", text: "b", start: 8, end: 9, wsStart: 7, oneSpace: true, follow: -1 }, 9],
      [{ kind: "eof", text: "", start: 9, end: 9, wsStart: 9, oneSpace: false, follow: 0 }, 9],
    ]);
  });

  test("a two-character operator is not read across the end bound", () => {
    assert.deepEqual(lexAll("<=", 0, 1), [
      [{ kind: "op", text: "<", start: 0, end: 1, wsStart: 0, oneSpace: false, follow: 0 }, 1],
      [{ kind: "eof", text: "", start: 1, end: 1, wsStart: 1, oneSpace: false, follow: 0 }, 1],
    ]);
  });

  test("a word ending at the end bound is cut there", () => {
    assert.deepEqual(lexAll("abc", 0, 2), [
      [{ kind: "bare", text: "ab", start: 0, end: 2, wsStart: 0, oneSpace: false, follow: -1 }, 2],
      [{ kind: "eof", text: "", start: 2, end: 2, wsStart: 2, oneSpace: false, follow: 0 }, 2],
    ]);
  });
});

describe("code lexer: ZWNJ/ZWJ belong to a word only between two letters of the word", () => {
  const word = `می${ZWNJ}خواهم`;
  test("inside a Persian word the joiner is part of the bare word", () => {
    assert.deepEqual(new Lexer(word).next(), { kind: "bare", text: word, start: 0, end: 8, wsStart: 0, oneSpace: false, follow: -1 });
  });
  test("a joiner followed by punctuation ends the word before it", () => {
    assert.deepEqual(new Lexer(`می${ZWNJ})`).next(), { kind: "bare", text: "می", start: 0, end: 2, wsStart: 0, oneSpace: false, follow: 0x200c });
  });
  test("a joiner at the end bound ends the word before it, even when a letter follows outside", () => {
    assert.deepEqual(new Lexer(word, 0, 3).next(), { kind: "bare", text: "می", start: 0, end: 2, wsStart: 0, oneSpace: false, follow: 0x200c });
  });
  test("another invisible or symbol between two Arabic-script letters is not part of the word", () => {
    assert.deepEqual(new Lexer("م→م").next(), { kind: "bare", text: "م", start: 0, end: 1, wsStart: 0, oneSpace: false, follow: 0x2192 });
    assert.deepEqual(new Lexer("م\u200bم").next(), { kind: "bare", text: "م", start: 0, end: 1, wsStart: 0, oneSpace: false, follow: 0x200b });
  });
});

describe("code lexer: strings and JSON literals stop at the end bound", () => {
  test("an escape whose second character lies past the end bound is an invalid escape", () => {
    throwsSyntaxError(() => new Lexer('"a\\n"', 0, 3).next(), {
      offset: 2,
      message: "invalid escape in string",
      expected: ['one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX'],
    });
  });
  test("the character at the end bound is not read: the string is unterminated", () => {
    throwsSyntaxError(() => new Lexer('"a\n"', 0, 2).next(), { offset: 0, message: "unterminated string", expected: ['a closing "'] });
    throwsSyntaxError(() => new Lexer('"a\\n"', 0, 2).next(), { offset: 0, message: "unterminated string", expected: ['a closing "'] });
  });
  test("a \\u escape cut by the end bound is an invalid \\u escape", () => {
    throwsSyntaxError(() => new Lexer('"\\u0041"', 0, 5).next(), {
      offset: 1,
      message: "invalid \\u escape in string",
      expected: ["\\u followed by 4 hex digits"],
    });
  });
  test("a closing backtick at or past the end bound does not close a JSON literal", () => {
    const unterminated = { offset: 0, message: "unterminated JSON literal", expected: ["a closing `"] };
    throwsSyntaxError(() => new Lexer("`1`", 0, 2).next(), unterminated);
    throwsSyntaxError(() => new Lexer("`1` `", 0, 1).next(), unterminated);
    throwsSyntaxError(() => new Lexer("`1").next(), unterminated);
    assert.deepEqual(new Lexer("`1`").next(), { kind: "json", text: "1", start: 0, end: 3, wsStart: 0, oneSpace: false, follow: 0 });
    assert.deepEqual(new Lexer("``").next(), { kind: "json", text: "", start: 0, end: 2, wsStart: 0, oneSpace: false, follow: 0 });
  });
  test("in a fenced payload the fence's backticks do not close a JSON literal", () => {
    rejects("```\nstart(a[k=`1\n```", false, { code: "invalid_syntax", offset: 14, message: "unterminated JSON literal", expected: ["a closing `"] });
  });
});

describe("code lexer: each error kind with its offset, message and expected list (decode)", () => {
  const cases: [string, boolean, Failure][] = [
    ["start(a→b)", true, { code: "invalid_syntax", offset: 7, message: 'unexpected character "→" (U+2192)', expected: UNEXPECTED }],
    ["start(م→م)", true, { code: "invalid_syntax", offset: 7, message: 'unexpected character "→" (U+2192)', expected: UNEXPECTED }],
    ["start(«)", true, { code: "invalid_syntax", offset: 6, message: 'unexpected character "«" (U+00AB)', expected: UNEXPECTED }],
    ['start("\\u004")', true, { code: "invalid_syntax", offset: 7, message: "invalid \\u escape in string", expected: ["\\u followed by 4 hex digits"] }],
    // The four hex digits end exactly at the end of the text: a valid escape, then no closing quote.
    ['start("\\u0041', true, { code: "invalid_syntax", offset: 6, message: "unterminated string", expected: ['a closing "'] }],
    [
      'start("a\\x")',
      true,
      { code: "invalid_syntax", offset: 8, message: "invalid escape in string", expected: ['one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX'] },
    ],
    [
      'start("a\\',
      true,
      { code: "invalid_syntax", offset: 8, message: "invalid escape in string", expected: ['one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX'] },
    ],
    ['start("a\nb")', true, { code: "invalid_syntax", offset: 8, message: "unescaped control character in string", expected: ["an escape such as \\n"] }],
    ['start("ab', true, { code: "invalid_syntax", offset: 6, message: "unterminated string", expected: ['a closing "'] }],
    ["start('abc)", false, { code: "invalid_syntax", offset: 6, message: "unterminated string", expected: ["a closing '"] }],
    [
      "start('a\\xb')",
      false,
      { code: "invalid_syntax", offset: 6, message: "invalid escape or control character in a single-quoted string", expected: ["a JSON string escape"] },
    ],
    ["start(a[k=`1])", true, { code: "invalid_syntax", offset: 10, message: "unterminated JSON literal", expected: ["a closing `"] }],
  ];
  for (const [payload, strict, want] of cases) test(`${JSON.stringify(payload)} (${strict ? "strict" : "lenient"})`, () => rejects(payload, strict, want));
});

describe("code lexer: describeChar quotes printable characters only", () => {
  const cases: [number, string][] = [
    [0x00, "U+0000"],
    [0x20, "U+0020"],
    [0x21, '"!" (U+0021)'],
    [0x41, '"A" (U+0041)'],
    [0x7e, '"~" (U+007E)'],
    [0x7f, "U+007F"],
    [0x85, "U+0085"],
    [0xa0, "U+00A0"],
    [0xab, '"«" (U+00AB)'],
    [0xad, "U+00AD"],
    [0x2028, "U+2028"],
    [0x2192, '"→" (U+2192)'],
    [0x1f600, '"😀" (U+1F600)'],
  ];
  for (const [codePoint, want] of cases) test(want, () => assert.equal(describeChar(codePoint), want));
});

describe("code lexer: single-quoted strings (lenient) decode like JSON strings", () => {
  const cases: [string, string][] = [
    ["start('a\\nb')", "a\nb"],
    ["start('x\\\\')", "x\\"],
    ["start('it\\'s')", "it's"],
    ["start('say \"hi\"')", 'say "hi"'],
    ["start('abc')", "abc"],
  ];
  for (const [payload, value] of cases) {
    test(JSON.stringify(payload), () => {
      const result = decode(payload, "code", { strict: false });
      assert.deepEqual(result.ir.entities, [{ id: "act", value, action: "!START" }]);
      assert.deepEqual(
        result.repairs.map(({ kind, offset }) => ({ kind, offset })),
        [{ kind: "single_quoted_string", offset: 6 }],
      );
    });
  }
});

describe("code chars: every bare ASCII punctuation mark and both letter ranges stay in one bare value", () => {
  const values = ["Zed", "AZaz09", "a_b", "a-b", "a+b", "a.b", "90%", "a/b", "a*b", "a#b", "a$b", "a&b", "a~b", "a^b", "a|b", "a?b", "été", "日本"];
  for (const value of values) {
    test(value, () => {
      assert.deepEqual(decode(`start(${value})`, "code", { strict: true }).ir.entities, [{ id: "act", value, action: "!START" }]);
    });
  }
});

describe("code roles: a second positional argument is a time only when it looks like t+N or t-N", () => {
  const cases: [string, Record<string, string>][] = [
    ["if x(a,t+): start(b)", { type: "x", value: "a", time: "t+" }],
    ["if x(a,t-1): start(b)", { type: "x", value: "a", time: "t-1" }],
    ["if x(a,t+1am): start(b)", { type: "x", value: "a", time: "t+1am" }],
    ["if x(a,t): start(b)", { type: "x", value: "t", subject: "a" }],
    ["if x(a,tx): start(b)", { type: "x", value: "tx", subject: "a" }],
    ["if x(a,x+1): start(b)", { type: "x", value: "x+1", subject: "a" }],
    ["if x(a,T+1): start(b)", { type: "x", value: "T+1", subject: "a" }],
    ["if x(t+1): start(b)", { type: "x", value: "t+1" }],
    ["if x(a,b,t+1): start(c)", { type: "x", value: "b", time: "t+1", subject: "a" }],
  ];
  for (const [payload, constraint] of cases) {
    test(payload, () => assert.deepEqual(decode(payload, "code", { strict: true }).ir.constraints, [constraint]));
  }
  test("a constraint call with keyword arguments only", () => {
    assert.deepEqual(decode("if rain(value=yes,time=t+1): start(a)", "code", { strict: true }).ir.constraints, [{ type: "rain", value: "yes", time: "t+1" }]);
  });
});

describe("code lower: each structural conflict is an error with its offset and message", () => {
  const decodeFailed = (offset: number, message: string): Failure => ({ code: "decode_failed", offset, message });
  const syntax = (offset: number, message: string, expected: string[]): Failure => ({ code: "invalid_syntax", offset, message, expected });
  const notString = (what: string) => `${what} must be a string; JSON literals are only allowed for extra fields`;
  const cases: [string, Failure][] = [
    ["start(a); stop()", decodeFailed(10, "stop() has no arguments; a secondary action exists in the IR only through its arguments")],
    ["START(hike)", syntax(0, '"START" is not a function name (lowercase letters and underscores, spec 3.7)', ["a function name such as cancel"])],
    ["start(a@b)", syntax(7, "@location is only allowed in else-branch calls", [",", ")"])],
    ["start(`1`)", decodeFailed(6, notString("an entity value"))],
    ["start(a[id=x])", decodeFailed(8, '"id" cannot be an extra field of an entity')],
    ["start(a[value=x])", decodeFailed(8, '"value" cannot be an extra field of an entity')],
    ["start(a[action=x])", decodeFailed(8, '"action" cannot be an extra field of an entity')],
    ["if x==`1`: start(a)", decodeFailed(6, notString("a constraint value"))],
    ["if x==1, `t`: start(a)", decodeFailed(9, notString("a time"))],
    ["if !x(t+1,t+2): start(a)", decodeFailed(10, "a negated constraint takes at most one positional argument (its time)")],
    ["if x(a,b,c,d): start(e)", decodeFailed(11, "a constraint takes at most three positional arguments (subject, value, time)")],
    ["if x(`1`): start(a)", decodeFailed(5, notString("the constraint's value"))],
    // The last positional is a JSON literal: never a time, so the two are subject and value.
    ["if x(a,`t+1`): start(b)", decodeFailed(7, notString("the constraint's value"))],
    ["if x(a,b,`1`): start(c)", decodeFailed(9, notString("the constraint's time"))],
    ["if x(value=`1`): start(a)", decodeFailed(11, notString("the constraint's value"))],
    ["if x(value=a,time=`1`): start(b)", decodeFailed(18, notString("the constraint's time"))],
    ["if x(type=y): start(a)", decodeFailed(5, '"type" is the constraint name and cannot be a keyword argument')],
    ["if x(subject=a): start(b)", decodeFailed(3, "constraint x has no value")],
    ["if x(a@b): start(c)", syntax(6, "@location is only allowed in else-branch calls", [",", ")"])],
    ["if x(a[k=1]): start(c)", syntax(5, "[...] extra fields are only allowed on entity arguments", [",", ")"])],
    ["start(a) else: stop(b[k=1])", syntax(20, "[...] extra fields are only allowed on entity arguments", [",", ")"])],
    ["start(a) else: stop(`1`)", decodeFailed(20, notString("a target"))],
    ["start(a) else: stop(b@`1`)", decodeFailed(22, notString("a location"))],
    ["start(a) else: stop(k=b@c)", syntax(23, "@location belongs to the positional target", [",", ")"])],
    ["start(a) else: stop(action=x)", decodeFailed(20, '"action" is the call name and cannot be a keyword argument')],
    ["start(a) else: stop(target=`1`)", decodeFailed(27, notString("the target"))],
    ["start(a) else: stop(location=`1`)", decodeFailed(29, notString("the location"))],
  ];
  for (const [payload, want] of cases) test(payload, () => rejects(payload, true, want));

  test("lowering a statement without calls is a syntax error at the start", () => {
    const context = new DecodeContext("", resolveOptions({}), IDENTITY_HOOKS);
    throwsSyntaxError(() => new StatementLowering(context).finish({ conditions: [], actions: [], alternatives: [] }), {
      offset: 0,
      message: "a payload needs at least one call",
      expected: ["a function call"],
    });
  });
});

describe("code lower: extra fields that are not role fields keep their JSON value", () => {
  test("an else-branch call's keyword arguments: target and location as strings, others any JSON", () => {
    assert.deepEqual(decode("start(a) else: cancel(n=`[1]`,location=here,target=b)", "code", { strict: true }).ir.alternatives, [
      { action: "!CANCEL", target: "b", location: "here", n: [1] },
    ]);
  });
  test("an entity's extra field", () => {
    assert.deepEqual(decode('start(a[k=`{"x":1}`])', "code", { strict: true }).ir.entities, [{ id: "act", value: "a", action: "!START", k: { x: 1 } }]);
  });
});

describe("code lower: a quoted name is taken literally, a bare one is folded to ASCII (homoglyphs: normalize)", () => {
  const cyrillicA = "\u0430";
  test("quoted constraint name keeps its Cyrillic letter", () => {
    assert.deepEqual(decode(`if "r${cyrillicA}in"==yes: start(a)`, "code", { strict: true }).ir.constraints, [
      { type: `r${cyrillicA}in`, value: "yes", operator: "==" },
    ]);
  });
  test("bare constraint name is folded", () => {
    assert.deepEqual(decode(`if r${cyrillicA}in==yes: start(a)`, "code", { strict: true }).ir.constraints, [{ type: "rain", value: "yes", operator: "==" }]);
  });
});
