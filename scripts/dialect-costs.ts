/**
 * Writes two files of @silp/dialects:
 * - src/study-cases.generated.ts: the study's 27 case IRs (data/study/cases, MIT, see
 *   data/README.md), the reference payload set shipped with the dialect, so that its costs can be
 *   re-measured, and shown (silpc demo), outside a checkout;
 * - src/costs.generated.ts: the mean tokens of code, json, natural and x-evolved per compact
 *   payload on that set, on the census's six tokenizers: what a sender picks by when a reader
 *   declares its tokenizer and asks for the cheapest (docs/dialect-negotiation.md).
 * Run after the dialect, a frontend's printer or the data changes:
 *
 *   npm run costs        (lab install: the six tokenizers)
 *
 * study/evolve/test/dialect-costs.test.ts re-counts the table with the real tokenizers and
 * fails while the committed file differs.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EVOLVED_DIALECT, createDialect, dialectRef } from "@silp/dialects";
import { builtinPayload, repositoryIrSets } from "@silp/evolve";
import { TOKENIZER_NAMES, loadTokenizers } from "@silp/tokens";

const OUT = "packages/dialects/src/costs.generated.ts";
const CASES_OUT = "packages/dialects/src/study-cases.generated.ts";
const CASES_DIR = "data/study/cases";
const files = readdirSync(CASES_DIR)
  .filter((name) => name.endsWith(".json"))
  .sort();
const cases = files.map((name) => ({ file: name, ir: JSON.parse(readFileSync(join(CASES_DIR, name), "utf8")) as unknown }));
writeFileSync(
  CASES_OUT,
  `// Written by scripts/dialect-costs.ts (npm run costs) from ${CASES_DIR}: the spec author's study, MIT (data/study/LICENSE). Do not edit.\n` +
    `// Checked against the files by packages/dialects/test/study-cases.test.ts.\n\n` +
    `/** The study's 27 case IRs, by file name (sorted): the reference payload set of STUDY_COSTS. */\n` +
    `export const STUDY_CASES: readonly { readonly file: string; readonly ir: unknown }[] = ${JSON.stringify(cases)};\n`,
);
const irs = repositoryIrSets(process.cwd()).heldOut.irs;
const evolved = createDialect(EVOLVED_DIALECT);
const payloads: Record<string, string[]> = {
  code: irs.map((ir) => builtinPayload(ir, "code")),
  json: irs.map((ir) => builtinPayload(ir, "json")),
  natural: irs.map((ir) => builtinPayload(ir, "natural")),
  [dialectRef(EVOLVED_DIALECT)]: irs.map((ir) => evolved.print(ir, { whitelist: "off", inlineMeta: false })),
};
const tokens: Record<string, Record<string, number>> = {};
for (const tokenizer of await loadTokenizers(TOKENIZER_NAMES)) {
  tokens[tokenizer.name] = Object.fromEntries(
    Object.entries(payloads).map(([key, texts]) => [
      key,
      Math.round((texts.reduce((sum, text) => sum + tokenizer.encode(text).length, 0) / texts.length) * 100) / 100,
    ]),
  );
}
const table = {
  reference: "the study's 27 held-out cases (data/study/cases)",
  payloads: irs.length,
  surface: "compact payload (whitelist off, no meta), as builtinPayload writes it",
  tokens,
};
writeFileSync(
  OUT,
  `// Written by scripts/dialect-costs.ts (npm run costs); do not edit. Checked by study/evolve/test/dialect-costs.test.ts.\nimport type { CostTable } from "./cost-table.js";\n\nexport const STUDY_COST_TABLE: CostTable = ${JSON.stringify(table, null, 2)};\n`,
);
console.log(`wrote ${CASES_OUT}: ${cases.length} cases; ${OUT}: ${irs.length} payloads, ${Object.keys(tokens).length} tokenizers`);
