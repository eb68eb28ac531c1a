#!/usr/bin/env node
// What does a user get when they `npm install` one of our packages? This packs every publishable
// workspace, installs each tarball into its own empty project (as a user would, default npm settings),
// and measures the result: installed size, package count, install scripts in the tree, wall time.
// A registry package (@toon-format/toon) is installed the same way in the same run as a baseline.
//
//   node scripts/pack-install.mjs [--json out.json] [--keep] [--only silp,@silp/lock] [--readme]
//   (--readme: write the whole table into docs/performance.md and the codec's and the CLI's rows
//   into README.md, each between its figure markers (scripts/doc-figures.mjs); all packages only)
//
// Run `npx tsc -b tsconfig.build.json` first: the tarballs contain whatever is in dist/ now.
// Exit status: non-zero if the codec `silp` exceeds BUDGET (size, packages, install scripts) or its
// CommonJS/ESM smoke test fails, or if any package's types fail a consumer's tsc (skipLibCheck
// false, nodenext and bundler). The other packages' sizes are reported, not gated.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { consumerTsc } from "./consumer-tsc.mjs";
import { writeFigures } from "./doc-figures.mjs";
import { packAll, publishableWorkspaces, ROOT, siblingClosure } from "./packages.mjs";

const BASELINE = "@toon-format/toon";
const BUDGET = { bytes: 5_000_000, packages: 15 }; // MB here means 10^6 bytes, as in the table
const INSTALL_TIMEOUT_MS = 15 * 60 * 1000;
const LIFECYCLE = ["preinstall", "install", "postinstall"];

const args = process.argv.slice(2);
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const keep = args.includes("--keep");
// --only NAME[,NAME]: measure just these packages (CI checks the codec's budget this way, in seconds).
const only = args.includes("--only") ? new Set(args[args.indexOf("--only") + 1].split(",")) : undefined;

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const mb = (bytes) => (bytes / 1e6).toFixed(2);

// Plain npm from PATH, no shell: arguments are passed as-is. stdout and stderr are kept apart
// because `npm pack --json` prints the JSON on stdout and npm notices go to stderr.
function run(cmd, cmdArgs, cwd, timeout) {
  const t0 = performance.now();
  const r = spawnSync(cmd, cmdArgs, { cwd, encoding: "utf8", maxBuffer: 64 << 20, timeout });
  const seconds = (performance.now() - t0) / 1000;
  return { status: r.status ?? -1, stdout: r.stdout ?? "", stderr: r.stderr ?? String(r.error ?? ""), seconds };
}

// --- 1. The publishable workspaces, packed (scripts/packages.mjs). ---
const workspaces = publishableWorkspaces();
const ours = new Map(workspaces.map((w) => [w.manifest.name, w]));

const tmp = mkdtempSync(join(tmpdir(), "silp-pack-install-"));
const tarballDir = join(tmp, "tarballs");
mkdirSync(tarballDir);
packAll(workspaces, tarballDir);

// --- 2. Measuring an installed tree. ---
// Walks node_modules without following symlinks. Bytes are the sum of regular file sizes (du -sb
// also counts directory entries, a few KB more). A package is a folder with a package.json directly
// under some node_modules (or under its @scope), nested node_modules included.
function measureTree(nodeModules) {
  const result = { bytes: 0, packages: 0, installScripts: [] };
  const addFiles = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) addFiles(path);
      else result.bytes += lstatSync(path).size;
    }
  };
  const visitPackages = (nm) => {
    if (!existsSync(nm)) return;
    for (const entry of readdirSync(nm, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue; // .bin, .package-lock.json, .cache
      const dirs = entry.name.startsWith("@")
        ? readdirSync(join(nm, entry.name), { withFileTypes: true })
            .filter((e) => e.isDirectory())
            .map((e) => join(nm, entry.name, e.name))
        : [join(nm, entry.name)];
      for (const dir of dirs) {
        if (!existsSync(join(dir, "package.json"))) continue;
        const pkg = readJson(join(dir, "package.json"));
        result.packages++;
        const scripts = LIFECYCLE.filter((s) => pkg.scripts?.[s]);
        // npm runs `node-gyp rebuild` by itself when there is a binding.gyp and no (pre)install script.
        if (!scripts.length && existsSync(join(dir, "binding.gyp"))) scripts.push("install (implicit node-gyp)");
        for (const s of scripts) result.installScripts.push(`${pkg.name}@${pkg.version} ${s}`);
        visitPackages(join(dir, "node_modules"));
      }
    }
  };
  if (existsSync(nodeModules)) addFiles(nodeModules);
  visitPackages(nodeModules);
  return result;
}

