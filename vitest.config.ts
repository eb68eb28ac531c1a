/**
 * The one test runner (vitest) for both lanes and for mutation testing (CONTRIBUTING.md). Package
 * names resolve to their TypeScript sources through tsconfig.json's `paths`
 * (resolve.tsconfigPaths): that map is the only one. Every test file runs in a forked process of
 * its own (tests start servers, set environment variables and register frontends in the codec's
 * one frontend registry), so no file sees what another left; the transformed modules are cached
 * across files. Sharing processes saved about 20 s of the product lane's 3 minutes on 2 cores,
 * but needed a list of the packages whose files leave no state behind, and a guard for it: a
 * list that named packages rather than following the tree. Every test process runs offline
 * (scripts/no-network.mjs).
 *
 * Projects, one lane each, and a test's folder says which. The product lane (packages/: the
 * codec and the packages agents are built with; installs without the lab): `product`. The lab:
 * `lab` (what needs lab/'s heavy dependencies or what they build: every test under study/ and
 * adapters/, and in packages/ every test under a package's `test/lab/`) and `lab-node22` (the
 * OpenAI Agents SDK's tests, in a `node22/` folder: the openai-agents adapter's `test/node22/`
 * and a package's `test/lab/node22/`, on the lab's Node 22, see NODE22_TESTS).
 * `--mode quick` (npm run test:product) runs the randomized tests with fewer inputs
 * (testkit/property.ts); the default is the full depth CI runs. Before the tests, the packages'
 * builds are brought up to date (scripts/test-build.mjs): child processes run them.
 */
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vitest/config";
import { names, resolveFromEntries } from "./scripts/resolve-from-hooks.mjs";
import { SlowFirstSequencer } from "./scripts/slow-first-sequencer.js";

/** The study's packages and the framework adapters: their tests need lab/'s dependencies, wherever they run. */
const LAB_PACKAGES = ["study/*/test/**/*.test.ts", "adapters/*/test/**/*.test.ts"];
/** A product package's tests that need the lab live in its `test/lab/` (CONTRIBUTING.md, "Which lane a test is in"). */
const LAB_FOLDERS = "packages/*/test/lab/**/*.test.ts";
/**
 * The tests of the OpenAI Agents SDK (lab/node22: `@openai/agents` 0.20 and `openai` 7), which run
 * on the lab's Node 22 and never on the project's Node 20: every `openai` 7 release declares
 * `engines.node >= 22`, and every `@openai/agents` from 0.15 on depends on it (scripts/node22.mjs).
 * `npm test` runs them in a second vitest run on that binary (`npm run test:node22`); the first
 * run, on the Node that started it, leaves them out (`--project '!lab-node22'`). Started on an
 * older Node, they fail (scripts/node22-setup.ts).
 */
const NODE22_TESTS = ["adapters/*/test/node22/**/*.test.ts", "packages/*/test/lab/node22/**/*.test.ts"];

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

/**
 * SILP_RESOLVE_FROM (scripts/resolve-from.mjs): the packages it names resolve from another install,
 * as if imported from there, so a test file runs against a framework release that is not the
 * lockfile's. `npm run check:installed-adapters` runs the adapters' tests so on the latest releases.
 */
function resolveFrom(): Plugin[] {
  const entries = resolveFromEntries(process.env.SILP_RESOLVE_FROM);
  if (entries.length === 0) return [];
  return [
    {
      name: "silp-resolve-from",
      enforce: "pre",
      async resolveId(id, _importer, options) {
        const entry = entries.find(({ name }) => names(id, name));
        if (entry === undefined) return null;
        const resolved = await this.resolve(id, join(entry.dir, "package.json"), { ...options, skipSelf: true });
        // Never the lockfile's copy in its place (vite looks from the root when the folder is not
        // there): the run would pass on the version it did not mean to test.
        if (!resolved?.id.startsWith(`${realpathSync(entry.dir)}/`)) throw new Error(`SILP_RESOLVE_FROM: ${id} is not installed in ${entry.dir}`);
        return resolved;
      },
    },
  ];
}

/** The package map: tsconfig.json's paths. */
export const RESOLVE = { tsconfigPaths: true };

export default defineConfig(({ mode }) => {
  const shared = sharedTestOptions(mode);
  return {
    resolve: RESOLVE,
    plugins: resolveFrom(),
    test: {
      maxWorkers: 2,
      globalSetup: ["scripts/test-build.mjs", "scripts/test-servers.mjs"],
      sequence: { sequencer: SlowFirstSequencer },
      projects: [
        {
          extends: true,
          test: { ...shared, name: "product", include: ["packages/*/test/**/*.test.ts"], exclude: [LAB_FOLDERS, "**/node_modules/**"] },
        },
        { extends: true, test: { ...shared, name: "lab", include: [...LAB_PACKAGES, LAB_FOLDERS], exclude: [...NODE22_TESTS, "**/node_modules/**"] } },
        { extends: true, test: { ...shared, name: "lab-node22", include: NODE22_TESTS, exclude: ["**/node_modules/**"], setupFiles: [...shared.setupFiles, "scripts/node22-setup.ts"] } },
      ],
    },
  };
});
