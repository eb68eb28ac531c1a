#!/usr/bin/env node
/**
 * What `npm ci` runs last (the root `prepare`): builds every package (tsc -b), then, unless
 * SILP_LANE=product, installs the lab (scripts/lab.mjs) and builds what needs it: the tokenizer
 * vocabularies of @silp/tokens and the playground site. So `npm ci` sets up both lanes, and
 * `SILP_LANE=product npm ci` only the product lane (CONTRIBUTING.md, "Two lanes").
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const lane = process.env.SILP_LANE ?? "all";
if (lane !== "all" && lane !== "product") {
  console.error(`SILP_LANE must be "product" (the product lane only) or unset (both lanes), got ${JSON.stringify(lane)}`);
  process.exit(2);
}
run(npm, ["run", "build"]);
if (lane === "all") {
  run(process.execPath, ["scripts/lab.mjs", "install"]);
  run(npm, ["run", "build:lab"]);
}