// --- 3. One empty project per package. ---
// Default npm settings on purpose: no --ignore-scripts and no project .npmrc, so install scripts
// behave as they would for a user. npm 11 runs dependency install scripts that no allowScripts entry
// covers, with an "install-scripts" warning (or refuses them with strict-allow-scripts); those lines
// are kept verbatim. A failing script fails the whole install and npm rolls node_modules back, so
// then the project is installed again with --ignore-scripts, only to still show what the tree weighs;
// the report marks those numbers with † and they never count as a pass.
function npmInstall(project, specs, extra = []) {
  const r = run("npm", ["install", ...extra, ...specs], project, INSTALL_TIMEOUT_MS);
  const output = `${r.stdout}\n${r.stderr}`.split("\n");
  return {
    ok: r.status === 0,
    exitCode: r.status,
    seconds: r.seconds,
    scriptWarnings: output.filter((l) => /install-scripts|allowScripts|install scripts/i.test(l)),
    // The useful part of a failure: which package, which command, which error (not the stack).
    errorLines: r.status === 0 ? [] : output.filter((l) => /^npm error (code|path|command|\S*Error\b)/.test(l)),
    ...measureTree(join(project, "node_modules")),
  };
}

function installInEmptyProject(label, specs) {
  const project = join(tmp, "projects", label.replace(/[@/]/g, "_"));
  mkdirSync(project, { recursive: true });
  const init = run("npm", ["init", "-y"], project);
  if (init.status !== 0) throw new Error(`npm init failed in ${project}:\n${init.stderr}`);
  const result = { label, project, ...npmInstall(project, specs) };
  if (!result.ok) result.withoutScripts = npmInstall(project, specs, ["--ignore-scripts"]);
  return result;
}

const rows = [];
console.error(`installing ${BASELINE} (registry)...`);
rows.push({ ...installInEmptyProject(BASELINE, [BASELINE]), tarballBytes: null, baseline: true });
for (const w of workspaces) {
  if (only !== undefined && !only.has(w.manifest.name)) continue;
  const tarballs = [...siblingClosure(workspaces, w.manifest.name)].map((n) => ours.get(n).tarball);
  console.error(`installing ${w.manifest.name} (${tarballs.length} tarball(s))...`);
  const row = { ...installInEmptyProject(w.manifest.name, tarballs), tarballBytes: w.tarballBytes };
  row.types = row.ok ? consumerTypes(row.project, w.manifest) : "not installed";
  // An adapter's types name its framework, a peer the user installs beside it (the README's line,
  // e.g. `npm install @silp/ai-sdk ai`): checked again with the peers, after the size was measured.
  const peers = Object.entries(w.manifest.peerDependencies ?? {}).map(([name, range]) => `${name}@${range}`);
  if (row.ok && row.types !== "ok" && peers.length > 0) {
    const withPeers = run("npm", ["install", "--no-audit", "--no-fund", ...peers], row.project, INSTALL_TIMEOUT_MS);
    row.types =
      withPeers.status === 0 ? `${consumerTypes(row.project, w.manifest)} (with its peers ${peers.join(", ")})` : `${row.types}; installing its peers failed`;
  }
  rows.push(row);
}

