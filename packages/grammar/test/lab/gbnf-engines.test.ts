/**
 * toGbnf's two readings of a character class: llama.cpp's (every member as a code point) and
 * XGrammar's (ASCII members as a class, a few members past ASCII as literals, more as any
 * character past ASCII). The real engines run on these forms in lab/grammar-real-parsers.test.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { type Grammar, toGbnf } from "@silp/grammar";
import { xgrammarMatcher } from "./real-parsers.js";

function oneClass(ranges: [number, number][]): Grammar {
  return {
    frontend: "test",
    root: "value",
    verbs: [],
    rules: [{ name: "value", expr: { kind: "repeat", min: 1, max: "many", item: { kind: "chars", ranges } } }],
  };
}

const ruleLine = (gbnf: string): string => gbnf.split("\n").find((line) => line.startsWith("value ::=")) as string;

describe("toGbnf engine", () => {
  test("an ASCII class prints the same for both engines", () => {
    const grammar = oneClass([
      [0x30, 0x39],
      [0x61, 0x7a],
    ]);
    assert.equal(ruleLine(toGbnf(grammar)), "value ::= [0-9a-z]+");
    assert.equal(ruleLine(toGbnf(grammar, { engine: "xgrammar" })), "value ::= [0-9a-z]+");
  });

  test("a few code points past ASCII become literals for XGrammar; many become any character past ASCII", () => {
    const few = oneClass([
      [0x61, 0x7a],
      [0xe0, 0xe1],
    ]);
    assert.equal(ruleLine(toGbnf(few)), "value ::= [a-z\\u00e0-\\u00e1]+");
    assert.equal(ruleLine(toGbnf(few, { engine: "xgrammar" })), 'value ::= ([a-z] | "\\u00E0" | "\\u00E1")+');
    const many = oneClass([
      [0x41, 0x5a],
      [0x3165, 0xd7ff],
    ]);
    assert.equal(ruleLine(toGbnf(many, { engine: "xgrammar" })), "value ::= ([A-Z] | [^\\u0000-\\u007f])+");
    assert.equal(ruleLine(toGbnf(oneClass([[0x4e00, 0x9fff]]), { engine: "xgrammar" })), "value ::= [^\\u0000-\\u007f]+");
  });

  test("XGrammar matches those forms as the grammar means on ASCII and on the few literals", async () => {
    const few = await xgrammarMatcher(
      toGbnf(
        oneClass([
          [0x61, 0x7a],
          [0xe0, 0xe1],
        ]),
        { engine: "xgrammar" },
      ),
    );
    assert.deepEqual(["abc", "àá", "aàz", "â", "a,b", "A"].map(few), [true, true, true, false, false, false]);
    const plain = await xgrammarMatcher(
      toGbnf(
        oneClass([
          [0x61, 0x7a],
          [0xe0, 0xe1],
        ]),
      ),
    );
    // The plain form: XGrammar matches the low bytes 0xe0-0xe1, so neither à nor á (C3 A0, C3 A1) passes.
    assert.deepEqual(["abc", "àá"].map(plain), [true, false]);
  });

  test("an unknown engine is a TypeError", () => {
    assert.throws(() => toGbnf(oneClass([[0x61, 0x7a]]), { engine: "vllm" as never }), TypeError);
  });
});
