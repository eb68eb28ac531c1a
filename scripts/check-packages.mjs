#!/usr/bin/env node
// Lints what we publish: publint (package.json vs. the files in the tarball) and
// @arethetypeswrong/cli (do the types resolve the way the JavaScript does), over every publishable
// workspace. One line per package, details indented under it; exit 1 on any error.
//
//   node scripts/check-packages.mjs [package-dir ...]    (default: every publishable workspace)
//
// Run `npx tsc -b tsconfig.build.json` first: both tools look at dist/ as it is now.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

// Why this attw configuration. Our packages are ESM-only ("type": "module", exports with only
// "types" + "default") and declare engines.node >= 20.19, where require(esm) is on by default, so
// `require("silp")` works (scripts/pack-install.mjs checks it on the installed tarball).
// - `--profile node16` skips the node10 resolution: TypeScript's old "node"/"node10" mode ignores
//   "exports" altogether, and no Node version we support resolves that way.
// - `--ignore-rules cjs-resolves-to-esm`, not `--profile esm-only`: esm-only drops the whole
//   "node16 (from CJS)" column, so a CJS consumer could get no types or the wrong format and we would
//   never know. Ignoring only this one rule keeps every other check on that column and silences just
//   "require() resolves to an ESM file", which is exactly the require(esm) case that works at runtime.
//   Caveat, honestly: attw 0.18 bundles TypeScript 5.6, which does not model require(esm); a CJS
//   TypeScript project compiled with `module: node16` still gets TS1479 on `import ... = require`/
//   `require` of our packages, while `module: nodenext` on TypeScript >= 5.8 accepts it.
const ATTW_ARGS = ["--profile", "node16", "--ignore-rules", "cjs-resolves-to-esm"];
const IGNORED = { kinds: ["CJSResolvesToESM"], resolutions: ["node10"] }; // the same, to filter the JSON

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  return { status: r.status ?? -1, stdout: r.stdout ?? "", stderr: r.stderr ?? String(r.error ?? "") };
}

const dirs = process.argv.length > 2 ? process.argv.slice(2) : readJson(join(ROOT, "package.json")).workspaces;
const workspaces = dirs.map((dir) => ({ dir: resolve(ROOT, dir), manifest: readJson(resolve(ROOT, dir, "package.json")) })).filter((w) => !w.manifest.private);

// attw reads a tarball. `attw --pack <dir>` would run `npm pack` inside the package folder and leave
// the .tgz there while it runs; packing into a temp dir keeps the working tree untouched.
const tmp = mkdtempSync(join(tmpdir(), "silp-check-packages-"));

async function checkPublint(w) {
  // pack: "npm" lints the real folder against `npm pack`'s file list, so publint can tell
  // "file missing" from "file exists but is not published". strict: warnings count as errors.
  const { messages } = await publint({ pkgDir: w.dir, pack: "npm", strict: true });
  return messages.map((m) => ({ type: m.type, text: formatMessage(m, w.manifest, { color: false }) ?? m.code }));
}

function checkAttw(w) {
  const pack = run("npm", ["pack", "--pack-destination", tmp, "--json"], w.dir);
  if (pack.status !== 0) return { ok: false, lines: [`npm pack failed: ${pack.stderr.trim()}`] };
  const tarball = join(tmp, JSON.parse(pack.stdout)[0].filename);
  // attw's own exit status is the verdict (it applies the profile and ignored rules); the JSON only
  // explains it. --no: use the attw in the root node_modules, never download one.
  const r = run("npx", ["--no", "attw", tarball, ...ATTW_ARGS, "--format", "json"], ROOT);
  let result;
  try {
    result = JSON.parse(r.stdout);
  } catch {
    return { ok: false, lines: [`attw did not run (exit ${r.status}): ${r.stderr.trim().split("\n")[0]}`] };
  }
  if (!result.analysis.types) return { ok: r.status === 0, lines: [], note: "no types to check" };
  const problems = Object.values(result.problems ?? {})
    .flat()
    .filter((p) => !IGNORED.kinds.includes(p.kind) && !IGNORED.resolutions.includes(p.resolutionKind));
  const lines = problems.map((p) => `${p.kind} at "${p.entrypoint ?? "?"}" (${p.resolutionKind ?? "all resolutions"})`);
  return { ok: r.status === 0 && problems.length === 0, lines };
}

let failed = false;
try {
  for (const w of workspaces) {
    const messages = await checkPublint(w);
    const attw = checkAttw(w);
    const errors = messages.filter((m) => m.type === "error");
    const others = messages.length - errors.length;
    const ok = errors.length === 0 && attw.ok;
    failed ||= !ok;
    const publintSummary = errors.length ? `${errors.length} error(s)` : `ok${others ? ` (${others} suggestion(s))` : ""}`;
    const attwSummary = attw.ok ? `ok${attw.note ? ` (${attw.note})` : ""}` : "FAIL";
    console.log(`${ok ? "ok  " : "FAIL"} ${w.manifest.name.padEnd(20)} publint: ${publintSummary.padEnd(18)} attw: ${attwSummary}`);
    for (const m of messages) console.log(`       publint ${m.type}: ${m.text}`);
    for (const l of attw.lines) console.log(`       attw: ${l}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`\nattw ${ATTW_ARGS.join(" ")}; publint --strict`);
process.exitCode = failed ? 1 : 0;
