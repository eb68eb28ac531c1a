/**
 * The dialect grammar's source (docs/grammar.md, "Dialects"), without the real parsers
 * (lab/dialect-grammar-real-parsers.test.ts runs those):
 * - the code frontend's grammar is the CODE_DIALECT point, and its GBNF and Lark are what they
 *   were before dialects existed (hashes recorded from the code grammar before the change);
 * - the grammar's spellings are the dialects package's own: every gene and option of
 *   DIALECT_SPACE is known, and the texts and reserved words are the ones its prompt shows;
 * - derived texts decode strictly in their dialect, or fail only as not canonical.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "vitest";
import { buildDialectPrompt, CODE_DIALECT, createDialect, DIALECT_SPACE, parseDialectSpec } from "@silp/dialects";
import { codeGrammar, dialectGrammar, type Grammar, toGbnf, toLark } from "@silp/grammar";
import { SilpError } from "silp";
import { CODE_SPELLINGS, dialectSpellings, type GrammarSpellings } from "../src/spellings.js";
import { coveringDialects, derivedVerdict, dialectsUnderTest, evolvedDialect } from "./dialect-samples.js";
import { derivedFrom } from "./samples.js";

const SEED = Number(process.env.SILP_GRAMMAR_SEED ?? 20261130);
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A GBNF grammar's rules by name (comments left out: they name the frontend). */
function rulesOf(gbnf: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const line of gbnf.split("\n")) {
    const match = /^([a-z-]+) ::= (.*)$/.exec(line);
    if (match) rules.set(match[1] as string, match[2] as string);
  }
  return rules;
}

