/**
 * Re-runs only the lines of the baseline's surviving mutants, then writes their new results back
 * into the baseline (docs/mutation.md, "Confirming kill tests").
 *
 * Why: a kill test is written for a surviving mutant and checked by hand against it, but only a
 * Stryker run can confirm it. A full run of the core costs hours here, and `--incremental` cannot
 * narrow the run well enough: the baseline is merged from focused area runs whose test ids overlap,
 * so its coverage map does not name tests reliably. Mutating only the survivors' lines (Stryker's
 * `file:line-line` ranges) re-runs them, plus the other mutants of the same lines, which the
 * existing tests kill at the first failing test.
 *
 * Merge rule: a mutant of the new run replaces the baseline mutant with the same file, mutator,
 * replacement and location; a baseline mutant the run did not produce keeps its result. The core's
 * source must be the source the baseline was measured on: a survivor's line that no longer holds
 * the same mutant is reported as unmatched and the script exits 1 rather than guess.
 *
 * Usage: node scripts/mutation/survivors.mjs [--files <substring,...>] [--only-list] [-- <extra stryker args>]
 *   --files      only survivors in files whose path contains one of the substrings
 *   --only-list  print the ranges and exit
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { applyRun, UNDETECTED } from "./report.mjs";

const root = resolve(import.meta.dirname, "../..");
const BASELINE = resolve(root, "reports/mutation/stryker-incremental.json");
const RUN_REPORT = resolve(root, "reports/mutation/survivors-run.json");

const argv = process.argv.slice(2);
const dashDash = argv.indexOf("--");
const own = dashDash === -1 ? argv : argv.slice(0, dashDash);
const extra = dashDash === -1 ? [] : argv.slice(dashDash + 1);
const filesFlag = own.indexOf("--files");
const fileFilters = filesFlag === -1 ? null : own[filesFlag + 1].split(",");

const baseline = JSON.parse(readFileSync(BASELINE, "utf8"));
const isOpen = (mutant) => UNDETECTED.has(mutant.status);

const ranges = [];
let survivors = 0;
for (const [path, file] of Object.entries(baseline.files)) {
  if (fileFilters && !fileFilters.some((part) => path.includes(part))) continue;
  const lines = new Set();
  for (const mutant of file.mutants) {
    if (!isOpen(mutant)) continue;
    survivors++;
    for (let line = mutant.location.start.line; line <= mutant.location.end.line; line++) lines.add(line);
  }
  // Adjacent lines become one range: fewer `--mutate` entries, same mutants.
  const sorted = [...lines].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(`${path}:${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
}
console.log(`survivors: ${survivors} open mutants in ${ranges.length} line ranges`);
if (own.includes("--only-list")) {
  console.log(ranges.join("\n"));
  process.exit(0);
}
if (ranges.length === 0) process.exit(0);

// A config of its own (the repository's, with the ranges and its own report and sandbox), because
// Stryker's command line cannot set the json reporter's file name.
const config = JSON.parse(readFileSync(resolve(root, "stryker.config.json"), "utf8"));
const runConfig = resolve(root, "reports/mutation/survivors.stryker.config.json");
writeFileSync(
  runConfig,
  JSON.stringify({
    ...config,
    $schema: undefined,
    mutate: ranges,
    reporters: ["clear-text", "progress-append-only", "json"],
    jsonReporter: { fileName: RUN_REPORT },
    tempDirName: ".stryker-tmp-survivors",
  }),
);
const run = spawnSync("npx", ["stryker", "run", runConfig, ...extra], { cwd: root, stdio: "inherit" });
if (run.status !== 0 || !existsSync(RUN_REPORT)) {
  console.error(`survivors: the Stryker run failed (exit ${run.status}); the baseline is unchanged`);
  process.exit(1);
}

const report = JSON.parse(readFileSync(RUN_REPORT, "utf8"));
const { replaced, newlyDetected, unmatched } = applyRun(baseline, report, "mutants");
if (unmatched.length > 0) {
  console.error(`survivors: ${unmatched.length} mutants of the run are not in the baseline (the source changed?); the baseline is unchanged:`);
  console.error(unmatched.slice(0, 20).join("\n"));
  process.exit(1);
}
writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
console.log(`survivors: ${replaced} mutants re-run, ${newlyDetected} of them newly killed; baseline updated`);
