/**
 * A lock file with a million bad lines gives a bounded report. The first 1000
 * problems (in line order) are listed, the rest counted in `problemsDropped`; `ok` stays false
 * and a file-wide problem (a missing anchor) is never hidden by the cap. Same for legacy files.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { inputSize } from "@silp/testkit/property.js";
import { assertLockReport, MAX_LISTED_PROBLEMS, verifyLegacyLockText, verifyLockText } from "../src/index.js";

/** A million (a tenth in a quick run): the cap, not the size, is what is asserted. */
const BAD_LINES = inputSize(1_000_000);

test("the cap is 1000 problems", () => {
  assert.equal(MAX_LISTED_PROBLEMS, 1000);
});

test(`${BAD_LINES} bad lines: the first 1000 problems listed in line order, the rest counted`, () => {
  const report = verifyLockText("x\n".repeat(BAD_LINES));
  assert.equal(report.ok, false);
  assert.equal(report.lines, BAD_LINES);
  assert.equal(report.problems.length, 1000);
  assert.equal(report.problemsDropped, BAD_LINES - 1000);
  assert.deepEqual(
    report.problems.map((p) => p.line),
    Array.from({ length: 1000 }, (_, i) => i + 1),
  );
  assert.ok(report.problems.every((p) => p.kind === "not_json"));
  // The report serializes small: listing a million problems would be tens of MB.
  assert.ok(JSON.stringify(report).length < 200_000, `${JSON.stringify(report).length} characters`);
});

test("a line's parse problem and its record problems stay in line order under the cap", () => {
  // 999 bad lines, then a well-shaped but wrong record (several problems on line 1000), then more.
  const record = JSON.stringify({
    kind: "seal",
    seq: 0,
    prev: null,
    ir: {},
    frontend: "code",
    compiled: "x",
    ir_hash: "sha256:0",
    output_hash: "sha256:0",
    hash: "sha256:0",
  });
  const text = `${"x\n".repeat(999)}${record}\n${"y\n".repeat(10)}`;
  const report = verifyLockText(text);
  assert.equal(report.problems.length, 1000);
  assert.equal(report.problems.at(-1)?.line, 1000);
  assert.ok(report.problemsDropped >= 10);
});

test("a missing anchor is reported even when the cap is full", () => {
  const anchor = `sha256:${"a".repeat(64)}`;
  const report = verifyLockText("x\n".repeat(5000), { anchor });
  assert.equal(report.problemsDropped, 4000);
  assert.equal(report.problems.at(-1)?.kind, "anchor_missing");
});

test("assertLockReport counts the unlisted problems too", () => {
  const report = verifyLockText("x\n".repeat(3000));
  assert.throws(
    () => assertLockReport(report),
    (error: unknown) =>
      error instanceof SilpError && /\(and 2999 more\)/.test(error.message) && (error.details as { problemsDropped: number }).problemsDropped === 2000,
  );
});

test("legacy files: the same cap", () => {
  const report = verifyLegacyLockText("x\n".repeat(5000));
  assert.equal(report.ok, false);
  assert.deepEqual([report.problems.length, report.problemsDropped], [1000, 4000]);
  assert.equal(report.problems[999]?.line, 1000);
});

test("fewer problems than the cap: all listed, none dropped", () => {
  const report = verifyLockText("x\n".repeat(3));
  assert.deepEqual([report.problems.length, report.problemsDropped], [3, 0]);
});
