/**
 * Untrusted text and untrusted dialect files: a dialect's decoder throws nothing but SilpError on
 * any string, in time linear in its length; parseDialectSpec refuses every malformed spec with
 * invalid_options and a message naming the problem.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { CODE_DIALECT, DIALECT_SPACE, createDialect, parseDialectSpec, randomDialectSpec } from "@silp/dialects";
import { isSilpError } from "silp";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";
import { ALL_SPELLINGS } from "../src/space.js";
import { dialectSpecArb } from "./dialect-arbitraries.js";

const RUNS = propertyRuns(1000);
/** Every spelling of the space (shared with the unambiguity test, so a new option is in both). */
const FRAGMENTS = ALL_SPELLINGS;
const textArb = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS, "start", "hike", '"x"', "`1`", "[k=v]", " #meta {}", "t+1", ">=", " is ")), { maxLength: 20 })
    .map((parts) => parts.join("")),
);

describe("a dialect's decoder on arbitrary text", () => {
  test(`throws only SilpError, with a position inside the text when it has one (${RUNS} texts)`, () => {
    assertProperty(
      fc.property(dialectSpecArb, textArb, (spec, text) => {
        const dialect = createDialect(spec);
        try {
          const ir = dialect.parse(text, { whitelist: "off" });
          assert.equal(dialect.print(ir, { whitelist: "off" }), text);
        } catch (error) {
          assert.ok(isSilpError(error), `${String(error)} on ${JSON.stringify(text)}`);
          if (error.offset !== undefined) assert.ok(error.offset >= 0 && error.offset <= text.length, `offset ${error.offset}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("a syntax error points at the offending character, with line and column", () => {
    const dialect = createDialect({ ...CODE_DIALECT, genes: { ...CODE_DIALECT.genes, call: "spaces", actions: "newline" } });
    const error = silpErrorOf(() => dialect.parse("start hike\nbook )"));
    assert.equal(error.code, "invalid_syntax");
    assert.deepEqual([error.offset, error.line, error.column], [16, 2, 6]);
  });

  test("a non-canonical text is refused at the first character that differs from the printer's", () => {
    const dialect = createDialect(CODE_DIALECT);
    const error = silpErrorOf(() => dialect.parse('start("hike")'));
    assert.equal(error.code, "invalid_syntax");
    assert.equal(error.offset, 6);
    assert.match(error.message, /canonical/);
  });

  test("decode time is linear: 8x the text takes far less than 64x the time, and 200 KB decodes in seconds", () => {
    // Bounds far above linear, not tight timings (the machine is shared): a quadratic decoder
    // misses the ratio by far, and 200 KB in a quadratic one takes minutes.
    // keywords: ordered with a table for start: every start call also runs the leading-run rule
    // (which looks ahead over each argument's first value once).
    const dialect = createDialect({
      ...CODE_DIALECT,
      genes: { ...CODE_DIALECT.genes, call: "spaces", actions: "and", operators: "words", keywords: "ordered" },
      argument_order: { "!START": ["act", "k", "j"] },
    });
    const options = { whitelist: "off", limits: { maxInputLength: 1_000_000 } } as const;
    /** `head`, then `unit` repeated to about `size` characters, then `tail`. */
    const grow = (size: number, head: string, unit: string, tail: string): string => head + unit.repeat(Math.ceil(size / unit.length)) + tail;
    const shapes: [string, string, string, string][] = [
      ["many arguments", "start ", "a ", "b"],
      ["many calls", "", "start a and ", "start b"],
      ["many conditions", "if ", "x above 1 and ", "y below 2: start a"],
      ["long quoted value", 'start "', "\\\\", '"'],
      ["unclosed quote", 'start "', "a", ""],
      ["spaces only", "", " ", ""],
      ["words only", "", "and ", ""],
      ["nested brackets", "start a", "[k=v", ""],
      ["many arguments left without names", "start a b c ", "d ", "e"],
      ["long quoted value left without its name", 'start a "', "\\\\", '"'],
    ];
    const parsed = (text: string): void => {
      try {
        dialect.parse(text, options);
      } catch (error) {
        assert.ok(isSilpError(error), String(error));
      }
    };
    for (const [shape, head, unit, tail] of shapes) {
      // 8x the text: linear ~8x the time, quadratic ~64x (testkit/linear-time.ts).
      const { largeMs } = assertLinearTime(shape, parsed, grow(25_000, head, unit, tail), grow(200_000, head, unit, tail));
      assert.ok(largeMs < 10_000, `${shape}: ${largeMs.toFixed(0)} ms of CPU for 200 KB`);
    }
  });
});

describe("parseDialectSpec on hostile dialect files", () => {
  const valid = { silp_dialect: 1, name: "x-mine", genes: { ...CODE_DIALECT.genes } };
  const cases: [string, unknown, RegExp][] = [
    ["not an object", "x-mine", /must be an object, got the string/],
    ["null", null, /must be an object, got null/],
    ["an array", [valid], /must be an object, got an array/],
    ["wrong version", { ...valid, silp_dialect: 2 }, /silp_dialect must be 1/],
    ["missing version", { name: valid.name, genes: valid.genes }, /silp_dialect must be 1/],
    ["unknown field", { ...valid, extra: true }, /unknown field "extra"/],
    ["name without x-", { ...valid, name: "mine" }, /dialect name must match/],
    ["name with capitals", { ...valid, name: "x-Mine" }, /dialect name must match/],
    ["name too long", { ...valid, name: `x-${"a".repeat(31)}` }, /dialect name must match/],
    ["name not a string", { ...valid, name: 7 }, /dialect name must match.*the number 7/],
    ["genes not an object", { ...valid, genes: [] }, /genes must be an object/],
    ["unknown gene", { ...valid, genes: { ...valid.genes, colour: "red" } }, /unknown gene "colour"/],
    ["__proto__ gene", { ...valid, genes: JSON.parse(`{"__proto__": {"if": "if"}, ${JSON.stringify(valid.genes).slice(1)}`) }, /unknown gene "__proto__"/],
    ["missing gene", { ...valid, genes: { ...valid.genes, else: undefined } }, /gene "else" has no option undefined|gene "else" is missing/],
    ["unknown option", { ...valid, genes: { ...valid.genes, else: "elsewise" } }, /gene "else" has no option the string "elsewise"/],
    ["option not a string", { ...valid, genes: { ...valid.genes, call: { parens: true } } }, /gene "call" has no option an object/],
    ["inherited option", { ...valid, genes: { ...valid.genes, if: "toString" } }, /gene "if" has no option the string "toString"/],
    ["argument_order not an object", { ...valid, argument_order: ["!UPDATE"] }, /argument_order must be an object.*an array/],
    ["argument_order null", { ...valid, argument_order: null }, /argument_order must be an object/],
    ["argument_order keyed by a function name", { ...valid, argument_order: { update: ["field"] } }, /argument_order: "update" is not a verb/],
    ["argument_order __proto__ key", { ...valid, argument_order: JSON.parse('{"__proto__": ["field"]}') }, /argument_order: "__proto__" is not a verb/],
    ["argument_order list not a list", { ...valid, argument_order: { "!UPDATE": "field" } }, /argument_order.!UPDATE must be a list of 1 to 32/],
    ["argument_order empty list", { ...valid, argument_order: { "!UPDATE": [] } }, /argument_order.!UPDATE must be a list of 1 to 32/],
    ["argument_order too many names", { ...valid, argument_order: { "!UPDATE": Array.from({ length: 33 }, (_, i) => `n${i}`) } }, /1 to 32/],
    [
      "argument_order too many verbs",
      {
        ...valid,
        argument_order: Object.fromEntries(Array.from({ length: 513 }, (_, i) => [`!V${"A".repeat(i % 60)}${"B".repeat(Math.floor(i / 60))}`, ["a"]])),
      },
      /513 verbs \(at most 512\)/,
    ],
    ["argument_order name with a space", { ...valid, argument_order: { "!UPDATE": ["new value"] } }, /"new value" is not an argument name/],
    ["argument_order name not a string", { ...valid, argument_order: { "!UPDATE": [7] } }, /a number is not an argument name/],
    ["argument_order name twice", { ...valid, argument_order: { "!UPDATE": ["field", "field"] } }, /names "field" twice/],
  ];
  for (const [name, input, message] of cases) {
    test(name, () => {
      const error = silpErrorOf(() => parseDialectSpec(input));
      assert.equal(error.code, "invalid_options");
      assert.match(error.message, message);
    });
  }

  test("a bad argument_order names the field and the verb", () => {
    const error = silpErrorOf(() => parseDialectSpec({ ...valid, argument_order: { "!UPDATE": ["field", 1] } }));
    assert.deepEqual([error.details?.field, error.details?.verb], ["argument_order", "!UPDATE"]);
  });

  test("a missing gene is named", () => {
    const genes: Record<string, string> = { ...CODE_DIALECT.genes };
    delete genes.meta;
    assert.match(silpErrorOf(() => parseDialectSpec({ ...valid, genes })).message, /gene "meta" is missing/);
  });

  test("createDialect and registerDialect check a spec built by hand too", () => {
    const bad = { ...CODE_DIALECT, genes: { ...CODE_DIALECT.genes, call: "brackets" } };
    assert.equal(silpErrorOf(() => createDialect(bad)).code, "invalid_options");
  });

  test("a valid spec comes back frozen and equal, with genes in the space's order", () => {
    const reversed = { ...valid, genes: Object.fromEntries(Object.entries(valid.genes).reverse()) };
    const spec = parseDialectSpec(reversed);
    assert.deepEqual(spec, valid);
    const ordered = parseDialectSpec({ ...valid, argument_order: { "!UPDATE": ["act", "field"] } });
    assert.deepEqual(ordered.argument_order, { "!UPDATE": ["act", "field"] });
    assert.ok(Object.isFrozen(ordered.argument_order) && Object.isFrozen(ordered.argument_order?.["!UPDATE"]));
    assert.deepEqual(
      Object.keys(spec.genes),
      DIALECT_SPACE.map((gene) => gene.name),
    );
    assert.ok(Object.isFrozen(spec) && Object.isFrozen(spec.genes));
  });

  test("randomDialectSpec refuses a generator outside [0, 1) and an invalid name", () => {
    for (const bad of [1, -0.5, Number.NaN, 2]) assert.throws(() => randomDialectSpec(() => bad), RangeError, String(bad));
    assert.equal(silpErrorOf(() => randomDialectSpec(() => 0.5, "plain")).code, "invalid_options");
    assert.deepEqual(randomDialectSpec(() => 0).genes, CODE_DIALECT.genes);
    assert.equal(randomDialectSpec(() => 0.999999).genes.if, "When");
  });

  test("randomDialectSpec is uniform per gene (6,000 draws from a seeded generator, every option within 15% of its share)", () => {
    let state = 20261130; // xorshift32: a fixed, independent source of numbers in [0, 1)
    const next = (): number => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    const draws = 6000;
    const counts = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      for (const [gene, option] of Object.entries(randomDialectSpec(next).genes)) counts.set(`${gene}=${option}`, (counts.get(`${gene}=${option}`) ?? 0) + 1);
    }
    for (const gene of DIALECT_SPACE) {
      for (const option of gene.options) {
        const share = (counts.get(`${gene.name}=${option}`) ?? 0) / (draws / gene.options.length);
        assert.ok(share > 0.85 && share < 1.15, `${gene.name}=${option}: ${share.toFixed(2)} of its share`);
      }
    }
  });

  test("random specs are always valid", () => {
    assertProperty(fc.property(dialectSpecArb, (spec) => assert.deepEqual(parseDialectSpec(JSON.parse(JSON.stringify(spec))), spec)));
  });
});
