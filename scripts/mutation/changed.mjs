/**
 * The CI step of mutation testing (docs/mutation.md): mutates only the core files changed since
 * the committed baseline, incrementally, under a wall-clock budget. A full run of the core takes
 * hours on a shared 2-core machine, so CI cannot afford it; a change to a core file is what can
 * lower the score, so that is what CI measures.
 *
 * Rule: core files (stryker.config.json "mutate") that differ between the commit that last wrote
 * the baseline (reports/mutation/stryker-incremental.json) and HEAD are mutated, with
 * `--incremental` so mutants whose code and covering tests did not change reuse the baseline's
 * result. No changed core file: nothing runs. Over SILP_MUTATION_BUDGET_S seconds (default 1080,
 * 18 minutes): the run is stopped and the step says so without failing (the time limit is CI's,
 * not the code's fault). A finished run fails the step when the whole core's score, with the
 * changed files' new results in place of the baseline's, is below CORE_FLOOR (85%). Stryker's own
 * `thresholds.break` stays unset: it would judge the changed files alone.
 *
 * Usage: node scripts/mutation/changed.mjs [--base <git rev>] [--list] (--list: print the files, run nothing)
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { applyRun, countMutants } from "./report.mjs";

const root = resolve(import.meta.dirname, "../..");
const BASELINE = "reports/mutation/stryker-incremental.json";
const budgetSeconds = Number(process.env.SILP_MUTATION_BUDGET_S ?? 1080);
const config = JSON.parse(readFileSync(resolve(root, "stryker.config.json"), "utf8"));
/** The mutation score the core must keep (docs/mutation.md, "CI"). */
const CORE_FLOOR = 85;

function git(...args) {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** A path matches the config's `mutate` globs (the few shapes it uses: `**`, `*`, `!` exclusions). */
function isCore(path) {
  const toRegExp = (glob) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "\u0000")
        .replace(/\*/g, "[^/]*")
        .replace(/\u0000/g, "(?:.*/)?")}$`,
    );
  const included = config.mutate.filter((glob) => !glob.startsWith("!")).some((glob) => toRegExp(glob).test(path));
  const excluded = config.mutate.filter((glob) => glob.startsWith("!")).some((glob) => toRegExp(glob.slice(1)).test(path));
  return included && !excluded;
}

const baseFlag = process.argv.indexOf("--base");
const base = baseFlag !== -1 ? process.argv[baseFlag + 1] : existsSync(resolve(root, BASELINE)) ? git("log", "-1", "--format=%H", "--", BASELINE) : "";
if (!base) {
  console.log("mutation: no baseline commit found; run `npm run mutation` once to create one");
  process.exit(0);
}
let diff;
try {
  diff = git("diff", "--name-only", "--diff-filter=AMR", base, "HEAD");
} catch {
  // A shallow clone may not hold the baseline commit: say so rather than guess a file set.
  console.log(`mutation: cannot diff against ${base} (shallow clone?); nothing to mutate`);
  process.exit(0);
}
const changed = diff.split("\n").filter((path) => path && isCore(path));
if (changed.length === 0) {
  console.log(`mutation: no core file changed since ${base.slice(0, 12)}; nothing to mutate`);
  process.exit(0);
}
console.log(`mutation: ${changed.length} core file(s) changed since ${base.slice(0, 12)}: ${changed.join(", ")}`);
if (process.argv.includes("--list")) process.exit(0);
// Read before the run: `--incremental` rewrites the baseline file with this run's files only.
const baselineBefore = JSON.parse(readFileSync(resolve(root, BASELINE), "utf8"));

const child = spawn("npx", ["stryker", "run", "--incremental", "--mutate", changed.join(","), "--reporters", "clear-text,progress-append-only,json"], {
  cwd: root,
  stdio: "inherit",
  detached: true,
});
const timer = setTimeout(() => {
  console.log(`mutation: stopped at the ${budgetSeconds} s budget; the run is incomplete (not a failure)`);
  process.kill(-child.pid, "SIGTERM");
  process.exit(0);
}, budgetSeconds * 1000);
child.on("exit", (code) => {
  clearTimeout(timer);
  if (code !== 0) {
    // Report, not gate (docs/mutation.md): a run that could not complete is said loudly but does
    // not block a change; `npm run mutation:changed` locally shows the same error.
    console.log(`mutation: ERROR: stryker exited with code ${code}; no score for this change`);
    process.exit(0);
  }
  const report = JSON.parse(readFileSync(resolve(root, config.jsonReporter.fileName), "utf8"));
  const changedScore = countMutants(report).score;
  // The gate is the whole core's score with this change's files measured anew, not the changed
  // files' own score: a file that was below the floor before (docs/mutation.md, per-file table)
  // must not block every change that touches it, and a change that lowers the core below the
  // floor must fail.
  applyRun(baselineBefore, report, "files");
  const core = countMutants(baselineBefore);
  console.log(`mutation: score of the changed files ${changedScore.toFixed(1)}%`);
  console.log(`mutation: score of the core with them ${core.score.toFixed(1)}% (${core.detected} of ${core.detected + core.undetected}; floor ${CORE_FLOOR}%)`);
  process.exit(core.score < CORE_FLOOR ? 1 : 0);
});
