/**
 * Token cost of dialects on the study's 27 cases: the code frontend, the natural
 * prose, a few dialects from @silp/dialects (the prose-like one of the hand-written examples,
 * shared through @silp/testkit) and the shipped x-evolved, per tokenizer (mean tokens per case), compiled as
 * `silpc tokens` compiles (whitelist off, no meta). `--greedy` also runs a coordinate descent over
 * the genes (each gene in turn set to its cheapest option, until nothing changes) to show how much
 * room the space leaves; the genetic search (`silpc evolve`) is the real search.
 *
 *   node --import tsx perf/dialect-tokens.ts [--greedy]
 */
import { readFileSync } from "node:fs";
import { type SilpIR, compile } from "silp";
import { CODE_DIALECT, DIALECT_SPACE, type DialectSpec, createDialect, parseDialectSpec } from "@silp/dialects";
import { deriveArgumentOrder, repositoryIrSets } from "@silp/evolve";
import { PROSE_LIKE_GENES, dialectSpecWith } from "@silp/testkit/dialect-examples.js";
import { loadTokenizers } from "@silp/tokens";

const sets = repositoryIrSets(process.cwd());
/** The study's 27 cases (the held-out set of silpc evolve), in normal form. */
const irs = sets.heldOut.irs;
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

/** The keywords: ordered gene's table, derived from the search IRs as silpc evolve derives it (never from these cases). */
const ARGUMENT_ORDER = deriveArgumentOrder(sets.search.irs);
const spec = (name: string, genes: Record<string, string>): DialectSpec => dialectSpecWith(name, genes, ARGUMENT_ORDER);
const SHIPPED = parseDialectSpec(JSON.parse(readFileSync("dialects/x-evolved.json", "utf8")));

const rows: [string, number[]][] = [
  ["natural (lossy)", costs(irs.map((ir) => compile(ir, "natural", OPTIONS)))],
  ["code", costs(irs.map((ir) => compile(ir, "code", OPTIONS)))],
  ["x-code (CODE_DIALECT)", costs(dialectTexts(CODE_DIALECT))],
];
const PROSE_LIKE = spec("x-prose-like", PROSE_LIKE_GENES);
rows.push(["x-prose-like", costs(dialectTexts(PROSE_LIKE))]);
/** The best of a few minimax coordinate descents (worst tokenizer's excess over the prose), 2026-11-30. */
const MINIMAX = spec("x-minimax", { call: "spaces", else: "else", equals: "= ", location: "at", negation: "not" });
rows.push(["x-minimax", costs(dialectTexts(MINIMAX))]);
rows.push(["x-minimax + ordered", costs(dialectTexts(spec("x-minimax-ordered", { ...MINIMAX.genes, keywords: "ordered" })))]);
rows.push(["x-evolved (shipped)", costs(dialectTexts(SHIPPED))]);

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
  ["x-evolved", SHIPPED],
] as const) {
  console.log(`\n${label}, first case: ${createDialect(dialect).print(irs[0] as SilpIR, OPTIONS)}`);
}
