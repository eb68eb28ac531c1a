/**
 * vitest's global setup: brings the packages' builds (dist/, `npm run build`: tsc -b, then the
 * codec's bundle) up to date once before any test runs. Tests that run `silpc` or a package as a real child process
 * start the built JavaScript (testkit's CLI_BIN), as a user's shell does: a process that first
 * compiles TypeScript through tsx costs about 0.35 s more per start, and the suite starts
 * hundreds. The build is incremental: when nothing changed it takes about a second.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export function setup() {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const run = spawnSync(process.execPath, [tsc, "-b", "tsconfig.build.json"], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`the packages do not build (tsc -b tsconfig.build.json):\n${run.stdout}${run.stderr}`);
  // The codec's package runs from its bundle (packages/silp/scripts/bundle.mjs), made from tsc's output.
  const bundle = spawnSync(process.execPath, ["packages/silp/scripts/bundle.mjs"], { cwd: ROOT, encoding: "utf8" });
  if (bundle.status !== 0) throw new Error(`the codec does not bundle:\n${bundle.stdout}${bundle.stderr}`);
}
