import { evolve, repositoryIrSets, registeredDialectCodec, dialectSpec, renderHeldOut, renderFront } from "@silp/evolve";
import { CODE_DIALECT, DIALECT_SPACE } from "@silp/dialects";
import { loadTokenizers } from "@silp/tokens";
const t0 = performance.now();
const tokenizers = await loadTokenizers();
console.log("loaded", ((performance.now() - t0) / 1000).toFixed(1));
const sets = repositoryIrSets(process.cwd());
const t1 = performance.now();
const result = evolve({
  space: DIALECT_SPACE, makeCodec: (genes, name) => registeredDialectCodec(dialectSpec(name, genes)),
  seeds: [CODE_DIALECT.genes], sets, tokenizers, settings: { seed: 1, populationSize: Number(process.argv[2] ?? 16), generations: Number(process.argv[3] ?? 5) },
  onGeneration: (p) => console.log(p.generation, p.evaluated, p.feasible, p.best?.evaluation.meanTokens.toFixed(2), p.best?.evaluation.score.toFixed(4), ((performance.now() - t1) / 1000).toFixed(1)),
});
console.log(JSON.stringify(result.best.genes), result.best.evaluation);
console.log(renderFront(result.front.map(f => f.evaluation)));
console.log(renderHeldOut(result.heldOut));
const infeasible = result.state.archive.filter(e => !e.evaluation.feasible);
console.log("infeasible", infeasible.length, infeasible.slice(0, 3).map(e => e.evaluation.firstFailure));
