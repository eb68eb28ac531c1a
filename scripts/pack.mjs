#!/usr/bin/env node
/**
 * `npm run pack [-- --out <dir>]`: the way to install our packages until they are on the npm
 * registry. Builds every package, packs each publishable workspace into `<dir>` (default
 * `packed/` in the repository, ignored by git) and writes `<dir>/INSTALL.md`: for each package,
 * the one `npm install` line that installs it from its tarball together with the sibling
 * tarballs it depends on (npm would otherwise look for those on the registry, where they are not).
 * scripts/pack-install.mjs installs each package exactly that way into an empty project.
 *
 * A package whose build is missing (its entry points, or what the lab builds: the adapters'
 * dist, the playground's site, the tokenizer vocabularies, none of which a product-lane install
 * makes) is never packed: the script refuses, naming each one and the install that builds it, or
 * with `--built-only` packs the others and says which it left out.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { packAll, publishableWorkspaces, ROOT, siblingClosure, unbuiltFiles } from "./packages.mjs";

const args = process.argv.slice(2);
const out = resolve(args.includes("--out") ? args[args.indexOf("--out") + 1] : join(ROOT, "packed"));

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) {
    console.error(`${command} ${commandArgs.join(" ")} failed in ${cwd}`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

run("npm", ["run", "build", "--silent"], ROOT);
const unbuilt = publishableWorkspaces()
  .map((w) => ({ w, missing: unbuiltFiles(w) }))
  .filter(({ missing }) => missing.length > 0);
for (const { w, missing } of unbuilt) console.error(`${w.manifest.name}: not built (${missing.join(", ")} missing)`);
if (unbuilt.length > 0 && !args.includes("--built-only")) {
  console.error(
    "npm run pack: nothing packed. These packages are built by the full install, `npm ci` (SILP_LANE=product npm ci builds the product lane only); or pack the rest with `npm run pack -- --built-only`.",
  );
  process.exit(1);
}
const workspaces = publishableWorkspaces().filter((w) => !unbuilt.some((u) => u.w.dir === w.dir));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
packAll(workspaces, out);
const tarballOf = (name) => basename(workspaces.find((w) => w.manifest.name === name).tarball);
const closure = (name) => siblingClosure(workspaces, name);

const shown = relative(process.cwd(), out) || ".";
const lines = [
  "# Installing the packed packages",
  "",
  "Until the packages are on the npm registry, install one with the tarballs of the siblings it needs,",
  "in one command, run in your own project (the paths are absolute, so the lines work from anywhere):",
  "",
];
for (const w of workspaces) {
  const tarballs = [...closure(w.manifest.name)].map((name) => join(out, tarballOf(name)));
  lines.push(`- ${w.manifest.name}: \`npm install ${tarballs.join(" ")}\``);
}
writeFileSync(join(out, "INSTALL.md"), `${lines.join("\n")}\n`);
console.log(`${workspaces.length} tarballs in ${shown}/; install lines in ${shown}/INSTALL.md, e.g.`);
if (unbuilt.length > 0) console.log(`left out, not built: ${unbuilt.map(({ w }) => w.manifest.name).join(", ")}`);
console.log(`  npm install ${[...closure("silp")].map((name) => join(out, tarballOf(name))).join(" ")}`);
