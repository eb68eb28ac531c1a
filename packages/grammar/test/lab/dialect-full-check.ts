/**
 * The full dialect-grammar check behind docs/grammar.md, "Dialects" (the suite's
 * lab/dialect-grammar-real-parsers.test.ts is its small version): for x-evolved, the four covering
 * dialects and `random` seeded random dialects, `count` payloads each dialect prints and `count`
 * texts derived from its grammar, through llama.cpp's GBNF engine, XGrammar and Lark, derived texts
 * also through the dialect's strict decoder; bare reserved words must be refused by all three.
 *
 *   node --import tsx packages/grammar/test/lab/dialect-full-check.ts [random] [count] > report.txt
 */
import { dialectGrammar, toGbnf, toLark } from "@silp/grammar";
import { APPROVED_VERBS, compile } from "silp";
import { type DerivedVerdict, derivedVerdict, dialectsUnderTest, reservedWordPayloads } from "../dialect-samples.js";
import { gbnfMatcher, larkVerdicts, xgrammarMatcher } from "./real-parsers.js";
import { compiledPayloads, derivedFrom } from "../samples.js";

const RANDOM = Number(process.argv[2] ?? 20);
const COUNT = Number(process.argv[3] ?? 200);
const SEED = Number(process.env.SILP_GRAMMAR_SEED ?? 20261130);
const say = (line: string): void => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

const approved = APPROVED_VERBS.map((verb) => verb.code);
const totals = {
  dialects: 0,
  printed: 0,
  derived: 0,
  decodes: 0,
  notCanonical: 0,
  other: 0,
  gbnfRejected: 0,
  xgrammarRejected: 0,
  larkRejected: 0,
  reservedAccepted: 0,
  reserved: 0,
};
for (const [index, spec] of dialectsUnderTest(RANDOM, SEED).entries()) {
  const seed = SEED + index;
  const grammar = dialectGrammar(spec);
  const printed = compiledPayloads(approved, COUNT, seed, {}, (ir, options) => compile(ir, spec.name, options));
  const counts: Record<DerivedVerdict | "other", number> = { decodes: 0, "not-canonical": 0, "verb-twice": 0, other: 0 };
  const derived = derivedFrom(grammar, COUNT, seed, (text) => {
    try {
      counts[derivedVerdict(text, spec.name)]++;
    } catch (error) {
      counts.other++;
      say(`${spec.name}: derived text fails otherwise: ${JSON.stringify(text)}: ${(error as Error).message}`);
    }
  });
  const { bare } = reservedWordPayloads(spec);
  const good = [...printed, ...derived];
  const gbnf = await gbnfMatcher(toGbnf(grammar));
  const gbnfRejected = good.filter((text) => !gbnf(text));
  const gbnfBare = bare.filter(gbnf);
  const xgrammar = await xgrammarMatcher(toGbnf(grammar, { engine: "xgrammar" }));
  const xgrammarRejected = good.filter((text) => !xgrammar(text));
  const xgrammarBare = bare.filter(xgrammar);
  const verdicts = await larkVerdicts(toLark(grammar), [...good, ...bare]);
  const larkRejected = good.filter((_, at) => !verdicts[at]?.ok);
  const larkBare = bare.filter((_, at) => verdicts[good.length + at]?.ok);
  for (const text of [...gbnfRejected.slice(0, 2), ...xgrammarRejected.slice(0, 2), ...larkRejected.slice(0, 2)])
    say(`${spec.name}: rejected ${JSON.stringify(text)}`);
  for (const text of [...gbnfBare, ...xgrammarBare, ...larkBare]) say(`${spec.name}: bare reserved word accepted ${JSON.stringify(text)}`);
  say(
    `${spec.name} ${JSON.stringify(spec.genes)}: printed ${printed.length}, derived ${derived.length} (decode ${counts.decodes}, not canonical ${counts["not-canonical"]}, other ${counts.other}); GBNF rejected ${gbnfRejected.length}, XGrammar rejected ${xgrammarRejected.length}, Lark rejected ${larkRejected.length}; bare reserved words accepted: GBNF ${gbnfBare.length}, XGrammar ${xgrammarBare.length}, Lark ${larkBare.length} of ${bare.length}`,
  );
  totals.dialects++;
  totals.printed += printed.length;
  totals.derived += derived.length;
  totals.decodes += counts.decodes;
  totals.notCanonical += counts["not-canonical"];
  totals.other += counts.other;
  totals.gbnfRejected += gbnfRejected.length;
  totals.xgrammarRejected += xgrammarRejected.length;
  totals.larkRejected += larkRejected.length;
  totals.reservedAccepted += gbnfBare.length + xgrammarBare.length + larkBare.length;
  totals.reserved += bare.length;
}
say(`totals ${JSON.stringify(totals)}`);
say("done");
