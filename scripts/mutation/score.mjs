/**
 * Prints the per-file mutation score of a Stryker JSON report as a Markdown table, and with
 * --survivors every surviving or uncovered mutant (file:line, mutator, replacement), for
 * docs/mutation.md. Score = (killed + timed out) / (killed + timed out + survived + no coverage);
 * ignored (static) and compile-error mutants are not counted, as in Stryker's own score.
 *
 * Usage: node scripts/mutation/score.mjs [report.json] [--survivors]
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { DETECTED, UNDETECTED } from "./report.mjs";

const root = resolve(import.meta.dirname, "../..");
const file = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? "reports/mutation/mutation.json";
const report = JSON.parse(readFileSync(resolve(root, file), "utf8"));

const rows = [];
const total = { detected: 0, undetected: 0, ignored: 0 };
const survivors = [];
for (const [path, { mutants }] of Object.entries(report.files)) {
  const name = relative(root, resolve(root, path));
  const count = (set) => mutants.filter((mutant) => set.has(mutant.status)).length;
  const detected = count(DETECTED);
  const undetected = count(UNDETECTED);
  const ignored = mutants.length - detected - undetected;
  total.detected += detected;
  total.undetected += undetected;
  total.ignored += ignored;
  rows.push([name, detected, undetected, ignored]);
  for (const mutant of mutants) {
    if (UNDETECTED.has(mutant.status)) {
      survivors.push(`${name}:${mutant.location.start.line} ${mutant.status} ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? "")}`);
    }
  }
}
const score = (detected, undetected) => (detected + undetected === 0 ? "n/a" : `${((100 * detected) / (detected + undetected)).toFixed(1)}%`);
console.log("| file | killed | survived | ignored (static) | score |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const [name, detected, undetected, ignored] of rows.sort())
  console.log(`| ${name} | ${detected} | ${undetected} | ${ignored} | ${score(detected, undetected)} |`);
console.log(`| **all** | ${total.detected} | ${total.undetected} | ${total.ignored} | **${score(total.detected, total.undetected)}** |`);
if (process.argv.includes("--survivors")) for (const line of survivors) console.log(line);
