#!/usr/bin/env node
/**
 * `npm run pack [-- --out <dir>]`: the way to install our packages until they are on the npm
 * registry. Builds every package, packs each publishable workspace into `<dir>` (default
 * `packed/` in the repository, ignored by git) and writes `<dir>/INSTALL.md`: for each package,
 * the one `npm install` line that installs it from its tarball together with the sibling
 * tarballs it depends on (npm would otherwise look for those on the registry, where they are not).
 * scripts/pack-install.mjs installs each package exactly that way into an empty project.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const out = resolve(args.includes("--out") ? args[args.indexOf("--out") + 1] : join(ROOT, "packed"));
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(" ")} failed in ${cwd}`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

run("npm", ["run", "build", "--silent"], ROOT);
const workspaces = readJson(join(ROOT, "package.json"))
  .workspaces.map((dir) => ({ dir: join(ROOT, dir), manifest: readJson(join(ROOT, dir, "package.json")) }))
  .filter((w) => !w.manifest.private);
const ours = new Map(workspaces.map((w) => [w.manifest.name, w]));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const w of workspaces) {
  const [info] = JSON.parse(run("npm", ["pack", "--pack-destination", out, "--json", "--silent"], w.dir));
  w.tarball = info.filename;
}

/** A package and the siblings it depends on, transitively (optional peers left out, as npm does). */
function closure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of Object.keys(ours.get(name).manifest.dependencies ?? {})) if (ours.has(dep)) closure(dep, seen);
  return seen;
}

const shown = relative(process.cwd(), out) || ".";
const lines = [
  "# Installing the packed packages",
  "",
  "Until the packages are on the npm registry, install one with the tarballs of the siblings it needs,",
  "in one command (paths relative to this folder):",
  "",
];
for (const w of workspaces) {
  const tarballs = [...closure(w.manifest.name)].map((name) => `./${ours.get(name).tarball}`);
  lines.push(`- ${w.manifest.name}: \`npm install ${tarballs.join(" ")}\``);
}
writeFileSync(join(out, "INSTALL.md"), `${lines.join("\n")}\n`);
console.log(`${workspaces.length} tarballs in ${shown}/; install lines in ${shown}/INSTALL.md, e.g.`);
console.log(`  npm install ${[...closure("silp")].map((name) => join(out, ours.get(name).tarball)).join(" ")}`);
