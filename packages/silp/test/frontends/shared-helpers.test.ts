/**
 * The frontends' shared helpers pinned against hand-written output: invisible-character escaping, the JSON depth pre-scan with its offset, and embedded
 * JSON errors mapped into the payload.
 *
 * Internals, on purpose: the escaping helper and the JSON depth pre-scan are shared by several
 * frontends and have no public entry.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { SilpError } from "silp";
import { checkJsonDepth, countMembers, parseEmbeddedJson, scanJson } from "../../src/frontends/json-value.js";
import { escapeInvisible, quoteString, stringifyJson } from "../../src/frontends/text-escape.js";

describe("text-escape: invisible and line-breaking characters printed as \\uXXXX", () => {
  const cases: [string, string][] = [
    ["plain", '"plain"'],
    ["a\u200bb", '"a\\u200bb"'],
    ["\u202e", '"\\u202e"'],
    ["\u2028\u2029", '"\\u2028\\u2029"'],
    ["\u007f\u0085\u009f", '"\\u007f\\u0085\\u009f"'],
    ["\u3164", '"\\u3164"'],
    ["\u034f", '"\\u034f"'],
    ["\u{e0041}", '"\\udb40\\udc41"'],
    ["\u00a0\u007e", '"\u00a0~"'],
    ["é東", '"é東"'],
  ];
  for (const [value, printed] of cases) {
    test(`${JSON.stringify(value)} prints as ${printed}`, () => {
      assert.equal(quoteString(value), printed);
      assert.equal(JSON.parse(printed), value);
    });
  }

  test("every occurrence, in whole documents", () => {
    assert.equal(stringifyJson({ a: "\u200b\u200b", b: ["\u2060"] }), '{"a":"\\u200b\\u200b","b":["\\u2060"]}');
    assert.equal(escapeInvisible('"x"'), '"x"');
  });
});

describe("checkJsonDepth: linear, strings skipped, offset of the first bracket too deep", () => {
  function limitAt(text: string, maxDepth: number, offset: number): void {
    assert.throws(
      () => checkJsonDepth(text, maxDepth, `pre${text}`, 3),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "limit_exceeded");
        assert.equal(error.offset, offset);
        assert.equal(error.message, `JSON nesting deeper than the limit of ${maxDepth}`);
        assert.deepEqual(error.details, { limit: "maxDepth", value: maxDepth });
        return true;
      },
    );
  }

  test("at the limit passes, one more fails at that bracket", () => {
    checkJsonDepth("[[1]]", 2, "", 0);
    limitAt("[[[1]]]", 2, 3 + 2);
    limitAt('{"a":{"b":{}}}', 2, 3 + 10);
  });

  test("closing brackets lower the depth again", () => {
    checkJsonDepth("[[],[],{}]", 2, "", 0);
    limitAt("[[],[[]]]", 2, 3 + 5);
  });

  test("brackets inside strings, escaped quotes included, do not count", () => {
    checkJsonDepth('["[[[", "\\"[[["]', 1, "", 0);
    checkJsonDepth('{"k\\\\":"[[["}', 1, "", 0);
    limitAt('["\\\\",[]]', 1, 3 + 6);
  });
});

describe("scanJson: the depth and the members written, in one pass", () => {
  test("counts every : outside strings (one per member written), at any depth", () => {
    assert.equal(scanJson('{"a":1,"a":2}', 64, "", 0).members, 2);
    assert.equal(scanJson('{"a":{"b":1},"c":[{"d":2},{}]}', 64, "", 0).members, 4);
    assert.equal(scanJson('{"a:b":"c:d","e\\\\":"f\\":"}', 64, "", 0).members, 2);
    assert.equal(scanJson('["a",1,null]', 64, "", 0).members, 0);
  });

  test("the depth is checked after the count goes on: the first bracket too deep throws", () => {
    assert.throws(
      () => scanJson('{"a":1,"a":[[[]]]}', 3, '{"a":1,"a":[[[]]]}', 0),
      (error: unknown) => error instanceof SilpError && error.code === "limit_exceeded" && error.offset === 13,
    );
  });

  test("as in damaged JSON before: a closing bracket counts down even where nothing is open", () => {
    assert.equal(scanJson(`]]${"[".repeat(4)}`, 3, "", 0).members, 0);
    const text = `]${"[".repeat(5)}`;
    assert.throws(
      () => scanJson(text, 3, text, 0),
      (error: unknown) => error instanceof SilpError && error.offset === 5,
    );
  });
});

describe("countMembers: the own keys of every object in a parsed value", () => {
  test("objects at any depth, inside arrays too; scalars and arrays add none", () => {
    assert.equal(countMembers(JSON.parse('{"a":{"b":1},"c":[{"d":2},{}]}')), 4);
    assert.equal(countMembers(JSON.parse('["a",1,null,[[]]]')), 0);
    assert.equal(countMembers("x"), 0);
    assert.equal(countMembers(null), 0);
  });

  test("a repeated key is one member after JSON.parse; __proto__ is an own key like any other", () => {
    assert.equal(countMembers(JSON.parse('{"a":1,"a":2}')), 1);
    assert.equal(countMembers(JSON.parse('{"__proto__":{"x":1},"b":2}')), 3);
  });
});

describe("parseEmbeddedJson: the native parser, its error position mapped into the payload", () => {
  test("a value parses", () => {
    assert.deepEqual(parseEmbeddedJson('{"a":[1,"x"]}', 5, "", 0), { a: [1, "x"] });
  });

  test("an error is invalid_syntax at the payload offset of the bad character", () => {
    const source = 'call() #meta{"a":1 x}';
    assert.throws(
      () => parseEmbeddedJson('{"a":1 x}', 5, source, 12),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "invalid_syntax");
        assert.equal(error.offset, 12 + 7);
        assert.equal(error.message, "invalid JSON: Expected ',' or '}' after property value");
        assert.deepEqual(error.expected, ["a JSON value"]);
        return true;
      },
    );
  });

  test("an engine message without a position points at the start of the JSON", () => {
    assert.throws(() => parseEmbeddedJson('{"a":}', 5, 'call() #meta{"a":}', 12), { code: "invalid_syntax", offset: 12 });
  });

  test("too deep is limit_exceeded before parsing", () => {
    assert.throws(() => parseEmbeddedJson("[[[]]]", 2, "[[[]]]", 0), { code: "limit_exceeded", offset: 2 });
  });
});