/**
 * A consumer's type check of the installed package: a module that imports every export of the
 * package (each subpath of `exports`), checked by tsc with `skipLibCheck: false`, strict, under
 * `nodenext` and under `bundler`. Node's types come from the repository's @types/node (a Node
 * consumer has them). "ok", or the first errors.
 */
function consumerTypes(project, manifest) {
  const subpaths = Object.keys(manifest.exports ?? { ".": {} }).filter((key) => !key.endsWith(".json") && key !== "./package.json");
  const lines = subpaths.map((key, index) => `import * as m${index} from "${key === "." ? manifest.name : manifest.name + key.slice(1)}";`);
  writeFileSync(join(project, "consumer.mts"), `${lines.join("\n")}\nexport { ${subpaths.map((_, index) => `m${index}`).join(", ")} };\n`);
  const problems = [];
  const foreign = new Set();
  for (const resolution of ["nodenext", "bundler"]) {
    const { status, errors } = consumerTsc(["consumer.mts"], project, resolution);
    // Ours: the consumer module and our packages' declarations. A framework's own declarations
    // (an adapter's peer) may fail skipLibCheck false by themselves; that is reported, not ours.
    const ours = errors.filter((l) => /^consumer\.mts|node_modules\/(@silp\/|silp\/|silpc\/)/.test(l));
    if (status !== 0 && ours.length > 0) problems.push(`${resolution}: ${ours.slice(0, 2).join(" / ")}`);
    else if (status !== 0) foreign.add((errors[0] ?? "").replace(/\(.*$/, ""));
  }
  if (problems.length > 0) return problems.join("; ");
  return foreign.size === 0 ? "ok" : `ok; a dependency's own declarations fail alone (${[...foreign].join(", ")})`;
}

// --- 4. The codec from CommonJS and from ESM, in its own empty project. ---
// Our packages are ESM-only; require() of them relies on require(esm), unflagged since Node 20.19.
// Both must load and print exactly the same thing.
const IR = JSON.stringify({
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: "a1b2c3d4" },
});
const body = `const ir = ${IR}; process.stdout.write(compile(ir) + "\\n" + compile(ir, "json"));`;
const codecRow = rows.find((r) => r.label === "silp");
const smoke = [
  ["CommonJS require", ["-e", `const { compile } = require("silp"); ${body}`]],
  ["ESM import", ["--input-type=module", "-e", `import { compile } from "silp"; ${body}`]],
].map(([name, nodeArgs]) => {
  const r = codecRow.ok ? run(process.execPath, nodeArgs, codecRow.project) : { status: -1, stdout: "", stderr: "not installed" };
  return { name, ok: r.status === 0 && r.stdout.length > 0, output: r.stdout, stderr: r.stderr.trim() };
});
const sameOutput = smoke.every((s) => s.ok) && smoke[0].output === smoke[1].output;