describe("the code frontend's grammar is the CODE_DIALECT point", () => {
  it("codeGrammar() prints byte for byte what it printed when recorded (hashes recorded under Unicode 17.0)", (context) => {
    // Recorded from the code grammar before dialects existed, and again when the meta trailer
    // became `#{p2 c.75}` (the one intended change since); a change of the code grammar's text
    // must be deliberate. The character classes come from the runtime's Unicode tables, so the
    // hashes hold for that Unicode version only.
    if (process.versions.unicode !== "17.0") {
      context.skip(`recorded under Unicode 17.0, this runtime has ${process.versions.unicode}`);
      return;
    }
    const recorded: [string[] | undefined, string, string][] = [
      [undefined, "345d8a2a6ef5b166bcfeb4f9cf07e92a8e10ecece1664b6464bd4b82360f44f7", "6d9d972e083943021ada5ec63bbd619526385d798ed6c2dd9d01f9539143c139"],
      [
        ["!REFUND", "!START", "!A_B"],
        "d848f3b94613d380e57eedb2581f78a2dbe1a94271d97c78043bc49e9fff7ad0",
        "4afac303817ee657e8907a2edf2f2e2c9187a16557f060305bd56c340cef7091",
      ],
      [["!ELSE"], "09fd9ca24e3841333ca561004f8189984706d4b20d06e8c8bf89dc5062f8fa0d", "8cbcfd3126c9f3492d345b4f8efdaaaac408b318082fee109595fced82abd0a7"],
    ];
    for (const [verbs, gbnf, lark] of recorded) {
      const grammar = codeGrammar(verbs === undefined ? {} : { verbs });
      assert.equal(sha256(toGbnf(grammar)), gbnf, `GBNF for ${JSON.stringify(verbs)}`);
      assert.equal(sha256(toLark(grammar)), lark, `Lark for ${JSON.stringify(verbs)}`);
    }
  });

  it("dialectGrammar(CODE_DIALECT) is the code grammar, but for the printer's quoting and roles and the dialect's name", () => {
    // A dialect's strict decoder accepts only what its printer writes, so its grammar quotes only
    // what the printer quotes (docs/grammar.md, "Dialects"); every other rule is the code grammar's.
    const quoting = ["value", "extra-value", "time-like", "not-time-like", "name", "c-key", "c-key-no-subject", "entity-id", "e-key", "alt-key"];
    // ... and writes argument roles as the printer does (positional when they read back by count).
    // ... and a meta seq entry shaped like an action code is a verb in force.
    const tightened = new Set([...quoting, "negation-args", "constraint-args", "m-priority", "m-value", "m-seq-entry", "m-extra-value", "m-extra-key"]);
    const added = ["value-not-true", "l-json-not-string", "quoted-value", "string-char-ext-not-bare", "m-quoted-value", "m-seq-quoted"];
    for (const verbs of [undefined, ["!REFUND", "!START", "!A_B"], ["!ELSE", "!OR"]]) {
      const options = verbs === undefined ? {} : { verbs };
      const code = rulesOf(toGbnf(codeGrammar(options)));
      const dialect = rulesOf(toGbnf(dialectGrammar(CODE_DIALECT, options)));
      assert.deepEqual(
        [...dialect.keys()].filter((name) => !code.has(name)),
        added,
      );
      assert.deepEqual(
        [...code.keys()].filter((name) => !dialect.has(name)),
        [],
      );
      for (const [name, rule] of code) {
        if (tightened.has(name)) assert.notEqual(dialect.get(name), rule, `${name} is tightened`);
        else assert.equal(dialect.get(name), rule, name);
      }
      assert.match(toGbnf(dialectGrammar(CODE_DIALECT, options)), /^# SILP x-code frontend/);
    }
  });

  it("the spellings of CODE_DIALECT are CODE_SPELLINGS", () => {
    assert.deepEqual(
      { ...dialectSpellings(CODE_DIALECT), reserved: [...dialectSpellings(CODE_DIALECT).reserved].sort() },
      {
        ...CODE_SPELLINGS,
        reserved: [...CODE_SPELLINGS.reserved].sort(),
      },
    );
  });
});

/** The lines buildDialectPrompt writes from @silp/dialects' own spellings, rebuilt from the grammar's. */
function promptLines(s: GrammarSpellings): string[] {
  const show = (text: string): string => JSON.stringify(text);
  return [
    `Shape: [${show(s.if)} CONDITION [${show(s.and)} CONDITION]... ${show(s.thenWord)}] CALL [${show(s.actions)} CALL]... [${show(s.else)} CALL [${show(s.alternatives)} CALL]...]`,
    s.spacesCall ? "  CALL = VERB ARG ARG ..." : `  CALL = VERB(ARG,ARG,...)${s.omitEmptyArgs ? " (a call without arguments is the bare VERB)" : ""}`,
    `  ARG = value, or key${s.equals}value; in the alternatives, target${s.location}place`,
    `${show(s.negation)} before a name for "not", or name OP value [${show(s.time)} time]`,
    `  OP = ${Object.entries(s.operators)
      .map(([operator, text]) => `${show(text)} for ${operator}`)
      .sort()
      .join(", ")}`,
    `as values they go in double quotes: ${[...s.reserved].sort().join(" ")}.`,
    `- ${show(`${s.meta}…}`)} at the end`,
  ];
}

describe("the grammar's spellings are the dialects package's", () => {
  it("every gene and option of DIALECT_SPACE has a spelling (the covering dialects take every option)", () => {
    const covers = coveringDialects();
    for (const gene of DIALECT_SPACE) {
      const taken = new Set([CODE_DIALECT, ...covers].map((spec) => spec.genes[gene.name]));
      assert.deepEqual([...taken].sort(), [...gene.options].sort(), gene.name);
    }
    for (const spec of covers) assert.doesNotThrow(() => dialectSpellings(spec), spec.name);
  });

  it("texts, operators and reserved words are the ones buildDialectPrompt shows (x-evolved, the covering dialects)", () => {
    for (const spec of [evolvedDialect(), ...coveringDialects(), CODE_DIALECT]) {
      const text = buildDialectPrompt(spec, { role: "read" }).text;
      // The prompt's operator list is in the dialect's order; compare it as a set.
      const prompt = text.replace(/ {2}OP = (.*)/, (_, list: string) => `  OP = ${list.split(", ").sort().join(", ")}`);
      for (const line of promptLines(dialectSpellings(spec))) assert.ok(prompt.includes(line), `${spec.name}: the prompt lacks ${JSON.stringify(line)}`);
    }
  });

  it("the dialect printer quotes exactly the grammar's reserved words as values", () => {
    for (const spec of [evolvedDialect(), ...coveringDialects()]) {
      const dialect = createDialect(spec);
      const { reserved } = dialectSpellings(spec);
      const words = [...new Set([...reserved, "hike", "android", "a|b", "notes", "At", "IS"])];
      for (const word of words) {
        const printed = dialect.print({ intent: "!START", entities: [{ id: "act", value: word }], meta: { req_id: "abcd" } });
        assert.equal(printed.includes(JSON.stringify(word)), reserved.includes(word), `${spec.name}: ${word} printed as ${printed}`);
      }
    }
  });

  it("a spec is checked as a dialect file is: a bad one is invalid_options", () => {
    assert.throws(
      () => dialectGrammar({ ...CODE_DIALECT, genes: { ...CODE_DIALECT.genes, call: "brackets" } }),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_options" && /call/.test(error.message),
    );
    assert.throws(() => dialectGrammar(parseDialectSpec({ ...CODE_DIALECT, name: "x-a" }), { verbs: [] }), /at least one verb/);
  });
});

