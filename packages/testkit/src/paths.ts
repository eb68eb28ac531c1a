/** Where things are in the repository, for tests that spawn the CLI or read data files. */
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
 * The packages built and tested only with the lab (CONTRIBUTING.md, "Two lanes"): the framework
 * adapters, whose frameworks are lab/ dependencies. A product-only install has no build of them.
 */
export const LAB_WORKSPACES: readonly string[] = ["ai-sdk", "langchain", "openai-agents", "mastra"];
