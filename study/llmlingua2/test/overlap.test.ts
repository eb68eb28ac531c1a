import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isSilpError } from "silp";
import { LOCK_FILE, measureOverlap, readStudyCases, STUDY_CASE_ORDER, wordOverlap } from "../src/overlap.js";
import { corpusDir } from "@silp/testkit/corpus.js";
import { writeTinyModel, type TinyModel } from "./helpers/tiny-model.js";

import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";
const lockPath = (): string => join(corpusDir(), LOCK_FILE);

describe("wordOverlap", () => {
  test("identical, disjoint and partial word lists", () => {
    assert.deepEqual(wordOverlap("rain start hike", "rain  start hike"), { precision: 1, recall: 1, f1: 1, exact: true });
    assert.deepEqual(wordOverlap("a b", "c d"), { precision: 0, recall: 0, f1: 0, exact: false });
    const partial = wordOverlap("a b c", "a b d e");
    assert.equal(partial.precision, 2 / 3);
    assert.equal(partial.recall, 0.5);
    assert.ok(Math.abs(partial.f1 - 4 / 7) < 1e-12);
  });

  test("words are a multiset and case matters", () => {
    assert.deepEqual(wordOverlap("start start", "start"), { precision: 0.5, recall: 1, f1: 2 / 3, exact: false });
    assert.equal(wordOverlap("Rain", "rain").f1, 0);
  });

  test("empty strings", () => {
    assert.equal(wordOverlap("", "").f1, 1);
    assert.equal(wordOverlap("", "a").f1, 0);
    assert.equal(wordOverlap("a", "").f1, 0);
  });
});

describe("the study's llmlingua2 strings", () => {
  test("27 cases in the README's order, each with its natural prose and compressed string", () => {
    const cases = readStudyCases(lockPath());
    assert.deepEqual(
      cases.map((c) => c.caseId),
      STUDY_CASE_ORDER,
    );
    assert.deepEqual(cases[0], {
      caseId: "case10",
      natural: "If auth is verified and status is not shipped, update order_42, address, 5_Tianfu_Ave.",
      llmlingua2: "auth verified not shipped update order 5_Tianfu",
    });
    assert.equal(cases[26]?.llmlingua2, "5h search flights economy Chengdu suggest train");
  });

  test("the study's own strings score a perfect mean; the uncompressed prose does not", async () => {
    const cases = readStudyCases(lockPath());
    const byProse = new Map(cases.map((c) => [c.natural, c.llmlingua2]));
    // Test double: a "compressor" that answers with the study's string for the prose.
    const studyAnswer = async (prose: string) => byProse.get(prose) ?? "";
    const perfect = await measureOverlap(cases, studyAnswer);
    assert.deepEqual(perfect.mean, { precision: 1, recall: 1, f1: 1 });
    assert.equal(perfect.exactMatches, 27);
    const uncompressed = await measureOverlap(cases, async (prose) => prose);
    // Measured: precision 0.272, recall 0.570, F1 0.367 (docs/llmlingua2.md).
    assert.ok(uncompressed.mean.precision < 0.3 && uncompressed.mean.recall < 0.6 && uncompressed.mean.f1 < 0.4);
    assert.equal(uncompressed.exactMatches, 0);
  });

  test("other lock files: fewer cases are numbered, malformed lines are positioned errors", () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-lock-"));
    try {
      const file = join(dir, "lock.jsonl");
      const line = (frontend: string, compiled: string) => JSON.stringify({ frontend, compiled });
      writeFileSync(
        file,
        [line("code", "x()"), line("natural", "a b"), line("llmlingua2", "a"), line("natural", "c d"), line("llmlingua2", "d"), ""].join("\n"),
      );
      assert.deepEqual(
        readStudyCases(file).map((c) => [c.caseId, c.natural, c.llmlingua2]),
        [
          ["case#1", "a b", "a"],
          ["case#2", "c d", "d"],
        ],
      );
      writeFileSync(file, `${line("natural", "a")}\n{"frontend": "llmlingua2", "compiled": \n`);
      assert.throws(
        () => readStudyCases(file),
        (error) => isSilpError(error) && error.code === "invalid_syntax" && error.details?.line === 2,
      );
      writeFileSync(file, `${JSON.stringify({ frontend: "natural", compiled: 7 })}\n`);
      assert.throws(
        () => readStudyCases(file),
        (error) => isSilpError(error) && error.code === "invalid_syntax",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("silpc llmlingua2 (CLI, on a tiny model)", () => {
  let model: TinyModel;
  const silpc = (args: string[], input?: string) =>
    spawnSync(process.execPath, [CLI_BIN, ...args], {
      cwd: repoRoot,
      encoding: "utf8",
      input,
      env: { ...process.env, SILP_CORPUS: corpusDir(), SILP_LLMLINGUA2_MODEL: "" },
    });

  beforeAll(() => {
    model = writeTinyModel({ style: "metaspace", pieces: { "▁If": -4, "▁is": -4, "▁at": -4, "▁and": -4, "▁search": 3, "▁route": 3, "▁notify": 3 } });
  });
  afterAll(() => model.remove());

  test("overlap --json scores all 27 cases against the study", () => {
    const run = silpc(["llmlingua2", "overlap", "--model", model.dir, "--json"]);
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { rate: number; cases: Array<{ caseId: string; f1: number; ours: string }>; mean: { f1: number } };
    assert.equal(report.rate, 0.5);
    assert.deepEqual(
      report.cases.map((c) => c.caseId),
      STUDY_CASE_ORDER,
    );
    const meanF1 = report.cases.reduce((sum, c) => sum + c.f1, 0) / report.cases.length;
    assert.ok(Math.abs(report.mean.f1 - meanF1) < 1e-12);
    assert.ok(report.cases.every((c) => c.f1 >= 0 && c.f1 <= 1 && c.ours.length > 0));
  });

  test("compress reads prose from stdin and prints the kept words", () => {
    const run = silpc(["llmlingua2", "compress", "-", "--model", model.dir], "If search and route at notify\n");
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "search route notify\n");
  });

  test("a missing model is exit 1 with dependency_missing; a bad rate is a usage error", () => {
    const missing = silpc(["llmlingua2", "overlap", "--json"]);
    assert.equal(missing.status, 1);
    assert.equal((JSON.parse(missing.stdout) as { error: { code: string } }).error.code, "dependency_missing");
    const badRate = silpc(["llmlingua2", "compress", "-", "--model", model.dir, "--rate", "1.5"], "x");
    assert.equal(badRate.status, 2);
    assert.match(badRate.stderr, /--rate/);
  });
});
