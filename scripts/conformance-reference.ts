#!/usr/bin/env node
/**
 * `npm run conformance:reference`: runs the conformance suite against the reference
 * implementation (polyglotir, the spec author's Python code) through
 * conformance/adapters/polyglotir_adapter.py and fails when any section's pass/fail/unsupported
 * count differs from the table in docs/compatibility.md, so the docs change with the score. Our own column must be a full pass.
 *
 * A script beside the suite, not a test in it: the reference is not part of the repository (its
 * code may not be copied in) and sits beside a checkout only on the machines of the study
 * (`../shared/reference/polyglotir`, or the folder given as the first argument); the suite passes
 * with nothing beside the repository, with 0 skipped. Run it when a case is added or changed.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ConformanceReport } from "@silp/conformance";

const REPO_ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const CLI_MAIN = join(REPO_ROOT, "packages/cli/src/main.ts");

const REFERENCE_SRC = resolve(process.argv[2] ?? resolve(REPO_ROOT, "../shared/reference/polyglotir"), "src");

/** Why the reference cannot run here, or undefined. */
function missing(): string | undefined {
  if (!existsSync(join(REFERENCE_SRC, "silp"))) return `the reference implementation is not at ${REFERENCE_SRC}`;
  const python = spawnSync("python3", ["-c", "import pydantic, sys; sys.exit(0 if pydantic.VERSION.startswith('2') else 1)"], { encoding: "utf8" });
  if (python.status !== 0) return "python3 with pydantic 2 is not available";
  return undefined;
}

interface DocumentedScore {
  section: string;
  cases: number;
  ours: number;
  pass: number;
  fail: number;
  unsupported: number;
}

/** Rows of the side-by-side table under the "Conformance suite" heading of a markdown file. */
function documentedScores(path: string): DocumentedScore[] {
  const text = readFileSync(join(REPO_ROOT, path), "utf8");
  const start = text.indexOf("| section | cases | silp (TypeScript) | polyglotir pass | polyglotir fail | polyglotir unsupported |");
  assert.ok(start >= 0, `${path} has the conformance score table`);
  const rows: DocumentedScore[] = [];
  for (const line of text.slice(start).split("\n").slice(2)) {
    if (!line.startsWith("|")) break;
    const [section, cases, ours, pass, fail, unsupported] = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim().replace(/\*/g, ""));
    rows.push({ section: section ?? "", cases: Number(cases), ours: Number(ours), pass: Number(pass), fail: Number(fail), unsupported: Number(unsupported) });
  }
  return rows;
}

const reason = missing();
if (reason) {
  console.error(`conformance:reference: ${reason}`);
  process.exit(2);
}
const reportPath = join(mkdtempSync(join(tmpdir(), "silp-conformance-ref-")), "report.json");
const adapter = `python3 conformance/adapters/polyglotir_adapter.py ${JSON.stringify(REFERENCE_SRC)}`;
const run = spawnSync(process.execPath, ["--import", "tsx", CLI_MAIN, "conformance", "--adapter", adapter, "--report", reportPath], {
  cwd: REPO_ROOT,
  encoding: "utf8",
});
assert.equal(run.status, 1, `the reference fails some cases: ${run.stderr}`);
const report = JSON.parse(readFileSync(reportPath, "utf8")) as ConformanceReport;
const measured = [
  ...report.sections.map((s) => ({ section: s.section, cases: s.total, pass: s.pass, fail: s.fail, unsupported: s.unsupported })),
  { section: "total", cases: report.totals.total, pass: report.totals.pass, fail: report.totals.fail, unsupported: report.totals.unsupported },
];
for (const doc of ["docs/compatibility.md"]) {
  const documented = documentedScores(doc);
  assert.deepEqual(
    documented.map(({ section, cases, pass, fail, unsupported }) => ({ section, cases, pass, fail, unsupported })),
    measured,
    `${doc}: the reference's score changed; update the table (measured: ${JSON.stringify(measured)})`,
  );
  for (const row of documented) assert.equal(row.ours, row.cases, `${doc}: our adapter passes every ${row.section} case`);
}
console.log(
  `the reference's score matches docs/compatibility.md: ${report.totals.pass} pass, ${report.totals.fail} fail, ${report.totals.unsupported} unsupported of ${report.totals.total}`,
);
