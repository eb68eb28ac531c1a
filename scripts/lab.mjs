#!/usr/bin/env node
/**
 * The lab lane's install (CONTRIBUTING.md, "Two lanes"): `node scripts/lab.mjs install` runs
 * `npm ci` in lab/ (its own package.json and lockfile: the heavy dependencies of tokenizer data,
 * LLMLingua-2 runtimes, real-engine grammar checks, mutation testing and packaging checks), then
 * links each of lab/package.json's dependencies into the repository's node_modules, so that the
 * lab's tests, scripts and the CLI's optional commands resolve them like any other package.
 * `node scripts/lab.mjs link` redoes only the links (a root `npm ci` removes them); `status`
 * prints whether the lab is installed (exit 0) or not (exit 1).
 *
 * Why links and not a second workspace: npm resolves a package from the importing file's
 * folders upwards, so the lab's packages must be reachable from every package's tests; a
 * workspace of its own would need its own copies of ours. The lab installs without install
 * scripts: none of its packages needs one here (onnxruntime-node's downloads optional GPU
 * providers from outside the registry, node-llama-cpp's checks for prebuilt binaries it already
 * ships), and npm 10, which Node 20 ships, has no `allowScripts` to choose per package.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LAB = join(ROOT, "lab");

function labDependencies() {
  const manifest = JSON.parse(readFileSync(join(LAB, "package.json"), "utf8"));
  return Object.keys(manifest.dependencies ?? {});
}

/**
 * Links lab/node_modules/<name> into node_modules/<name>. A package the root lane installs itself
 * (typescript, which the lab pins to the root's version for its own packages) keeps the root's copy.
 */
function link() {
  for (const name of labDependencies()) {
    const target = join(LAB, "node_modules", name);
    if (!existsSync(target)) throw new Error(`lab/node_modules/${name} is missing: run node scripts/lab.mjs install`);
    const at = join(ROOT, "node_modules", name);
    mkdirSync(dirname(at), { recursive: true });
    if (existsSync(at) && !isLink(at)) continue;
    if (isLink(at)) {
      if (resolve(dirname(at), readlinkSync(at)) === target) continue;
      rmSync(at);
    }
    symlinkSync(relative(dirname(at), target), at, "dir");
    linkBins(name, target);
  }
}

/** The package's commands (its `bin`) into node_modules/.bin, so npm scripts find them (typedoc, stryker, attw). */
function linkBins(name, target) {
  const manifest = JSON.parse(readFileSync(join(target, "package.json"), "utf8"));
  const bins = typeof manifest.bin === "string" ? { [name.split("/").pop()]: manifest.bin } : (manifest.bin ?? {});
  for (const bin of Object.keys(bins)) {
    const from = join(LAB, "node_modules", ".bin", bin);
    const at = join(ROOT, "node_modules", ".bin", bin);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(at), { recursive: true });
    if (isLink(at) || existsSync(at)) {
      // The root's own command (tsc) stays; one of ours from an earlier link is redone.
      if (!isLink(at) || !resolve(dirname(at), readlinkSync(at)).startsWith(join(LAB, "node_modules"))) continue;
      rmSync(at);
    }
    symlinkSync(relative(dirname(at), from), at);
  }
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function installed() {
  return labDependencies().every((name) => existsSync(join(ROOT, "node_modules", name)));
}

function install() {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // `npm ci` in lab/ with its own .npmrc (legacy-peer-deps: peers come from the root install).
  const run = spawnSync(npm, ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: LAB, stdio: "inherit", env: cleanNpmEnv() });
  if (run.status !== 0) process.exit(run.status ?? 1);
  link();
}

/**
 * The environment without what a parent npm (a root `npm ci` running prepare) exports about its
 * own project, which would point this one at the root: its prefix and workspaces. The registry,
 * cache, proxy and user config stay.
 */
const PARENT_ONLY = new Set([
  "npm_config_local_prefix",
  "npm_config_prefix",
  "npm_config_global",
  "npm_config_workspace",
  "npm_config_workspaces",
  "npm_config_include_workspace_root",
]);
function cleanNpmEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !PARENT_ONLY.has(key.toLowerCase())));
}

const command = process.argv[2];
if (command === "install") install();
else if (command === "link") link();
else if (command === "status") {
  const yes = installed();
  console.log(yes ? "the lab is installed" : "the lab is not installed: node scripts/lab.mjs install (or npm ci without SILP_LANE=product)");
  process.exit(yes ? 0 : 1);
} else {
  console.error("usage: node scripts/lab.mjs install | link | status");
  process.exit(2);
}
