/**
 * The one test runner (vitest) for both lanes and for mutation testing (CONTRIBUTING.md). Package
 * names resolve to their TypeScript sources through tsconfig.json's `paths`
 * (resolve.tsconfigPaths): that map is the only one. Each test file runs in its own forked process
 * (tests start servers, set environment variables and register frontends); the transformed
 * modules are cached across files. Every test process runs offline (scripts/no-network.mjs).
 *
 * Projects, one lane each: `product` and `product-codec` (the codec and the packages agents are
 * built with; installs without the lab; the codec's own tests in a project of their own, see
 * below) and `lab` (what needs lab/'s heavy dependencies or what they build:
 * the tests of @silp/tokens, llmlingua2, bench, evolve, the playground and the framework
 * adapters, and every
 * `*.lab.test.ts`). `--mode quick` (npm run test:product) runs the randomized tests with fewer
 * inputs (testkit/property.ts); the default is the full depth CI runs. Before the tests, the
 * packages' builds are brought up to date (scripts/test-build.mjs): child processes run them.
 */
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./scripts/slow-first-sequencer.js";

const CODEC_TESTS = "packages/silp/test/**/*.test.ts";
const LAB_PACKAGES = "packages/{tokens,llmlingua2,bench,evolve,playground,ai-sdk,langchain,openai-agents,mastra}/test/**/*.test.ts";

/** What every test process gets, in both lanes and in the mutation run (scripts/mutation/vitest.config.ts). */
export function sharedTestOptions(mode: string) {
  return {
    pool: "forks" as const,
    setupFiles: ["scripts/test-setup.mjs"],
    // node:test had no default deadline; property tests and real servers take minutes on 2 cores.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    env: mode === "quick" ? { SILP_TEST_DEPTH: "quick" } : {},
  };
}

/** The package map: tsconfig.json's paths. */
export const RESOLVE = { tsconfigPaths: true };

export default defineConfig(({ mode }) => {
  const shared = sharedTestOptions(mode);
  return {
    resolve: RESOLVE,
    test: {
      maxWorkers: 2,
      globalSetup: ["scripts/test-build.mjs", "scripts/test-servers.mjs"],
      sequence: { sequencer: SlowFirstSequencer },
      projects: [
        {
          extends: true,
          test: {
            ...shared,
            name: "product",
            include: ["packages/*/test/**/*.test.ts"],
            exclude: [LAB_PACKAGES, CODEC_TESTS, "**/*.lab.test.ts", "**/node_modules/**"],
          },
        },
        // The codec's own tests share their worker processes (no file registers a frontend or
        // changes the process), which saves a process start and the codec's import per file.
        { extends: true, test: { ...shared, name: "product-codec", include: [CODEC_TESTS], exclude: ["**/*.lab.test.ts"], isolate: false } },
        { extends: true, test: { ...shared, name: "lab", include: [LAB_PACKAGES, "packages/*/test/**/*.lab.test.ts"], exclude: ["**/node_modules/**"] } },
      ],
    },
  };
});
