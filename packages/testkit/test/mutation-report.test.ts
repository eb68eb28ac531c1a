/**
 * scripts/mutation/report.mjs: the score CI gates on (docs/mutation.md, "CI") and the write-back of
 * a run into the baseline. Reports here are written by hand in the mutation-testing-report-schema
 * shape; the expected numbers are counted by hand.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { applyRun, countMutants, dropNonCoreFiles, runOfFiles, staleFiles, type MutationReport, type ReportMutant } from "../../../scripts/mutation/report.mjs";

function mutant(line: number, status: string, replacement = "true", extra: Partial<ReportMutant> = {}): ReportMutant {
  return {
    mutatorName: "ConditionalExpression",
    replacement,
    status,
    location: { start: { line, column: 5 }, end: { line, column: 9 } },
    ...extra,
  };
}

function baseline(): MutationReport {
  return {
    files: {
      "a.ts": { mutants: [mutant(1, "Killed"), mutant(2, "Survived"), mutant(2, "Survived", "false"), mutant(3, "Ignored")] },
      "b.ts": { mutants: [mutant(1, "NoCoverage"), mutant(4, "Timeout")] },
    },
  };
}

describe("mutation report: score", () => {
  test("killed and timed out count as detected; ignored mutants count nowhere", () => {
    // Detected: a.ts:1 Killed, b.ts:4 Timeout = 2. Undetected: two Survived + one NoCoverage = 3.
    assert.deepEqual(countMutants(baseline()), { detected: 2, undetected: 3, score: 40 });
    assert.deepEqual(countMutants(baseline(), ["b.ts"]), { detected: 1, undetected: 1, score: 50 });
  });

  test("a report without counted mutants scores 100", () => {
    assert.equal(countMutants({ files: { "c.ts": { mutants: [mutant(1, "Ignored")] } } }).score, 100);
  });
});

describe("mutation report: writing a run back", () => {
  test("mutants mode replaces only the mutants with the same mutator, replacement and location", () => {
    const base = baseline();
    const run: MutationReport = {
      files: { "a.ts": { mutants: [mutant(2, "Killed", "true", { killedBy: ["7"], coveredBy: ["7", "8"] }), mutant(1, "Killed")] } },
    };
    const result = applyRun(base, run, "mutants");
    assert.deepEqual(result, { replaced: 2, newlyDetected: 1, unmatched: [] });
    assert.deepEqual(
      base.files["a.ts"]?.mutants.map((m) => [m.location.start.line, m.replacement, m.status]),
      [
        [1, "true", "Killed"],
        [2, "true", "Killed"],
        [2, "false", "Survived"],
        [3, "true", "Ignored"],
      ],
    );
    // The run's test ids mean nothing in the baseline, whose ids come from other runs.
    assert.equal(base.files["a.ts"]?.mutants[1]?.killedBy, undefined);
    assert.equal(base.files["a.ts"]?.mutants[1]?.coveredBy, undefined);
    assert.deepEqual(countMutants(base), { detected: 3, undetected: 2, score: 60 });
  });

  test("mutants mode reports a run mutant the baseline lacks instead of adding it", () => {
    const base = baseline();
    const moved = mutant(2, "Killed");
    moved.location.start.column = 6;
    const result = applyRun(base, { files: { "a.ts": { mutants: [moved] }, "new.ts": { mutants: [mutant(1, "Killed")] } } }, "mutants");
    assert.equal(result.replaced, 0);
    assert.deepEqual(result.unmatched, ["a.ts ConditionalExpression|true|2:6-2:9", "new.ts ConditionalExpression|true|1:5-1:9"]);
    assert.deepEqual(countMutants(base), countMutants(baseline()));
  });

  test("files mode replaces a changed file whole and keeps the others", () => {
    const base = baseline();
    applyRun(base, { files: { "b.ts": { mutants: [mutant(9, "Survived", "x", { coveredBy: ["1"] })] } } }, "files");
    assert.deepEqual(Object.keys(base.files), ["a.ts", "b.ts"]);
    assert.deepEqual(
      base.files["b.ts"]?.mutants.map((m) => [m.location.start.line, m.status, m.coveredBy]),
      [[9, "Survived", undefined]],
    );
    // a.ts: 1 detected, 2 undetected; b.ts: 0 detected, 1 undetected.
    assert.deepEqual(countMutants(base), { detected: 1, undetected: 3, score: 25 });
  });
});

describe("mutation report: which core files the baseline no longer speaks for", () => {
  const sources: Record<string, string> = { "a.ts": "let a = 1;", "b.ts": "let b = 2;", "c.ts": "let c = 3;" };
  const read = (path: string): string => sources[path] as string;

  test("a file whose text differs from the recorded source, or that has no entry, is stale; the same text is not", () => {
    const base = baseline();
    (base.files["a.ts"] as { source?: string }).source = "let a = 1;";
    (base.files["b.ts"] as { source?: string }).source = "let b = 1;";
    assert.deepEqual(staleFiles(base, ["a.ts", "b.ts", "c.ts"], read), ["b.ts", "c.ts"]);
  });

  test("entries of files that are no longer core are dropped, so the core's score counts only what exists", () => {
    const base = baseline();
    dropNonCoreFiles(base, ["a.ts"]);
    assert.deepEqual(Object.keys(base.files), ["a.ts"]);
    // a.ts alone: 1 detected, 2 undetected.
    assert.deepEqual(countMutants(base), { detected: 1, undetected: 2, score: 100 / 3 });
  });
});

describe("mutation report: what a run speaks for", () => {
  test("only the files the run was asked to mutate; one it has no entry for is recorded with its text and no mutant", () => {
    const report: MutationReport = {
      files: {
        "a.ts": { mutants: [mutant(1, "Killed")], source: "a" },
        "b.ts": { mutants: [mutant(2, "Survived")], source: "b (carried from the incremental input)" },
      },
    };
    const run = runOfFiles(report, ["a.ts", "index.ts"], (path) => `text of ${path}`);
    assert.deepEqual(Object.keys(run.files), ["a.ts", "index.ts"]);
    assert.equal(run.files["a.ts"], report.files["a.ts"]);
    assert.deepEqual(run.files["index.ts"], { language: "typescript", mutants: [], source: "text of index.ts" });
  });
});
