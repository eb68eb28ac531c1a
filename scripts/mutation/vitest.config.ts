/**
 * Vitest configuration used ONLY by the mutation run (Stryker's vitest runner). The codec's tests
 * stay node:test files run by `node --test`; here `node:test` is aliased to vitest, whose
 * `describe` and `test(name, fn)` have the same shape, so the very same files and assertions run
 * in vitest's long-lived workers. That is what makes mutation testing affordable: vitest reports
 * coverage per test, so each mutant runs only the tests that reach it, without a process spawn
 * per test file (the TAP runner's model, measured in docs/mutation.md).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FastFirstSequencer } from "./fast-first-sequencer.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const src = (path: string): string => `${root}packages/silp/src/${path}`;

/** Test files that cannot run in a vitest worker or add nothing but minutes; see docs/mutation.md. */
const EXCLUDED = [
  "packages/silp/test/browser.test.ts", // drives Chromium on the built dist bundle, never the mutated sources
  "packages/silp/test/complexity.test.ts", // timing ratios: a noisy oracle on a shared machine
  "packages/silp/test/fuzz-smoke.test.ts", // time-boxed random fuzzing: its kills would not be reproducible
  "packages/silp/test/optional-import.test.ts", // spawns node processes on dist
  "packages/silp/test/security/linear-decode.test.ts", // timing ratios, like complexity.test.ts
  // 7,000 random payloads asserting only "a result or a SilpError" (issue #17): it kills only
  // crashing mutants, which the fixtures kill too, and costs ~30 s for every mutant it covers.
  "packages/silp/test/frontends/hostile-input.test.ts",
  // The fuzz engine's own test (coverage guidance reaches a deep branch): its oracle is the
  // engine, not the codec, and it costs ~19 s for every mutant it reaches.
  "packages/silp/test/fuzz-guidance.test.ts",
  // Streaming against decode(): both sides run the same core, so a core mutant changes them
  // alike and cannot be told; the streaming scanner (src/streaming/) is not in the mutated core.
  // ~17 s for every mutant it reaches.
  "packages/silp/test/streaming/stream-decode.test.ts",
];

export default defineConfig({
  root,
  resolve: {
    // The same mapping as tsconfig.json's `paths` for the names the codec's tests import.
    alias: [
      { find: /^node:test$/, replacement: "vitest" },
      { find: /^silp$/, replacement: src("index.ts") },
      { find: /^silp\/negotiation$/, replacement: src("protocol/negotiation/index.ts") },
      { find: /^silp\/session$/, replacement: src("protocol/session/index.ts") },
      { find: /^silp\/sanitizer$/, replacement: src("security/index.ts") },
      { find: /^silp\/examples$/, replacement: src("examples/appendix.ts") },
      { find: /^silp\/util$/, replacement: src("util.ts") },
      { find: /^@silp\/testkit\/(.*)$/, replacement: `${root}packages/testkit/src/$1` },
    ],
  },
  test: {
    // SILP_MUTATION_TESTS (comma-separated globs) narrows the test files for a focused run of one
    // area: the dry run then costs seconds, not minutes (docs/mutation.md, "Commands").
    include: process.env.SILP_MUTATION_TESTS?.split(",") ?? ["packages/silp/test/**/*.test.ts"],
    exclude: EXCLUDED,
    testTimeout: 600_000,
    // One module graph for all files: the instrumented sources switch mutants at run time, so
    // nothing needs re-importing between runs, and the import cost (most of a run) is paid once.
    isolate: false,
    env: { SILP_PROPERTY_RUNS: process.env.SILP_PROPERTY_RUNS ?? "100", SILP_MUTATION_RUN: "1" },
    // Cheapest files first (docs/mutation.md, "How it runs"): a killed mutant stops at its first
    // failing test, so its cost is what ran before that test.
    sequence: { sequencer: FastFirstSequencer },
  },
});
