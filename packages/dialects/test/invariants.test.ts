/**
 * The unambiguity invariants (docs/dialects.md): every point of the space keeps them (checked
 * exhaustively, all combinations), and spellings that break one are refused with the rule named.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { CODE_DIALECT, DIALECT_SPACE, parseDialectSpec } from "@silp/dialects";
import { testDepth } from "@silp/testkit/property.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { checkInvariants } from "../src/invariants.js";
import { operatorSpellings, spellingOf } from "../src/space.js";
import { resolveSpellings } from "../src/spellings.js";

describe("the invariants of every dialect", () => {
  test("every spec of the space resolves (a sample through the public path)", () => {
    for (const gene of DIALECT_SPACE) {
      for (const choice of gene.options) resolveSpellings(parseDialectSpec({ ...CODE_DIALECT, genes: { ...CODE_DIALECT.genes, [gene.name]: choice } }));
    }
  });

  // The whole product at full depth; a quick run checks every 7th point (7 is prime to the size,
  // so every option of every gene is still met in many combinations).
  const STRIDE = testDepth() === "quick" ? 7 : 1;
  test(
    STRIDE === 1
      ? "hold at every point of the space (the whole product, enumerated)"
      : `hold at every ${STRIDE}th point of the space (the product, enumerated)`,
    () => {
      const sizes = DIALECT_SPACE.map((gene) => gene.options.length);
      const total = sizes.reduce((a, b) => a * b, 1);
      assert.equal(total, 1_769_472, "the space's size (docs/dialects.md states it)");
      // keywords: ordered checks the agreed table; a table with an act, a keyword name, a quoted-in-code name.
      const ORDER = { "!UPDATE": ["act", "field", "new_value"], "!TRANSLATE": ["src", "tgt", "style"], "!IF": ["and", "__proto__"] };
      const digits = sizes.map(() => 0);
      const indexOf = new Map(DIALECT_SPACE.map((gene, index) => [gene.name, index]));
      const table = new Map(DIALECT_SPACE.map((gene) => [gene.name, gene.options.map((choice) => spellingOf(gene.name, choice) as string)]));
      let checked = 0;
      for (let point = 0; point < total; point++) {
        if (point % STRIDE !== 0) {
          advance();
          continue;
        }
        checked++;
        // The spellings resolveSpellings would give this point (built directly: 900,000 full resolves take minutes).
        const option = (name: string): string => (table.get(name) as string[])[digits[indexOf.get(name) as number] as number] as string;
        checkInvariants({
          if: option("if"),
          and: option("and"),
          thenWord: option("then"),
          actions: option("actions"),
          else: option("else"),
          alternatives: option("alternatives"),
          equals: option("equals"),
          location: option("location"),
          negation: option("negation"),
          time: option("time"),
          meta: option("meta"),
          operators: operatorSpellings(option("operators")),
          spacesCall: option("call") === " ",
          argumentOrder: option("keywords") === "ordered" ? ORDER : {},
        });
        advance();
      }
      assert.equal(checked, Math.ceil(total / STRIDE));

      /** The next point: the digits count up, the first gene fastest. */
      function advance(): void {
        for (let index = 0; index < digits.length; index++) {
          digits[index] = ((digits[index] as number) + 1) % (sizes[index] as number);
          if (digits[index] !== 0) break;
        }
      }
    },
  );

  const code = resolveSpellings(CODE_DIALECT);
  const broken: [string, object, RegExp][] = [
    ["then and time spelled alike", { thenWord: ", ", time: ", " }, /same point differ.*after a condition/],
    ["and and then spelled alike", { and: " then ", thenWord: " then " }, /same point differ/],
    ["actions and else spelled alike", { else: "; " }, /after a call/],
    ["alternatives and meta spelled alike", { alternatives: " #{" }, /after an alternative/],
    ["equals and location spelled alike", { equals: "@" }, /after an argument's first value/],
    ["an operator spelled like another", { operators: { ...code.operators, "<": "==" } }, /after a condition's name/],
    ["a bare character in a spelling", { actions: " - " }, /structure characters and words only.*"-"/],
    ["a quote in a spelling", { else: ' " ' }, /structure characters and words only/],
    ["a spelling that ends in a word", { and: " and" }, /never ends in a word/],
    ["a separator that begins with a word", { actions: "and " }, /only if and negation begin with a word/],
    ["if without its space", { if: "if:" }, /if ends with a space/],
    ["an empty spelling", { meta: "" }, /no empty spelling/],
    ["an argument order naming a name twice", { argumentOrder: { "!UPDATE": ["field", "act", "field"] } }, /each argument once.*UPDATE/],
    ["an argument order with a name that is not an identifier", { argumentOrder: { "!UPDATE": ["new value"] } }, /names are identifiers/],
    ["an argument order keyed by a function name", { argumentOrder: { update: ["field"] } }, /keys are verbs/],
    ["an empty argument order", { argumentOrder: { "!UPDATE": [] } }, /at least one argument/],
  ];
  for (const [what, change, message] of broken) {
    test(`refused: ${what}`, () => {
      const error = silpErrorOf(() => checkInvariants({ ...code, ...change }));
      assert.equal(error.code, "invalid_options");
      assert.match(error.message, message);
    });
  }
});
