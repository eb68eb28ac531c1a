/**
 * `silpc evolve`, the work: read the flags, load the tokenizers, the IR sets and any bench
 * results, run the search (resumable), write the best dialect and the front, and print the
 * held-out report per tokenizer together with the terms that were not measured.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type FitnessWeights, parseRecords, resolveWeights } from "@silp/bench";
import type { EvolveResult, IrSets, SuccessTerms } from "@silp/evolve";
import { registerDialectFiles } from "./dialect-files.js";
import { evolveProgressView } from "./evolve-progress.js";
import { intFlag, listFlag, numberFlag } from "./flag-values.js";
import { UsageError, writeJson, writeOut } from "./io.js";
import { loadDialects, loadEvolve } from "./optional-packages.js";
import { loadTokenizersWithProgress, type TokenizerFlags } from "./tokenizer-progress.js";

export interface EvolveFlags extends TokenizerFlags {
  seed: string;
  population: string;
  generations: string;
  mutationRate?: string;
  crossoverRate: string;
  tournament: string;
  elitism: string;
  state?: string;
  out?: string;
  name: string;
  front?: string;
  weights?: string;
  fidelityFloor: string;
  bench?: string[];
  benchModel?: string;
  dialect?: string[];
  search?: string[];
  heldOut?: string[];
  progress: boolean;
  json?: boolean;
}

type Evolve = Awaited<ReturnType<typeof loadEvolve>>;

const WEIGHT_NAMES = ["alpha", "alphaPrime", "beta", "gamma", "delta", "epsilon", "zeta"] as const;

/** `--weights beta=0.2,gamma=0.1` -> { beta: 0.2, gamma: 0.1 }; the search's defaults fill the rest. */
export function parseWeights(value: string): Partial<FitnessWeights> {
  const out: Partial<Record<(typeof WEIGHT_NAMES)[number], number>> = {};
  for (const item of listFlag("--weights", value)) {
    const [name, number, extra] = item.split("=").map((part) => part.trim());
    const known = WEIGHT_NAMES.find((weight) => weight === name);
    if (known === undefined || number === undefined || extra !== undefined) {
      throw new UsageError(`--weights takes name=value pairs with names ${WEIGHT_NAMES.join(", ")}, got "${item}"`);
    }
    out[known] = numberFlag(`--weights ${known}`, number, 0, 1e6);
  }
  return out;
}

/** The repository's root, from this file's place in packages/cli/src or packages/cli/dist. */
function repositoryRoot(): string {
  return fileURLToPath(new URL("../../..", import.meta.url));
}

function existing(paths: readonly string[], flag: string): string[] {
  for (const path of paths) if (!existsSync(path)) throw new UsageError(`${flag}: ${path} does not exist`);
  return paths.map((path) => resolve(path));
}

function irSets(flags: EvolveFlags, evolve: Evolve): IrSets {
  const root = repositoryRoot();
  const inRepository = existsSync(join(root, "data/study/cases")) && existsSync(join(root, "conformance/cases"));
  if ((flags.search === undefined || flags.heldOut === undefined) && !inRepository) {
    throw new UsageError("no silp repository here to take the default IR sets from: pass --search and --held-out");
  }
  const defaults = flags.search === undefined || flags.heldOut === undefined ? evolve.repositoryIrSets(root) : undefined;
  const heldOut = flags.heldOut ? evolve.loadIrSet(`held-out: ${flags.heldOut.join(", ")}`, existing(flags.heldOut, "--held-out")) : defaults!.heldOut;
  const search = flags.search ? evolve.loadIrSet(`search: ${flags.search.join(", ")}`, existing(flags.search, "--search")) : defaults!.search;
  const sets = { search: evolve.withoutHeldOut(search, heldOut), heldOut };
  if (sets.search.irs.length === 0) throw new UsageError("the search set has no valid IR once the held-out IRs are taken out");
  if (sets.heldOut.irs.length === 0) throw new UsageError("the held-out set has no valid IR");
  return sets;
}

