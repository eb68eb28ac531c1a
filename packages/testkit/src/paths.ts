/** Where things are in the repository, for tests that spawn the CLI or read data files. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder (three levels above packages/testkit/src). */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** The `silpc` entry point, run from source through tsx. */
export const CLI_MAIN = resolve(REPO_ROOT, "packages/cli/src/main.ts");
