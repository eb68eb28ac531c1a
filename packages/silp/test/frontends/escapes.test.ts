/**
 * A quoted string accepts exactly RFC 8259's escapes. Every other escape is a
 * typed SilpSyntaxError at the backslash (never the untyped SyntaxError JSON.parse would throw if
 * the lexer let it through), in strict and lenient mode alike; \uXXXX in either case, surrogate
 * pairs included, decodes to the code point. Expected values are written by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { decode, isSilpError } from "silp";
import { BACKSLASH_ESCAPES } from "../../../../fuzz/escapes.js";
import { TARGETS } from "../../../../fuzz/targets.js";

/** [payload, offset of the offending backslash (or JSON character)] */
const INVALID: [string, number][] = [
  ['cancel("\\v")', 8],
  ['cancel("a\\a")', 9],
  ['cancel("\\x41")', 8],
  ['cancel("\\U0041")', 8],
  ['cancel("\\0")', 8],
  ['cancel("\\\'")', 8],
  ['cancel("\\u12")', 8],
  ['cancel("\\u12G4")', 8],
  ['cancel("\\u004")', 8],
  ['cancel("ok\\u00e")', 10],
  ['cancel("\\', 8],
  ['cancel("\\ ")', 8],
  // In else-branch targets, constraint values and keyword names too: the lexer is shared.
  ['cancel(a) else: start("\\v")', 23],
  ['if x("\\v"): cancel(a)', 6],
  ['cancel("\\v"=a)', 8],
];

describe("escapes in quoted strings", () => {
  for (const [payload, offset] of INVALID) {
    // A model's \' may get a lenient repair of its own (another change defines those): strict only.
    for (const strict of payload.includes("\\'") ? [true] : [true, false]) {
      test(`${JSON.stringify(payload)} (${strict ? "strict" : "lenient"}) is invalid_syntax at ${offset}`, () => {
        const error = silpErrorOf(() => decode(payload, "code", { strict }));
        assert.ok(isSilpError(error, "invalid_syntax"), `${error.name}: ${error.message}`);
        assert.equal(error.code, "invalid_syntax");
        assert.equal(error.offset, offset, error.message);
      });
    }
  }

  // Strict: lenient repairs of damaged JSON are another change's to define.
  test("\\v in a JSON literal, the #meta object and the json frontend is a typed error too (strict)", () => {
    const literal = silpErrorOf(() => decode('cancel(a[k=`"\\v"`])', "code", { strict: true }));
    assert.deepEqual([literal.name, literal.code, literal.offset], ["SilpError", "invalid_syntax", 14]);
    const meta = silpErrorOf(() => decode('cancel(a) #meta {"meta":{"req_id":"a1b2c3d4","x":"\\v"}}', "code", { strict: true }));
    assert.deepEqual([meta.name, meta.code, meta.offset], ["SilpError", "invalid_syntax", 51]);
    const json = silpErrorOf(() => decode('{"intent":"!CANCEL","entities":[{"id":"act","value":"\\v","action":"!CANCEL"}]}', "json", { strict: true }));
    assert.deepEqual([json.name, json.code, json.offset], ["SilpError", "invalid_syntax", 52]);
  });

  test("every RFC 8259 escape decodes to its character", () => {
    const result = decode('cancel("\\u00e9\\/\\b\\f\\n\\r\\t\\\\\\"\\u0060")', "code", { strict: true });
    assert.equal(result.ir.entities[0]?.value, 'é/\b\f\n\r\t\\"`');
  });

  test("surrogate pairs in lower and upper case decode to one astral code point", () => {
    for (const payload of ['cancel("\\ud83d\\ude00")', 'cancel("\\uD83D\\uDE00")', 'cancel("x\\uD83D\\ude00y")']) {
      const value = decode(payload, "code", { strict: true }).ir.entities[0]?.value as string;
      assert.equal(value.replace(/[xy]/g, ""), "\u{1F600}", payload);
      assert.equal([...value.replace(/[xy]/g, "")].length, 1, payload);
    }
    const json = decode('{"intent":"!CANCEL","entities":[{"id":"act","value":"\\ud83d\\ude00","action":"!CANCEL"}]}', "json", { strict: true });
    assert.equal(json.ir.entities[0]?.value, "\u{1F600}");
  });

  test("the fuzz dictionaries put u, v and other letters after a backslash", () => {
    for (const sequence of ["\\u", "\\v", "\\a", "\\x41", "\\U0041", "\\ud83d\\ude00"]) assert.ok(BACKSLASH_ESCAPES.includes(sequence), sequence);
    for (const name of ["code-decode", "json-decode"]) {
      const tokens = TARGETS[name]?.tokens ?? [];
      for (const sequence of BACKSLASH_ESCAPES) assert.ok(tokens.includes(sequence), `${name} lacks ${sequence}`);
    }
  });
});
