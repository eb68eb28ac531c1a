/**
 * Token cost of dialects on the study's 27 cases (issue #15): the code frontend, the natural
 * prose, and a few dialects from @silp/dialects, per tokenizer (mean tokens per case), compiled as
 * `silpc tokens` compiles (whitelist off, no meta). `--greedy` also runs a coordinate descent over
 * the genes (each gene in turn set to its cheapest option, until nothing changes) to show how much
 * room the space leaves; the genetic search (`silpc evolve`) is the real search.
 *
 *   node --import tsx perf/dialect-tokens.ts [--greedy]
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compile } from "silp";
import { CODE_DIALECT, DIALECT_SPACE, type DialectSpec, createDialect, parseDialectSpec } from "@silp/dialects";
import { loadTokenizers } from "@silp/tokens";

const CASES = "data/study/cases";
const irs = readdirSync(CASES)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(CASES, name), "utf8")));
const OPTIONS = { whitelist: "off", inlineMeta: false } as const;
const tokenizers = await loadTokenizers();

function costs(texts: readonly string[]): number[] {
  return tokenizers.map((tokenizer) => texts.reduce((sum, text) => sum + tokenizer.encode(text).length, 0) / texts.length);
}
const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

function dialectTexts(spec: DialectSpec): string[] {
  const dialect = createDialect(spec);
  return irs.map((ir) => {
    const text = dialect.print(ir, OPTIONS);
    dialect.parse(text, OPTIONS); // every measured payload decodes
    return text;
  });
}

function spec(name: string, genes: Record<string, string>): DialectSpec {
  return parseDialectSpec({ silp_dialect: 1, name, genes: { ...CODE_DIALECT.genes, ...genes } });
}

const rows: [string, number[]][] = [
  ["natural (lossy)", costs(irs.map((ir) => compile(ir, "natural", OPTIONS)))],
  ["code", costs(irs.map((ir) => compile(ir, "code", OPTIONS)))],
  ["x-code (CODE_DIALECT)", costs(dialectTexts(CODE_DIALECT))],
];
const PROSE_LIKE = spec("x-prose-like", {
  if: "If",
  // biome-ignore lint/suspicious/noThenProperty: the gene named "then" (a string, never awaited)
  then: "then",
  actions: "and",
  else: "otherwise",
  alternatives: "or",
  call: "spaces",
  location: "at",
  negation: "not",
  operators: "words",
  time: "at",
});
rows.push(["x-prose-like", costs(dialectTexts(PROSE_LIKE))]);
/** The best of a few minimax coordinate descents (worst tokenizer's excess over the prose), 2026-11-30. */
const MINIMAX = spec("x-minimax", { call: "spaces", else: "else", equals: "= ", location: "at", negation: "not" });
rows.push(["x-minimax", costs(dialectTexts(MINIMAX))]);

if (process.argv.includes("--greedy")) {
  let genes: Record<string, string> = { ...CODE_DIALECT.genes };
  let best = mean(costs(dialectTexts(spec("x-greedy", genes))));
  for (let changed = true; changed; ) {
    changed = false;
    for (const gene of DIALECT_SPACE) {
      for (const option of gene.options) {
        const candidate = { ...genes, [gene.name]: option };
        const cost = mean(costs(dialectTexts(spec("x-greedy", candidate))));
        if (cost < best - 1e-9) {
          best = cost;
          genes = candidate;
          changed = true;
        }
      }
    }
  }
  console.log(`greedy genes: ${JSON.stringify(genes)}`);
  rows.push(["x-greedy", costs(dialectTexts(spec("x-greedy", genes)))]);
}

console.log(`mean tokens per case over ${irs.length} cases (totals: multiply by ${irs.length})`);
console.log(["payload".padEnd(24), ...tokenizers.map((t) => t.name.padStart(8)), "mean".padStart(7)].join(" "));
for (const [label, values] of rows) {
  console.log([label.padEnd(24), ...values.map((v) => v.toFixed(2).padStart(8)), mean(values).toFixed(2).padStart(7)].join(" "));
}
for (const [label, dialect] of [
  ["x-prose-like", PROSE_LIKE],
  ["x-minimax", MINIMAX],
] as const) {
  console.log(`\n${label}, first case: ${createDialect(dialect).print(irs[0], OPTIONS)}`);
}
