/**
 * The lab's Node 22 (CONTRIBUTING.md, "Two lanes"). The project's floor is Node 20, but the OpenAI
 * Agents SDK the openai-agents adapter is built for (`@openai/agents` 0.15 and later, 0.20 here)
 * depends on `openai` ^7, and every `openai` 7 release declares `engines.node >= 22`. So that
 * pair is not in lab/package.json: it is installed into lab/node22/ (its own package.json and
 * lockfile) by npm running on Node 22, and its tests run on Node 22 (vitest.config.ts, the
 * `lab-node22` project, which `npm run test:node22` runs with this binary). Neither
 * runs on Node 20, so no install prints an EBADENGINE warning and no test runs an unsupported
 * pairing.
 *
 * The binary is the `node-<platform>-<arch>` npm package of lab/package.json's
 * optionalDependencies (a registry package, so nothing is fetched from outside the registry:
 * npm installs the one for this machine, Linux x64 or arm64, and skips the others).
 * `SILP_NODE22=/path/to/node` (a Node 22 binary of your own) takes its place where none exists.
 *
 *   node scripts/node22.mjs <script> [args...]   runs a script on that binary (npm run test:node22)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The Node 22 install's folder: its package.json, lockfile and node_modules. */
export const NODE22_DIR = join(ROOT, "lab", "node22");

/** The package lab/package.json installs the binary from on this machine. */
export const NODE22_PACKAGE = `node-${process.platform}-${process.arch}`;

/** The Node 22 binary, or undefined when neither SILP_NODE22 nor the lab's package provides one. */
export function node22Binary() {
  const binary = process.env.SILP_NODE22 || join(ROOT, "lab", "node_modules", NODE22_PACKAGE, "bin", "node");
  return existsSync(binary) ? binary : undefined;
}

/** The Node 22 binary; throws, saying what to do, when there is none. */
export function requireNode22() {
  const binary = node22Binary();
  if (binary !== undefined) return binary;
  const missing = process.env.SILP_NODE22
    ? `SILP_NODE22=${process.env.SILP_NODE22} does not exist`
    : `lab/node_modules/${NODE22_PACKAGE} is not installed (node scripts/lab.mjs install installs it on Linux x64 and arm64; elsewhere, set SILP_NODE22 to a Node 22 binary)`;
  throw new Error(`no Node 22 for the lab's Node 22 install (lab/node22: @openai/agents and openai 7, which declares node >= 22): ${missing}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const run = spawnSync(requireNode22(), process.argv.slice(2), { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