async function benchSuccess(flags: EvolveFlags, evolve: Evolve): Promise<SuccessTerms | undefined> {
  if (flags.bench === undefined) return undefined;
  const files = existing(flags.bench, "--bench").flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith(".jsonl"))
          .sort()
          .map((name) => join(path, name))
      : [path],
  );
  if (files.length === 0) throw new UsageError("--bench: no results file (*.jsonl) found");
  // A dialect benchmarked under its own name (e.g. x-evolved) is the search's point with the same genes.
  const { DIALECT_SPACE } = await loadDialects("--bench");
  const searchNames = new Map((await registerDialectFiles(flags.dialect)).map((spec) => [spec.name, evolve.dialectName(DIALECT_SPACE, spec.genes)]));
  const records = files
    .flatMap((file) => parseRecords(readFileSync(file, "utf8"), "matrix", file, true))
    .map((record) => ({ ...record, frontend: searchNames.get(record.frontend) ?? record.frontend }));
  try {
    return evolve.successTerms(records, flags.benchModel);
  } catch (error) {
    throw new UsageError(`--bench: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function frontJson(result: EvolveResult, tokenizers: readonly string[]) {
  return {
    objectives: ["mean tokens per payload (six-tokenizer mean, search set)", "human unreadability (symbol share)"],
    tokenizers,
    dialects: result.front.map(({ genes, evaluation: e }) => ({
      name: e.name,
      genes,
      meanTokens: e.meanTokens,
      meansPerTokenizer: e.meansPerTokenizer,
      humanUnreadability: e.humanUnreadability,
      compression: e.compression,
      tokenizerVariance: e.tokenizerVariance,
      score: e.score,
    })),
  };
}

function describeOrder(order: Readonly<Record<string, readonly string[]>>): string {
  const verbs = Object.entries(order);
  return verbs.length === 0
    ? "none (no verb's calls share an order)"
    : verbs.map(([verb, names]) => `${verb.slice(1).toLowerCase()}(${names.join(", ")})`).join(" ");
}

export async function evolveRun(flags: EvolveFlags): Promise<number> {
  const settings = {
    seed: intFlag("--seed", flags.seed, 0),
    populationSize: intFlag("--population", flags.population, 2),
    generations: intFlag("--generations", flags.generations, 0),
    crossoverRate: numberFlag("--crossover-rate", flags.crossoverRate, 0, 1),
    tournamentSize: intFlag("--tournament", flags.tournament, 1),
    elitism: intFlag("--elitism", flags.elitism, 0),
    ...(flags.mutationRate === undefined ? {} : { mutationRate: numberFlag("--mutation-rate", flags.mutationRate, 0, 1) }),
  };
  if (settings.seed >= 2 ** 32) throw new UsageError(`--seed must be below 2^32, got ${flags.seed}`);
  if (settings.elitism >= settings.populationSize)
    throw new UsageError(`--elitism (${settings.elitism}) must be below --population (${settings.populationSize})`);
  const fidelityFloor = numberFlag("--fidelity-floor", flags.fidelityFloor, 0, 1);
  const evolve = await loadEvolve("silpc evolve");
  const dialects = await loadDialects("silpc evolve");
  let weights: FitnessWeights;
  try {
    weights = resolveWeights({ ...evolve.EVOLVE_WEIGHTS, ...(flags.weights === undefined ? {} : parseWeights(flags.weights)) });
  } catch (error) {
    throw new UsageError(`--weights: ${error instanceof Error ? error.message : String(error)}`);
  }
  const checkedName = (() => {
    try {
      return dialects.parseDialectSpec({ ...dialects.CODE_DIALECT, name: flags.name }).name;
    } catch (error) {
      throw new UsageError(`--name: ${error instanceof Error ? error.message : String(error)}`);
    }
  })();
  const sets = irSets(flags, evolve);
  // The keywords: ordered gene's agreed table, from the search IRs only (docs/evolve.md).
  const argumentOrder = evolve.deriveArgumentOrder(sets.search.irs);
  const success = await benchSuccess(flags, evolve);
  const tokenizers = await loadTokenizersWithProgress(flags);
  const view = evolveProgressView(flags.progress && !flags.quiet);
  view.start(0, settings.generations);
  let result: EvolveResult;
  try {
    result = evolve.evolve({
      space: dialects.DIALECT_SPACE,
      makeCodec: (genes, name) => evolve.registeredDialectCodec(evolve.dialectSpec(name, genes, argumentOrder)),
      seeds: [dialects.CODE_DIALECT.genes],
      argumentOrder,
      sets,
      tokenizers,
      settings,
      weights,
      fidelityFloor,
      ...(success === undefined ? {} : { success }),
      ...(flags.state === undefined ? {} : { statePath: flags.state }),
      onGeneration: (progress) => view.update(progress),
    });
  } finally {
    view.stop();
  }
  const best = dialects.parseDialectSpec(evolve.dialectSpec(checkedName, result.best.genes, argumentOrder));
  if (flags.out !== undefined) writeFileSync(flags.out, `${JSON.stringify(best, null, 2)}\n`);
  const tokenizerNames = tokenizers.map((t) => t.name);
  if (flags.front !== undefined) writeFileSync(flags.front, `${JSON.stringify(frontJson(result, tokenizerNames), null, 2)}\n`);

  if (flags.json) {
    writeJson({
      settings: result.settings,
      weights: result.weights,
      resumedAt: result.resumedAt,
      sets: { search: { name: sets.search.name, irs: sets.search.irs.length }, heldOut: { name: sets.heldOut.name, irs: sets.heldOut.irs.length } },
      argumentOrder,
      success: success?.source,
      absent: result.absent,
      evaluated: result.state.archive.length,
      feasible: result.state.archive.filter((entry) => entry.evaluation.feasible).length,
      best: { dialect: best, searchName: result.best.evaluation.name, evaluation: result.best.evaluation },
      front: frontJson(result, tokenizerNames).dialects,
      heldOut: result.heldOut,
    });
    return 0;
  }
  const e = result.best.evaluation;
  writeOut(
    [
      `search set: ${sets.search.name}: ${sets.search.irs.length} IRs`,
      `held-out set: ${sets.heldOut.name}: ${sets.heldOut.irs.length} IRs (never seen by the search)`,
      `argument order for keywords=ordered, derived from the search set: ${describeOrder(argumentOrder)}`,
      `${result.resumedAt > 0 ? `resumed at generation ${result.resumedAt}; ` : ""}${result.settings.generations} generations of ${result.settings.populationSize}, seed ${result.settings.seed}: ${result.state.archive.length} dialects evaluated, ${result.state.archive.filter((entry) => entry.evaluation.feasible).length} lossless`,
      ...(success === undefined
        ? []
        : [
            `task success from bench results: ${success.source.how}${success.source.model ? ` (${success.source.model})` : ""}; ${success.byFrontend.size} frontends measured`,
          ]),
      ...result.absent.map((line) => `not measured: ${line}`),
      "",
      `best dialect ${best.name} (${e.name} in the search): ${e.feasible ? "lossless on every search IR" : `INFEASIBLE (${e.firstFailure ?? "below the fidelity floor"})`}; score ${e.score.toFixed(4)}`,
      `  genes: ${Object.entries(best.genes)
        .map(([gene, option]) => `${gene}=${option}`)
        .join(" ")}`,
      `  search set: ${e.meanTokens.toFixed(2)} mean tokens, compression vs ${evolve.REFERENCE_FRONTEND} ${(100 * e.compression).toFixed(1)}%, tokenizer CV ${(100 * e.tokenizerVariance).toFixed(1)}%, symbols ${(100 * e.humanUnreadability).toFixed(1)}%`,
      "",
      "Pareto front (search set):",
      evolve.renderFront(result.front.map((entry) => entry.evaluation)),
      "",
      evolve.renderHeldOut(result.heldOut),
      ...(flags.out === undefined ? [] : [`best dialect written to ${flags.out}`]),
      ...(flags.front === undefined ? [] : [`front written to ${flags.front}`]),
    ].join("\n"),
  );
  return 0;
}
