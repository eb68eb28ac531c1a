import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { verifyLegacyLockText, legacyRecordProblem } from "../src/index.js";
import { corpusDir } from "@silp/testkit/corpus.js";

const corpusLock = (): string => readFileSync(join(corpusDir(), "phase2", "compile.lock.jsonl"), "utf8");

describe("legacy (reference implementation) lock records", () => {
  test("all 135 records of the study corpus have output_hash == sha256(compiled)", () => {
    const report = verifyLegacyLockText(corpusLock());
    assert.deepEqual(report.problems, []);
    assert.equal(report.ok, true);
    assert.equal(report.records, 135);
    assert.equal(report.lines, 135);
    assert.equal(report.head, null, "legacy files have no chain");
  });

  test("27 cases x 5 frontends", () => {
    const frontends = new Map<string, number>();
    for (const line of corpusLock().trimEnd().split("\n")) {
      const { frontend } = JSON.parse(line) as { frontend: string };
      frontends.set(frontend, (frontends.get(frontend) ?? 0) + 1);
    }
    assert.deepEqual(Object.fromEntries(frontends), { code: 27, json: 27, llmlingua2: 27, natural: 27, nl_json: 27 });
  });

  test("an edited compiled text in a corpus record is caught on its line", () => {
    const parts = corpusLock().trimEnd().split("\n");
    const record = JSON.parse(parts[41] ?? "") as { compiled: string };
    record.compiled = record.compiled.replace(/.$/, "#");
    parts[41] = JSON.stringify(record);
    const report = verifyLegacyLockText(`${parts.join("\n")}\n`);
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.kind]),
      [[42, "output_hash_mismatch"]],
    );
    assert.equal(report.records, 135);
  });

  test("truncation, non-JSON lines and malformed records are reported", () => {
    const text = corpusLock();
    assert.deepEqual(
      verifyLegacyLockText(text.slice(0, -30)).problems.map((p) => [p.line, p.kind]),
      [[135, "truncated"]],
    );
    const report = verifyLegacyLockText('garbage\n{"frontend":"code"}\n{"frontend":"code","compiled":"x","output_hash":"md5:1"}\n');
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.kind]),
      [
        [1, "not_json"],
        [2, "invalid_record"],
        [3, "invalid_record"],
      ],
    );
  });

  test("the stored verified flag is not trusted", () => {
    assert.deepEqual(
      legacyRecordProblem({ frontend: "code", compiled: "a", output_hash: `sha256:${"0".repeat(64)}`, verified: true })?.kind,
      "output_hash_mismatch",
    );
  });
});
