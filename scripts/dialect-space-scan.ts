/**
 * A diagnostic, not part of the search: is there ANY point of the dialect space that costs fewer
 * tokens than the natural prose on claude's tokenizer, on the held-out set? The search never sees
 * the held-out IRs; this scan looks at them only to bound what the space can do (docs/evolve.md).
 *
 * Exhaustive over the genes that change a held-out compact payload: `empty_args` (no held-out call
 * without arguments), `time` (no held-out comparison with a time) and `meta` (never printed on
 * the compact surface) cannot change one, so the space's points reduce by a factor of 8
 * (1,769,472 points, 221,184 distinct payload sets with the 15-gene space of 30 November 2026;
 * `keywords: ordered` uses the argument order derived from the SEARCH IRs, as silpc evolve does).
 * Points that beat prose on claude are then counted on all six tokenizers, and separately for
 * each option of `keywords`.
 *
 *   node --import tsx scripts/dialect-space-scan.ts      (a few minutes)
 */
import { CODE_DIALECT, DIALECT_SPACE, registerDialect } from "@silp/dialects";
import { builtinPayload, deriveArgumentOrder, repositoryIrSets } from "@silp/evolve";
import { loadTokenizers } from "@silp/tokens";
import { compile } from "silp";

const IRRELEVANT = new Set(["empty_args", "time", "meta"]);
const sets = repositoryIrSets(process.cwd());
const argumentOrder = deriveArgumentOrder(sets.search.irs);
const tokenizers = await loadTokenizers();
const claude = tokenizers.findIndex((t) => t.name === "claude");
// Points share most payloads, so each (tokenizer, text) is counted once.
const counted = new Map<string, number>();
const tokensOf = (k: number, text: string): number => {
  const key = `${k}\u0000${text}`;
  let n = counted.get(key);
  if (n === undefined) {
    n = tokenizers[k]?.encode(text).length ?? 0;
    counted.set(key, n);
  }
  return n;
};
const count = (k: number, texts: readonly string[]) => texts.reduce((sum, text) => sum + tokensOf(k, text), 0);
const prose = tokenizers.map((_, k) =>
  count(
    k,
    sets.heldOut.irs.map((ir) => builtinPayload(ir, "natural")),
  ),
);
const genes = DIALECT_SPACE.filter((gene) => !IRRELEVANT.has(gene.name));
const points = genes.reduce((product, gene) => product * gene.options.length, 1);
let cheapest = Number.POSITIVE_INFINITY;
let cheapestGenes: Record<string, string> = {};
const beatClaude = new Map<string, number>();
const beatAll = new Map<string, number>();
for (let index = 0; index < points; index++) {
  const chosen: Record<string, string> = { ...CODE_DIALECT.genes };
  let rest = index;
  for (const gene of genes) {
    chosen[gene.name] = gene.options[rest % gene.options.length] as string;
    rest = Math.floor(rest / gene.options.length);
  }
  registerDialect({ silp_dialect: 1, name: "x-scan", genes: chosen, argument_order: argumentOrder });
  const texts = sets.heldOut.irs.map((ir) => compile(ir, "x-scan", { whitelist: "off", inlineMeta: false }));
  const onClaude = count(claude, texts);
  if (onClaude < cheapest) [cheapest, cheapestGenes] = [onClaude, chosen];
  if (onClaude < (prose[claude] as number)) {
    const keywords = chosen.keywords as string;
    beatClaude.set(keywords, (beatClaude.get(keywords) ?? 0) + 1);
    if (tokenizers.every((_, k) => count(k, texts) < (prose[k] as number))) beatAll.set(keywords, (beatAll.get(keywords) ?? 0) + 1);
  }
}
const perIr = (total: number) => (total / sets.heldOut.irs.length).toFixed(3);
console.log(`${points} points; claude tokens per held-out payload: prose ${perIr(prose[claude] as number)}, cheapest dialect ${perIr(cheapest)}`);
console.log(`cheapest on claude: ${JSON.stringify(cheapestGenes)}`);
for (const keywords of ["named", "ordered"]) {
  console.log(
    `keywords=${keywords}: payload sets cheaper than prose on claude: ${beatClaude.get(keywords) ?? 0}; on all six tokenizers: ${beatAll.get(keywords) ?? 0}`,
  );
}
