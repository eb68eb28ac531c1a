/**
 * The CI step of mutation testing (docs/mutation.md): mutates only the core files changed since
 * the committed baseline, incrementally, under a wall-clock budget. A full run of the core takes
 * hours on a shared 2-core machine, so CI cannot afford it; a change to a core file is what can
 * lower the score, so that is what CI measures.
 *
 * Rule: a core file (stryker.config.json "mutate") is mutated when its text differs from the
 * source the baseline (reports/mutation/stryker-incremental.json) recorded for it, or the baseline
 * has no entry for it (report.mjs, staleFiles); `--incremental` lets mutants whose code and
 * covering tests did not change reuse the baseline's result. No such file: nothing runs. Over
 * SILP_MUTATION_BUDGET_S seconds (default 1080, 18 minutes): the run is stopped and the step says
 * so without failing (the time limit is CI's, not the code's fault). A finished run writes the
 * changed files' results into the baseline file (commit it to refresh the baseline) and fails the
 * step when the whole core's score with them is below CORE_FLOOR (85%). Stryker's own
 * `thresholds.break` stays unset: it would judge the changed files alone.
 *
 * Usage: node scripts/mutation/changed.mjs [--list] [--force] [file ...]
 *   --list: print the files, run nothing; files: these core files instead, changed or not (a
 *   refresh in pieces, or a file's score again after new tests); --force: every mutant of them
 *   again, not only those whose code or covering tests changed
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { applyRun, countMutants, dropNonCoreFiles, runOfFiles, staleFiles } from "./report.mjs";

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

if (!existsSync(resolve(root, BASELINE))) {
  console.log("mutation: no baseline found; run `npm run mutation` once to create one");
  process.exit(0);
}
const baseline = JSON.parse(readFileSync(resolve(root, BASELINE), "utf8"));
const core = git("ls-files").split("\n").filter(isCore);
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const readSource = (path) => readFileSync(resolve(root, path), "utf8");
dropNonCoreFiles(baseline, core);
const stale = staleFiles(baseline, core, readSource);
const changed = only.length === 0 ? stale : only.filter((path) => core.includes(path));
if (changed.length === 0) {
  console.log(
    only.length > 0
      ? "mutation: none of the files named is a core file; nothing to mutate"
      : "mutation: every core file is as the baseline recorded it; nothing to mutate",
  );
  process.exit(0);
}
console.log(`mutation: ${changed.length} core file(s) to mutate: ${changed.join(", ")}${only.length > 0 ? "" : " (their text differs from the baseline)"}`);
if (process.argv.includes("--list")) process.exit(0);

// --force runs every mutant of the files again, the ones whose code and tests did not change too:
// what a change to what the tests can reach needs (the run's package map, a fixture file read at
// run time), which Stryker's incremental mode cannot see.
const force = process.argv.includes("--force") ? ["--force"] : [];
const child = spawn(
  "npx",
  ["stryker", "run", "--incremental", ...force, "--mutate", changed.join(","), "--reporters", "clear-text,progress-append-only,json"],
  {
    cwd: root,
    stdio: "inherit",
    detached: true,
  },
);
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
  const run = runOfFiles(report, changed, readSource);
  const changedScore = countMutants(run).score;
  // The gate is the whole core's score with this change's files measured anew, not the changed
  // files' own score: a file that was below the floor before (docs/mutation.md, per-file table)
  // must not block every change that touches it, and a change that lowers the core below the
  // floor must fail.
  applyRun(baseline, run, "files");
  // Stryker's --incremental has just written its own report over the baseline file: the merged
  // one goes back in its place.
  writeFileSync(resolve(root, BASELINE), `${JSON.stringify(baseline, null, 2)}\n`);
  const whole = countMutants(baseline);
  console.log(`mutation: score of the changed files ${changedScore.toFixed(1)}%`);
  console.log(
    `mutation: score of the core with them ${whole.score.toFixed(1)}% (${whole.detected} of ${whole.detected + whole.undetected}; floor ${CORE_FLOOR}%)`,
  );
  process.exit(whole.score < CORE_FLOOR ? 1 : 0);
});
