/**
 * The mutation run's settings (Stryker's vitest runner) on top of the suite's own
 * vitest.config.ts: the same runner and the same package map (tsconfig.json's paths), so a test
 * runs alike in both. What differs is what makes mutation testing affordable: one module graph
 * for all files (the instrumented sources switch mutants at run time, so nothing is re-imported
 * between runs), fewer property runs, the cheapest files first, and the files listed below left out.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { defineConfig } from "vitest/config";
import { RESOLVE, sharedTestOptions } from "../../vitest.config.js";
import { FastFirstSequencer } from "./fast-first-sequencer.js";

/** Test files that cannot run in a vitest worker or add nothing but minutes; see docs/mutation.md. */
const EXCLUDED = [
  "packages/silp/test/browser.test.ts", // drives Chromium on the built dist bundle, never the mutated sources
  "packages/silp/test/complexity.test.ts", // timing ratios: a noisy oracle on a shared machine
  "packages/silp/test/fuzz-smoke.test.ts", // time-boxed random fuzzing: its kills would not be reproducible
  "packages/silp/test/optional-import.test.ts", // spawns node processes on dist
  "packages/silp/test/security/linear-decode.test.ts", // timing ratios, like complexity.test.ts
  // 7,000 random payloads asserting only "a result or a SilpError": it kills only
  // crashing mutants, which the fixtures kill too, and costs ~30 s for every mutant it covers.
  "packages/silp/test/frontends/hostile-input.test.ts",
  // The fuzz engine's own test (coverage guidance reaches a deep branch): its oracle is the
  // engine, not the codec, and it costs ~19 s for every mutant it reaches.
  "packages/silp/test/fuzz-guidance.test.ts",
  // Streaming against decode() over the whole corpus, ~17 s for every mutant it reaches (every
  // decode mutant): the stream's own code (the lexer's resumption, json/reader.ts's stream, the stream
  // sanitizer) is killed by streaming/stream-parser.test.ts, which checks the stream's parts and
  // result at every cut of a few payloads, and that it was the stream, not a whole decode, that read them.
  "packages/silp/test/streaming/stream-decode.test.ts",
];

/**
 * The package map (tsconfig.json's paths) as aliases, for every importer. RESOLVE applies the
 * same paths to TypeScript importers only, and the conformance adapter
 * (conformance/adapters/silp-ts.mjs) is a .mjs file: it imported the built dist, where no mutant
 * is switched on, and the suite's 443 cases ran for every mutant they reached without killing one
 * (measured: "covered 0" for each). Every package comes from its sources, so the codec's frontend
 * registry exists once (the dialects and the lock the adapter imports import the codec too).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const { config: tsconfig } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
const ALIASES = Object.entries(tsconfig.compilerOptions.paths as Record<string, string[]>)
  .filter(([name]) => !name.includes("*"))
  .map(([name, [path]]) => ({ find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`), replacement: join(root, path as string) }));

export default defineConfig(({ mode }) => {
  const shared = sharedTestOptions(mode);
  return {
    resolve: {
      ...RESOLVE,
      alias: ALIASES,
    },
    test: {
      ...shared,
      // SILP_MUTATION_TESTS (comma-separated globs) narrows the test files for a focused run of one
      // area: the dry run then costs seconds, not minutes (docs/mutation.md, "Commands").
      // The conformance suite in process is the codec's fixture set (docs/testing.md): its cases kill mutants too.
      include: process.env.SILP_MUTATION_TESTS?.split(",") ?? ["packages/silp/test/**/*.test.ts", "packages/cli/test/conformance-in-process.test.ts"],
      exclude: EXCLUDED,
      isolate: false,
      env: { ...shared.env, SILP_PROPERTY_RUNS: process.env.SILP_PROPERTY_RUNS ?? "100", SILP_MUTATION_RUN: "1" },
      // Cheapest files first (docs/mutation.md, "How it runs"): a killed mutant stops at its first
      // failing test, so its cost is what ran before that test.
      sequence: { sequencer: FastFirstSequencer },
    },
  };
});
