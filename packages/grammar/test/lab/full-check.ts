/**
 * The full grammar check behind docs/models.md, "Grammar check": 10,000 compiled payloads and
 * 10,000 derived texts through llama.cpp's GBNF engine, XGrammar and Lark, with progress written as it goes
 * (Lark's Earley parser is the slow part). Same samples and seed as lab/grammar-real-parsers.test.ts.
 *
 *   node --import tsx packages/grammar/test/lab/full-check.ts [count] [part] > report.txt
 *
 * `part` (default all) runs one of gbnf, xgrammar, lark-compiled, lark-derived, so two parts can run in
 * two processes.
 */
import { codeGrammar, toGbnf, toLark } from "@silp/grammar";
import { APPROVED_VERBS, decode } from "silp";
import { gbnfMatcher, larkVerdicts, xgrammarMatcher } from "./real-parsers.js";
import { compiledPayloads, derivedTexts } from "../samples.js";

const COUNT = Number(process.argv[2] ?? 10_000);
const SEED = Number(process.env.SILP_GRAMMAR_SEED ?? 20261130);
const PART = process.argv[3] ?? "all";
const CHUNK = 1000; // one python process per chunk: Lark compiles the grammar once per process (~6 s)
const say = (line: string): void => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

const approved = APPROVED_VERBS.map((verb) => verb.code);
const grammar = codeGrammar();
const compiled = compiledPayloads(approved, COUNT, SEED);
say(`compiled ${compiled.length} payloads (seed ${SEED})`);
let decodeFailures = 0;
const derived = derivedTexts(approved, COUNT, SEED, (text) => {
  try {
    decode(text, "code", { strict: true });
  } catch (error) {
    decodeFailures++;
    say(`derived text fails strict decode: ${JSON.stringify(text)}: ${(error as Error).message}`);
  }
});
say(`derived ${derived.length} texts; strict decode failures: ${decodeFailures}`);
const gbnf = PART === "all" || PART === "gbnf" ? await gbnfMatcher(toGbnf(grammar)) : undefined;
for (const [label, texts] of [
  ["compiled", compiled],
  ["derived", derived],
] as const) {
  if (gbnf === undefined) break;
  const rejected = texts.filter((text) => !gbnf(text));
  say(`GBNF ${label}: ${texts.length - rejected.length}/${texts.length} accepted${rejected.length ? `; first rejected ${JSON.stringify(rejected[0])}` : ""}`);
}
const xgrammar = PART === "all" || PART === "xgrammar" ? await xgrammarMatcher(toGbnf(grammar, { engine: "xgrammar" })) : undefined;
for (const [label, texts] of [
  ["compiled", compiled],
  ["derived", derived],
] as const) {
  if (xgrammar === undefined) break;
  const rejected = texts.filter((text) => !xgrammar(text));
  say(
    `XGrammar ${label}: ${texts.length - rejected.length}/${texts.length} accepted${rejected.length ? `; first rejected ${JSON.stringify(rejected[0])}` : ""}`,
  );
}
const lark = toLark(grammar);
for (const [label, texts] of [
  ["compiled", compiled],
  ["derived", derived],
] as const) {
  if (PART !== "all" && PART !== `lark-${label}`) continue;
  let accepted = 0;
  for (let start = 0; start < texts.length; start += CHUNK) {
    const chunk = texts.slice(start, start + CHUNK);
    const verdicts = await larkVerdicts(lark, chunk);
    accepted += verdicts.filter((verdict) => verdict.ok).length;
    const bad = verdicts.findIndex((verdict) => !verdict.ok);
    if (bad >= 0) say(`Lark ${label} rejected ${JSON.stringify(chunk[bad])}: ${verdicts[bad]?.error}`);
    say(`Lark ${label}: ${accepted}/${start + chunk.length} accepted so far`);
  }
}
say("done");