// --- 5. Report. ---
const base = rows.find((r) => r.baseline);
const npmVersion = run("npm", ["-v"], tmp).stdout.trim();
const table = [
  "| package | tarball KB | installed MB | × toon | packages | install scripts | seconds | types (skipLibCheck false) |",
  "|---|---:|---:|---:|---:|---|---:|---|",
];
for (const r of rows) {
  const m = r.ok ? r : r.withoutScripts; // † = default install failed, numbers from the --ignore-scripts retry
  const dagger = r.ok ? "" : " †";
  const scripts = m.installScripts.length ? m.installScripts.join("<br>") : "none";
  const tarball = r.tarballBytes == null ? "registry" : (r.tarballBytes / 1024).toFixed(1);
  const name = r.baseline ? `${r.label} (baseline)` : r.label;
  table.push(
    `| ${name}${dagger} | ${tarball} | ${mb(m.bytes)}${dagger} | ${(m.bytes / base.bytes).toFixed(1)}×${dagger}` +
      ` | ${m.packages}${dagger} | ${scripts} | ${r.seconds.toFixed(1)} | ${r.baseline ? "" : (r.types ?? "").replaceAll("|", "\\|")} |`,
  );
}
console.log(`\n## Install footprint (node ${process.version}, npm ${npmVersion})\n`);
console.log(table.join("\n"));
// --readme: the tables in the docs are this run's, never edited by hand.
if (args.includes("--readme") && !only) {
  const command = `npm run size (npm ${npmVersion})`;
  writeFigures(join(ROOT, "docs/performance.md"), "size", table.join("\n"), command);
  // The README: one line, the codec beside the baseline.
  const size = (r) => (r.ok ? r : r.withoutScripts);
  const codec = size(codecRow);
  const line =
    `The codec \`silp\` installs as ${codec.packages} packages, ${mb(codec.bytes)} MB (${(codec.bytes / size(base).bytes).toFixed(1)}× TOON's ${mb(size(base).bytes)} MB), ` +
    `from a ${(codecRow.tarballBytes / 1024).toFixed(1)} KB tarball, ${codec.installScripts.length === 0 ? "with no install script" : `running ${codec.installScripts.length} install scripts`}.`;
  writeFigures(join(ROOT, "README.md"), "size", line, command);
  console.log("\ndocs/performance.md and README.md: size tables replaced");
}
if (rows.some((r) => !r.ok)) {
  console.log("\n† `npm install` with default settings FAILED (details below); size and package count are from a");
  console.log("retry with --ignore-scripts, so they leave out whatever the failing script would have added.");
}
for (const r of rows.filter((r) => r.scriptWarnings.length || !r.ok)) {
  console.log(`\n### ${r.label}: npm install exit ${r.exitCode}\n`);
  for (const l of [...r.scriptWarnings, ...r.errorLines]) console.log(`    ${l}`);
}
console.log("\n## silp from CommonJS and ESM\n");
for (const s of smoke) {
  console.log(`- ${s.ok ? "ok  " : "FAIL"} ${s.name}: ${JSON.stringify(s.output.split("\n")[0] ?? "")}`);
  if (s.stderr) console.log(`  stderr: ${s.stderr.split("\n").slice(0, 3).join(" / ")}`);
}
console.log(`- ${sameOutput ? "ok  " : "FAIL"} same output from both`);

const failures = [];
if (!codecRow.ok) failures.push(`silp did not install (npm exit ${codecRow.exitCode})`);
if (codecRow.bytes > BUDGET.bytes) failures.push(`silp installs ${mb(codecRow.bytes)} MB > ${mb(BUDGET.bytes)} MB`);
if (codecRow.packages > BUDGET.packages) failures.push(`silp installs ${codecRow.packages} packages > ${BUDGET.packages}`);
if (codecRow.installScripts.length) failures.push(`silp's tree has install scripts: ${codecRow.installScripts.join(", ")}`);
if (!sameOutput) failures.push("silp CommonJS/ESM smoke test failed");
// Every package's own types must check in a consumer project: a gate, unlike the other packages'
// sizes. A dependency's or peer's declarations that fail by themselves are reported in the table
// (a consumer with skipLibCheck, tsc --init's default, never sees them), not ours to fail on.
for (const r of rows) if (!r.baseline && !r.types.startsWith("ok")) failures.push(`${r.label}: consumer type check failed: ${r.types}`);
console.log(`\n## Budget for silp (≤ ${mb(BUDGET.bytes)} MB, ≤ ${BUDGET.packages} packages, no install scripts)\n`);
console.log(failures.length ? failures.map((f) => `- FAIL ${f}`).join("\n") : "- ok");

if (jsonOut) {
  const strip = ({ project, ...r }) => r;
  writeFileSync(jsonOut, `${JSON.stringify({ node: process.version, budget: BUDGET, rows: rows.map(strip), smoke, sameOutput, failures }, null, 2)}\n`);
}
if (keep) console.error(`kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
process.exitCode = failures.length ? 1 : 0;
