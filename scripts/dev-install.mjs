#!/usr/bin/env node
/**
 * `npm run size:dev`: what a contributor's install costs, lane by lane. The committed HEAD is
 * cloned into an empty folder (nothing of this checkout's node_modules is reused), and in it
 * `SILP_LANE=product npm ci`, then the full `npm ci` (both lanes, the builds of its prepare step)
 * are run and timed; after each, the folders npm wrote are measured on disk (`du`, bytes
 * allocated). The table is written into CONTRIBUTING.md between its figure markers
 * (scripts/doc-figures.mjs). npm's cache is the user's own, as on a contributor's machine: a
 * first install on an empty cache also pays for the download, which this does not measure.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFigures } from "./doc-figures.mjs";
import { ROOT } from "./packages.mjs";

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
/** Bytes on disk of the folders that exist among `paths` (relative to the clone). */
const disk = (paths) => {
  const result = spawnSync("du", ["-sb", "--apparent-size", ...paths], { cwd: folder, encoding: "utf8" });
  return result.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.split("\t")[0]), 0);
};
const NPM_FOLDERS = ["node_modules", "lab/node_modules", "lab/node22/node_modules"];
const present = () => NPM_FOLDERS.filter((path) => spawnSync("test", ["-d", path], { cwd: folder }).status === 0);
const gb = (bytes) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(0)} MB`);

try {
  run("git", ["clone", "--quiet", ROOT, "."]);
  const rows = [];
  const productSeconds = run("npm", ["ci", "--no-audit", "--no-fund"], { SILP_LANE: "product" });
  rows.push(["product: `SILP_LANE=product npm ci`", productSeconds, disk(present())]);
  rmSync(join(folder, "node_modules"), { recursive: true, force: true });
  const fullSeconds = run("npm", ["ci", "--no-audit", "--no-fund"]);
  const parts = NPM_FOLDERS.map((path) => [path, disk([path])]);
  rows.push(["both lanes: `npm ci` (with its builds)", fullSeconds, disk(present())]);
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
