/** Where things are in the repository, for tests that spawn the CLI or read data files. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder (three levels above packages/testkit/src). */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** The `silpc` entry point's source (for tests that read it; a child process runs CLI_BIN). */
export const CLI_MAIN = resolve(REPO_ROOT, "packages/cli/src/main.ts");

/**
 * The built `silpc` (packages/cli/dist/main.js), what a child process runs: `node CLI_BIN ...`.
 * vitest's global setup builds it first (scripts/test-build.mjs), so it is never stale.
 */
export const CLI_BIN = resolve(REPO_ROOT, "packages/cli/dist/main.js");

/**
 * Every package's folder relative to REPO_ROOT, as the root's workspaces list them: packages/ (the
 * codec, the protocol's packages, the CLI, the testkit), study/ (what re-runs and measures the
 * study) and adapters/ (the framework adapters, built and tested only with the lab: their
 * frameworks are lab/ dependencies, so a product-only install has no build of them).
 */
export const WORKSPACES: readonly string[] = JSON.parse(readFileSync(resolve(REPO_ROOT, "package.json"), "utf8")).workspaces;
