/**
 * Merges Stryker JSON reports of focused runs (one area each; the areas and their commands are in docs/mutation.md, "Scores") into one
 * report, so the per-area results form the incremental baseline and one score table
 * (docs/mutation.md, "Focused runs"). A source file must come from one run only; the same file in
 * two reports is refused rather than silently picked. Test files are the union: a test file's
 * entry from a later report replaces an earlier one (the tests are the same code at one commit).
 *
 * Usage: node scripts/mutation/merge-reports.mjs out.json in1.json in2.json ...
 */
import { readFileSync, writeFileSync } from "node:fs";

const [out, ...inputs] = process.argv.slice(2);
if (!out || inputs.length === 0) {
  console.error("usage: merge-reports.mjs out.json in1.json [in2.json ...]");
  process.exit(2);
}
let merged;
const origin = new Map();
for (const input of inputs) {
  const report = JSON.parse(readFileSync(input, "utf8"));
  if (!merged) {
    merged = { ...report, files: {}, testFiles: {} };
  }
  for (const [path, file] of Object.entries(report.files)) {
    if (origin.has(path)) {
      console.error(`${path} is in both ${origin.get(path)} and ${input}`);
      process.exit(1);
    }
    origin.set(path, input);
    merged.files[path] = file;
  }
  Object.assign(merged.testFiles, report.testFiles ?? {});
}
writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`${Object.keys(merged.files).length} source files from ${inputs.length} reports -> ${out}`);
