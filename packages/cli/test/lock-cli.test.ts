/** `silpc lock ...` run as real processes: 13 spawns, each about a second of tsx start-up (slowest lock suite). */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "@silp/testkit/corpus.js";
import { repoRoot, sampleIr, withTempDir } from "@silp/testkit/lock-fixtures.js";

import { CLI_BIN as CLI } from "@silp/testkit/paths.js";
import { inputSize } from "@silp/testkit/property.js";

/** A million lines (a tenth in a quick run) of a lock file: the report's cap, not the size, is asserted. */
const BAD_LINES = inputSize(1_000_000);

function silpc(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd: repoRoot, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("silpc lock", () => {
  test("seal, freeze, refuse, unlock, show and verify, with exit codes", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      const irPath = join(dir, "ir.json");
      writeFileSync(irPath, JSON.stringify(sampleIr(1)));
      writeFileSync(join(dir, "a.txt"), "start(task_1)\n");
      writeFileSync(join(dir, "b.txt"), "start(other)");

      const sealed = silpc(["lock", "seal", irPath, "--compiled", join(dir, "a.txt"), "--lock", lockPath]);
      assert.equal(sealed.code, 0, sealed.stderr);
      assert.equal(sealed.stdout, "start(task_1)\n", "one trailing newline of the file is not sealed");
      assert.match(sealed.stderr, /sealed as seq 0/);

      const frozen = silpc(["lock", "seal", irPath, "--compiled", join(dir, "a.txt"), "--lock", lockPath, "--json"]);
      assert.equal(frozen.code, 0, frozen.stderr);
      const frozenJson = JSON.parse(frozen.stdout) as { status: string; compiled: string; record: { seq: number } };
      assert.deepEqual([frozenJson.status, frozenJson.compiled, frozenJson.record.seq], ["frozen", "start(task_1)", 0]);

      const refused = silpc(["lock", "seal", irPath, "--compiled", join(dir, "b.txt"), "--lock", lockPath, "--json"]);
      assert.equal(refused.code, 1);
      assert.equal((JSON.parse(refused.stdout) as { error: { code: string } }).error.code, "lock_violation");

      const unlocked = silpc(["lock", "unlock", irPath, "--reason", "new compiler", "--lock", lockPath]);
      assert.equal(unlocked.code, 0, unlocked.stderr);
      assert.match(unlocked.stdout, /unlocked as seq 1/);

      const shown = silpc(["lock", "show", "--lock", lockPath]);
      assert.equal(shown.code, 0, shown.stderr);
      assert.match(
        shown.stdout,
        /line 1 +seq 0 +seal[\s\S]*start\(task_1\)[\s\S]*line 2 +seq 1 +unlock[\s\S]*reason: new compiler[\s\S]*2 record\(s\), head sha256:/,
      );

      const verified = silpc(["lock", "verify", "--lock", lockPath, "--json"]);
      assert.equal(verified.code, 0, verified.stderr);
      const report = JSON.parse(verified.stdout) as { ok: boolean; records: number; head: string };
      assert.deepEqual([report.ok, report.records], [true, 2]);

      // Tamper: change the first record's compiled text and cut the last line; the anchored head is gone with it.
      const text = readFileSync(lockPath, "utf8").replace("start(task_1)", "start(task_X)");
      writeFileSync(lockPath, text.slice(0, -10));
      const tampered = silpc(["lock", "verify", "--lock", lockPath, "--anchor", report.head]);
      assert.equal(tampered.code, 1);
      assert.match(
        tampered.stdout,
        /^line 1: output_hash_mismatch: .*\nline 1: record_hash_mismatch: .*\nline 2: truncated: .*\nanchor_missing: .*\n4 problem\(s\) in /,
      );
    });
  });

  test("legacy verification of the study corpus lock", () => {
    const run = silpc(["lock", "verify", "--legacy", "--lock", join(corpusDir(), "phase2", "compile.lock.jsonl")]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ok: 135 record\(s\)/);
  });

  test("seal compiles with the core when no text is given", async () => {
    await withTempDir(async ({ lockPath }) => {
      const run = silpc(["lock", "seal", join(corpusDir(), "cases", "case2_negation.json"), "--lock", lockPath]);
      assert.equal(run.code, 0, run.stderr);
      // The case's meta (priority 1, confidence 0.9) travels with the payload by default (docs/ir.md).
      assert.equal(run.stdout, "if !rain(t+1): start(hike) else: start(cards@indoor) #{p1 c.9}\n");
    });
  });

  test("usage errors exit 2, invalid input exits 1", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      assert.equal(silpc(["lock", "verify", "--lock", join(dir, "missing.lock")]).code, 2);
      const irPath = join(dir, "ir.json");
      writeFileSync(irPath, JSON.stringify(sampleIr(1)));
      assert.equal(silpc(["lock", "seal", irPath, "--whitelist", "sometimes", "--lock", lockPath]).code, 2);
      writeFileSync(join(dir, "bad.json"), "{ not json");
      const bad = silpc(["lock", "seal", join(dir, "bad.json"), "--lock", lockPath]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /invalid_syntax/);
      writeFileSync(join(dir, "invalid.json"), JSON.stringify({ intent: "!FROB", meta: { req_id: "0000abcd" } }));
      const invalid = silpc(["lock", "seal", join(dir, "invalid.json"), "--lock", lockPath, "--json"]);
      assert.equal(invalid.code, 1);
      assert.equal((JSON.parse(invalid.stdout) as { error: { code: string } }).error.code, "invalid_ir");
    });
  });

  test(`verify of a lock with ${BAD_LINES} bad lines lists 1000 problems and counts the rest`, async () => {
    await withTempDir(async ({ dir }) => {
      const lockPath = join(dir, "compile.lock");
      writeFileSync(lockPath, "x\n".repeat(BAD_LINES));
      const text = silpc(["lock", "verify", "--lock", lockPath]);
      assert.equal(text.code, 1, text.stderr);
      const out = text.stdout.trimEnd().split("\n");
      assert.equal(out.length, 1002, "1000 problems, the count of the others, the total");
      assert.match(out[0] ?? "", /^line 1: not_json: /);
      assert.match(out[999] ?? "", /^line 1000: not_json: /);
      assert.equal(out[1000], `... and ${BAD_LINES - 1000} more problem(s), not listed (the first 1000 are)`);
      assert.equal(out[1001], `${BAD_LINES} problem(s) in ${lockPath}`);
      const json = silpc(["lock", "verify", "--lock", lockPath, "--json"]);
      const report = JSON.parse(json.stdout) as { ok: boolean; problems: unknown[]; problemsDropped: number };
      assert.deepEqual([report.ok, report.problems.length, report.problemsDropped], [false, 1000, BAD_LINES - 1000]);
      assert.ok(json.stdout.length < 200_000, `${json.stdout.length} bytes of JSON`);
    });
  });

  test("a torn last line: seal names silpc lock repair, repair drops the line and says so, sealing goes on", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      const irPath = join(dir, "ir.json");
      for (let n = 0; n < 3; n++) {
        writeFileSync(irPath, JSON.stringify(sampleIr(n)));
        writeFileSync(join(dir, "out.txt"), `start(task_${n})`);
        assert.equal(silpc(["lock", "seal", irPath, "--compiled", join(dir, "out.txt"), "--lock", lockPath]).code, 0);
      }
      // Cut the file inside its third line, as kill -9 during the append leaves it.
      const whole = readFileSync(lockPath, "utf8");
      const third = whole.split("\n")[2] ?? "";
      const cut = whole.length - 1 - Math.floor(third.length / 2);
      writeFileSync(lockPath, whole.slice(0, cut));
      writeFileSync(irPath, JSON.stringify(sampleIr(7)));
      const refused = silpc(["lock", "seal", irPath, "--compiled", join(dir, "out.txt"), "--lock", lockPath]);
      assert.equal(refused.code, 1);
      assert.ok(refused.stderr.includes(`silpc lock repair --lock ${lockPath}`), refused.stderr);
      const repaired = silpc(["lock", "repair", "--lock", lockPath]);
      assert.equal(repaired.code, 0, repaired.stderr);
      const lines = repaired.stdout.trimEnd().split("\n");
      const tornBytes = Buffer.byteLength(whole.slice(0, cut)) - Buffer.byteLength(`${whole.split("\n").slice(0, 2).join("\n")}\n`);
      assert.ok((lines[0] ?? "").startsWith(`dropped line 3 (${tornBytes} bytes without a newline, never acknowledged): {`), lines[0]);
      assert.match(lines.at(-1) ?? "", /^ok: 2 record\(s\)/);
      const again = silpc(["lock", "repair", "--lock", lockPath, "--json"]);
      assert.deepEqual((JSON.parse(again.stdout) as { dropped: unknown }).dropped, null);
      const sealed = silpc(["lock", "seal", irPath, "--compiled", join(dir, "out.txt"), "--lock", lockPath]);
      assert.equal(sealed.code, 0, sealed.stderr);
      assert.match(sealed.stderr, /sealed as seq 2/);
    });
  });
});
