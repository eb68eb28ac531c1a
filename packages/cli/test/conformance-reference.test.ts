/**
 * The reference implementation's conformance score is documented: this runs the suite against
 * polyglotir through conformance/adapters/polyglotir_adapter.py and fails when any section's
 * pass/fail/unsupported count differs from the table in docs/compatibility.md (and the README's
 * copy of it), so the docs change with the score. Our own column must be a full pass.
 * Skipped, with the reason, when the reference folder or python3 with pydantic 2 is missing.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CLI_MAIN, REPO_ROOT } from "@silp/testkit/paths.js";
import type { ConformanceReport } from "../src/conformance/run.js";

const REFERENCE_SRC = resolve(REPO_ROOT, "../shared/reference/polyglotir/src");

function skipReason(): string | undefined {
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

const reason = skipReason();

describe("the reference implementation's conformance score", () => {
  test("matches the table in docs/compatibility.md and README.md", { skip: Boolean(reason ?? false) }, () => {
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
    for (const doc of ["docs/compatibility.md", "README.md"]) {
      const documented = documentedScores(doc);
      assert.deepEqual(
        documented.map(({ section, cases, pass, fail, unsupported }) => ({ section, cases, pass, fail, unsupported })),
        measured,
        `${doc}: the reference's score changed; update the table (measured: ${JSON.stringify(measured)})`,
      );
      for (const row of documented) assert.equal(row.ours, row.cases, `${doc}: our adapter passes every ${row.section} case`);
    }
  });
});
