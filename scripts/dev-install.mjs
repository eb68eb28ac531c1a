#!/usr/bin/env node
/**
 * `npm run size:dev`: what a contributor's install costs, lane by lane. The committed HEAD is
 * cloned into an empty folder (nothing of this checkout's node_modules is reused), and in it
 * `SILP_LANE=product npm ci`, then the full `npm ci` (both lanes, the builds of its prepare step)
 * are run and timed; after each, the folders npm wrote are measured on disk (`du`, bytes
 * allocated). The table is written into CONTRIBUTING.md between its figure markers
 * (scripts/doc-figures.mjs). npm's cache is the user's own, as on a contributor's machine: a
 * first install on an empty cache also pays for the download, which this does not measure.
 *
 * `--check` measures this checkout's full install instead (no clone, nothing written) and fails
 * above FULL_INSTALL_MAX; CI runs it right after its own `npm ci`, so a dependency that brings the
 * install back over the bound fails the change that adds it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFigures } from "./doc-figures.mjs";
import { ROOT } from "./packages.mjs";

/** What the full install may take on disk (CONTRIBUTING.md): it was 2.4 GB before the lab dropped what no test runs. */
const FULL_INSTALL_MAX = 1.5e9;
const NPM_FOLDERS = ["node_modules", "lab/node_modules", "lab/node22/node_modules"];
/** Bytes on disk of the folders that exist among `paths` (relative to `cwd`). */
const disk = (cwd, paths) => {
  const result = spawnSync("du", ["-sb", "--apparent-size", ...paths.filter((path) => existsSync(join(cwd, path)))], { cwd, encoding: "utf8" });
  return result.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.split("\t")[0]), 0);
};
const gb = (bytes) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(0)} MB`);

if (process.argv.includes("--check")) {
  const bytes = disk(ROOT, NPM_FOLDERS);
  const ok = bytes <= FULL_INSTALL_MAX;
  console.log(`the full install takes ${gb(bytes)} on disk (${NPM_FOLDERS.join(", ")}); at most ${gb(FULL_INSTALL_MAX)}${ok ? "" : ": OVER"}`);
  process.exit(ok ? 0 : 1);
}

const folder = mkdtempSync(join(tmpdir(), "silp-dev-install-"));
const run = (command, args, env = {}) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd: folder,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
};
try {
  run("git", ["clone", "--quiet", ROOT, "."]);
  const rows = [];
  const productSeconds = run("npm", ["ci", "--no-audit", "--no-fund"], { SILP_LANE: "product" });
  rows.push(["product: `SILP_LANE=product npm ci`", productSeconds, disk(folder, NPM_FOLDERS)]);
  rmSync(join(folder, "node_modules"), { recursive: true, force: true });
  const fullSeconds = run("npm", ["ci", "--no-audit", "--no-fund"]);
  const parts = NPM_FOLDERS.map((path) => [path, disk(folder, [path])]);
  rows.push(["both lanes: `npm ci` (with its builds)", fullSeconds, disk(folder, NPM_FOLDERS)]);
  const table = [
    "| install, in a fresh clone | seconds | on disk |",
    "| --- | ---: | ---: |",
    ...rows.map(([what, seconds, bytes]) => `| ${what} | ${seconds.toFixed(0)} | ${gb(bytes)} |`),
    "",
    `Of the full install: ${parts.map(([path, bytes]) => `\`${path}\` ${gb(bytes)}`).join(", ")}.`,
  ];
  console.log(table.join("\n"));
  writeFigures(join(ROOT, "CONTRIBUTING.md"), "dev-install", table.join("\n"), "npm run size:dev");
  console.log("\nCONTRIBUTING.md: the install table replaced");
} finally {
  rmSync(folder, { recursive: true, force: true });
}
