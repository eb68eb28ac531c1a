/**
 * Where the suite is: inside the installed package, `suite/` (npm pack copies the repository's
 * `conformance/` folder there, scripts/prepack.mjs); in a checkout of the repository, that folder
 * itself, so the cases have one home.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

/** The folder holding index.json: the packed suite, or the checkout's conformance/. */
export function defaultSuiteDir(): string {
  const packed = join(PACKAGE_DIR, "suite");
  if (existsSync(join(packed, "index.json"))) return packed;
  return join(PACKAGE_DIR, "..", "..", "conformance");
}

/** The shell command of this repository's own adapter (the TypeScript implementation), beside the suite. */
export function silpAdapterCommand(suiteDir: string = defaultSuiteDir()): string {
  return `"${process.execPath}" "${join(suiteDir, "adapters", "silp-ts.mjs")}"`;
}