describe("texts derived from a dialect grammar (soundness, without the real parsers)", () => {
  const dialects = dialectsUnderTest(4, SEED);
  const grammars = new Map<string, Grammar>(dialects.map((spec) => [spec.name, dialectGrammar(spec)]));

  for (const spec of dialects) {
    it(`${spec.name}: 150 derived texts decode strictly, or fail only as not canonical`, () => {
      const verdicts = { decodes: 0, "not-canonical": 0, "verb-twice": 0 };
      derivedFrom(grammars.get(spec.name) as Grammar, 150, SEED, (text) => {
        verdicts[derivedVerdict(text, spec.name)]++;
      });
      // Both kinds occur: the grammar is not empty of canonical payloads, nor only those.
      assert.ok(verdicts.decodes > 0, `${spec.name}: no derived text decoded (${JSON.stringify(verdicts)})`);
      assert.equal(verdicts.decodes + verdicts["not-canonical"] + verdicts["verb-twice"], 150);
    });
  }
});

describe("function names that are reserved words", () => {
  const verbs = ["!OR", "!AT", "!START", "!THEN"];

  it("are quoted where calls can lose their parentheses (x-evolved), bare where every call has them (x-cover4 with parens)", () => {
    const evolved = evolvedDialect();
    const gbnf = toGbnf(dialectGrammar(evolved, { verbs }));
    // x-evolved reserves or, at and then (its spellings), not start.
    assert.match(gbnf, /^primary-or ::= "\\"or\\"" /m);
    assert.match(gbnf, /^primary-start ::= "start" /m);
    assert.equal(
      createDialect(evolved).print({ intent: "!OR", entities: [{ id: "act", value: "x" }], meta: { req_id: "abcd" } }, { whitelist: "off" }),
      '"or" x',
    );
    const parens = parseDialectSpec({ ...evolved, name: "x-parens", genes: { ...evolved.genes, call: "parens", empty_args: "()" } });
    assert.match(toGbnf(dialectGrammar(parens, { verbs })), /^primary-or ::= "or\(" /m);
    assert.equal(
      createDialect(parens).print({ intent: "!OR", entities: [{ id: "act", value: "x" }], meta: { req_id: "abcd" } }, { whitelist: "off" }),
      "or(x)",
    );
  });

  it("derived texts with those verbs decode strictly (whitelist off) or fail only as not canonical", () => {
    const spec = evolvedDialect();
    const verdicts = { decodes: 0, "not-canonical": 0, "verb-twice": 0 };
    let quotedCalls = 0;
    derivedFrom(dialectGrammar(spec, { verbs }), 150, SEED, (text) => {
      verdicts[derivedVerdict(text, spec.name, { whitelist: "off" })]++;
      if (/(^| and | otherwise | or )"(or|at|then)"/.test(text)) quotedCalls++;
    });
    assert.ok(verdicts.decodes > 0 && quotedCalls > 0, JSON.stringify({ verdicts, quotedCalls }));
  });
});
