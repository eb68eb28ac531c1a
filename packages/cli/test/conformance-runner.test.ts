/**
 * `silpc conformance`, run as a real process: our adapter (conformance/adapters/silp-ts.mjs,
 * on the built packages) passes every case, and a deliberately wrong adapter (the test double
 * WrongAnswersAdapter) fails with exit 1, each failure for its own reason.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import type { ConformanceReport } from "@silp/conformance";

const WRONG_ADAPTER = `node ${JSON.stringify(join(REPO_ROOT, "packages/cli/test/fixtures/conformance-wrong-adapter.mjs"))}`;
const OUR_ADAPTER = "node conformance/adapters/silp-ts.mjs";

function conformance(args: string[]): { status: number | null; stdout: string; stderr: string; report?: ConformanceReport } {
  const dir = mkdtempSync(join(tmpdir(), "silp-conformance-"));
  const reportPath = join(dir, "report.json");
  const result = spawnSync(process.execPath, [CLI_BIN, "conformance", "--report", reportPath, ...args], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  let report: ConformanceReport | undefined;
  try {
    report = JSON.parse(readFileSync(reportPath, "utf8")) as ConformanceReport;
  } catch {
    report = undefined;
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ...(report ? { report } : {}) };
}

function sectionScore(report: ConformanceReport, section: string) {
  const score = report.sections.find((s) => s.section === section);
  assert.ok(score, `section ${section} in the report`);
  return score;
}

describe("silpc conformance", () => {
  test("our adapter passes every case of every section (exit 0)", () => {
    const run = conformance(["--adapter", OUR_ADAPTER]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const report = run.report as ConformanceReport;
    const suiteIndex = JSON.parse(readFileSync(join(REPO_ROOT, "conformance/index.json"), "utf8")) as { version: string; sections: string[] };
    assert.equal(report.suite.version, suiteIndex.version);
    assert.equal(report.sections.length, suiteIndex.sections.length);
    assert.ok(report.totals.total >= 150, `the suite has ${report.totals.total} cases`);
    assert.equal(report.totals.pass, report.totals.total, JSON.stringify(report.cases.filter((c) => c.status !== "pass")));
    assert.match(run.stdout, /^decode-code\s+\d+\s+\d+\s+0\s+0$/m);
    assert.match(run.stdout, /^total\s+(\d+)\s+\1\s+0\s+0$/m);
  });

  test("a wrong adapter fails with exit 1; wrong output, wrong id, non-JSON, exit and unsupported are told apart", () => {
    const run = conformance(["--adapter", WRONG_ADAPTER, "--skip", "dialect"]);
    assert.equal(run.status, 1, run.stderr);
    const report = run.report as ConformanceReport;
    assert.ok(!report.sections.some((s) => s.section === "dialect"), "--skip leaves the section out");
    const reason = (id: string) => report.cases.find((c) => c.id === id)?.reason ?? "";
    assert.equal(sectionScore(report, "decode-code").pass, 0);
    assert.match(reason("code-a1"), /^IR differs/);
    assert.match(reason("code-truncated"), /^expected error invalid_syntax/);
    assert.match(reason("compile-code-a1"), /^got "", expected "if !rain/);
    assert.match(reason("compile-code-a2"), /^answer longer than 8388608 characters$/);
    assert.match(reason("compile-json-a2"), /^got "", expected/, "the oversized line is not carried over to the next case");
    assert.match(reason("validate-minimal"), /does not match request id/);
    const sanitizer = sectionScore(report, "sanitizer");
    assert.deepEqual([sanitizer.unsupported, sanitizer.fail, sanitizer.pass], [sanitizer.total, 0, 0]);
    assert.match(reason("negotiate-receiver-choice"), /adapter exited without answering/);
    assert.match(reason("negotiate-dialect-same-hash"), /^got \{\}, expected/);
    assert.equal(sectionScore(report, "probe").fail, sectionScore(report, "probe").total);
    assert.match(reason("probe-ping-line"), /^got \{\}, expected/);
    assert.match(reason("lock-valid-chain"), /answer is not JSON/);
    // The adapter is restarted after it exits: every negotiate case still gets its own verdict.
    assert.equal(sectionScore(report, "negotiate").fail, sectionScore(report, "negotiate").total);
    // Always answering decode_failed is right for exactly the three envelope cases that expect it.
    assert.deepEqual(
      report.cases.filter((c) => c.section === "envelope" && c.status === "pass").map((c) => c.id),
      ["envelope-not-envelope", "envelope-meta-not-object", "envelope-meta-conflict"],
    );
    assert.match(run.stdout, /failures:\n/);
  });

  test("an adapter that never answers fails each case at the per-case timeout (--only)", () => {
    // Each case of the section waits out the timeout: a short one keeps the test short.
    const run = conformance(["--adapter", WRONG_ADAPTER, "--only", "dialect", "--timeout", "150"]);
    assert.equal(run.status, 1);
    const report = run.report as ConformanceReport;
    assert.deepEqual(
      report.sections.map((s) => s.section),
      ["dialect"],
    );
    assert.ok(report.cases.length > 0);
    for (const c of report.cases) assert.match(c.reason ?? "", /no answer within 150 ms/, c.id);
  });

  test("usage errors exit 2: unknown section, bad timeout, missing suite", () => {
    assert.equal(conformance(["--adapter", OUR_ADAPTER, "--only", "nonsense"]).status, 2);
    assert.equal(conformance(["--adapter", OUR_ADAPTER, "--timeout", "0"]).status, 2);
    const missing = conformance(["--adapter", OUR_ADAPTER, "--suite", join(tmpdir(), "no-such-suite")]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read the suite/);
  });
});
