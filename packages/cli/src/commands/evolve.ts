/**
 * `silpc evolve`: the Layer-4 search for a dialect (docs/evolve.md). Only flag declarations live
 * here; the work is in ../evolve-run.ts, imported when the command runs, so other commands never
 * load the tokenizers, the search or the dialect space.
 */
import type { Command } from "commander";
import type { EvolveFlags } from "../evolve-run.js";
import { runCommand } from "../io.js";
import { addTokenizerOptions } from "../tokenizer-progress.js";

export function register(program: Command): void {
  const command = program
    .command("evolve")
    .description("search the dialect space with a seeded genetic algorithm (spec 6.1 fitness); write the best dialect, the Pareto front, and a held-out report")
    .option("--seed <n>", "seed of the search's random generator (the same seed gives the same result)", "1")
    .option("--population <n>", "dialects per generation", "32")
    .option("--generations <n>", "generations to run (a resumed search may be given more)", "20")
    .option("--mutation-rate <p>", "probability that each gene of a child mutates (default 1 / number of genes)")
    .option("--crossover-rate <p>", "probability that a child is a uniform crossover of two parents", "0.9")
    .option("--tournament <n>", "tournament size of the selection", "2")
    .option("--elitism <n>", "best dialects carried into the next generation unchanged", "2")
    .option("--state <file>", "resumable state file: resumed when it exists, rewritten after every generation")
    .option("--out <file>", "write the best dialect here (a dialect file: silp_dialect, name, genes)")
    .option("--name <name>", "frontend name of the best dialect in --out (x-...)", "x-evolved")
    .option("--front <file>", "write the Pareto front (mean tokens against unreadability) here as JSON")
    .option("--weights <list>", "fitness weights, e.g. beta=0.2,gamma=0.1 (alpha, alphaPrime, beta, gamma, delta, epsilon, zeta; alpha + alphaPrime >= 0.6)")
    .option("--fidelity-floor <rate>", "minimum task success when measured (--bench)", "0.5")
    .option("--bench <paths...>", "results files (or folders of *.jsonl) of silpc bench run with dialects as frontends: task success and cross-model fidelity")
    .option("--dialect <files...>", "dialect files whose names the --bench results use as frontends (matched to points of the space by their genes)")
    .option("--bench-model <name>", "the model whose pass rate is task success (default: the only model, else the Layer 5 proxy)")
    .option("--search <paths...>", "JSON files or folders holding the search IRs (default: our suite in this repository)")
    .option("--held-out <paths...>", "JSON files or folders holding the held-out IRs (default: the study's 27 cases, data/study/cases)")
    .option("--no-progress", "no progress bar (without a terminal: no progress lines)")
    .option("--json", "machine-readable result on stdout");
  addTokenizerOptions(command).action((flags: EvolveFlags) =>
    runCommand(Boolean(flags.json), async () => {
      const { evolveRun } = await import("../evolve-run.js");
      return evolveRun(flags);
    }),
  );
}
