#!/usr/bin/env node
/**
 * `node scripts/test-on-node.mjs 22|24 [--install-only]`: the product lane's tests (quick mode) on another Node than
 * the one running this script. Node 20 is the project's floor and runs everything; most users run
 * 22 or 24, so CI runs the product tests on those too (.ci/run). Node 22 is the lab's own binary
 * (scripts/node22.mjs); Node 24 is the registry's `node-<platform>-<arch>` package, installed by
 * this script into a folder of its own under the system's temporary folder: only this check
 * needs it, so it stays out of the lab's install. The chosen Node runs vitest, and is first on
 * PATH, so the CLI and servers the tests start run on it too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { requireNode22 } from "./node22.mjs";
import { ROOT } from "./packages.mjs";

/** The Node 24 release CI tests on: a registry package, like the lab's Node 22. */
const NODE24 = "24.22.3";

function node24() {
  const folder = join(tmpdir(), `silp-node-${NODE24}`);
  const binary = join(folder, "node_modules", `node-${process.platform}-${process.arch}`, "bin", "node");
  if (!existsSync(binary)) {
    mkdirSync(folder, { recursive: true });
    const npm = spawnSync(
      "npm",
      ["install", "--prefix", folder, "--no-save", "--no-audit", "--no-fund", `node-${process.platform}-${process.arch}@${NODE24}`],
      { stdio: "inherit" },
    );
    if (npm.status !== 0 || !existsSync(binary)) throw new Error(`could not install node-${process.platform}-${process.arch}@${NODE24} from the registry`);
  }
  return binary;
}

const wanted = process.argv[2];
const binary = wanted === "22" ? requireNode22() : wanted === "24" ? node24() : undefined;
if (binary === undefined) {
  console.error("usage: node scripts/test-on-node.mjs 22|24");
  process.exit(2);
}
if (process.argv.includes("--install-only")) process.exit(0);
const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
if (!version.startsWith(`v${wanted}.`)) throw new Error(`${binary} is ${version}, not Node ${wanted}`);
console.log(`the product lane's tests on Node ${version}`);
const run = spawnSync(binary, [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "--project", "product", "--mode", "quick"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, PATH: `${dirname(binary)}:${process.env.PATH}` },
});
process.exit(run.status ?? 1);
