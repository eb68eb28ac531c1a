/**
 * A writer killed inside its append leaves the last line without its newline. That line was never
 * acknowledged (a seal returns after its whole line is on disk), so `repair` drops it and says
 * what it dropped; until then sealing is refused with an error that names the repair.
 */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { CompileLock, verifyLockText } from "../src/index.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { sampleIr, withTempDir } from "./helpers.js";

/** Seals four records, then cuts the file inside the fourth line, as a write cut off by kill -9 leaves it. */
async function tornLock(lockPath: string): Promise<{ whole: string; cutAt: number; fourth: string }> {
  const lock = new CompileLock({ path: lockPath });
  for (let n = 0; n < 4; n++) await lock.seal(sampleIr(n), "code", { compiled: `start(task_${n})` });
  const whole = readFileSync(lockPath, "utf8");
  const lines = whole.split("\n");
  const fourth = lines[3] ?? "";
  const cutAt = Buffer.byteLength(`${lines.slice(0, 3).join("\n")}\n`) + Math.floor(fourth.length / 2);
  truncateSync(lockPath, cutAt);
  return { whole, cutAt, fourth };
}

describe("a torn last line", () => {
  test("sealing refuses with lock_violation naming silpc lock repair and the line, and appends nothing", async () => {
    await withTempDir(async ({ lockPath }) => {
      const { cutAt } = await tornLock(lockPath);
      const error = await silpRejectionOf(new CompileLock({ path: lockPath }).seal(sampleIr(9), "code", { compiled: "start(task_9)" }));
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /line 4/);
      // The command is the contract: a person reads it and runs it.
      assert.ok(error.message.includes(`silpc lock repair --lock ${lockPath}`), error.message);
      assert.equal(readFileSync(lockPath).length, cutAt);
    });
  });

  test("repair drops exactly the unterminated line, reports it, and sealing goes on at the next seq", async () => {
    await withTempDir(async ({ lockPath }) => {
      const { whole, cutAt, fourth } = await tornLock(lockPath);
      const lock = new CompileLock({ path: lockPath });
      const repaired = await lock.repair();
      const kept = whole.split("\n").slice(0, 3).join("\n").concat("\n");
      assert.deepEqual(repaired.dropped, { line: 4, bytes: cutAt - Buffer.byteLength(kept), text: fourth.slice(0, Math.floor(fourth.length / 2)) });
      assert.equal(readFileSync(lockPath, "utf8"), kept);
      assert.equal(repaired.report.ok, true);
      assert.equal(repaired.report.records, 3);
      const next = await lock.seal(sampleIr(9), "code", { compiled: "start(task_9)" });
      assert.equal(next.record.seq, 3);
      assert.equal(verifyLockText(readFileSync(lockPath, "utf8")).records, 4);
    });
  });

  test("repair of a whole file changes nothing; repair leaves other damage to verify", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      for (let n = 0; n < 2; n++) await lock.seal(sampleIr(n), "code", { compiled: `start(task_${n})` });
      const before = readFileSync(lockPath, "utf8");
      const clean = await lock.repair();
      assert.equal(clean.dropped, undefined);
      assert.equal(readFileSync(lockPath, "utf8"), before);
      writeFileSync(lockPath, `${before.replace("start(task_0)", "start(task_X)")}{"kind":`);
      const damaged = await lock.repair();
      assert.equal(damaged.dropped?.text, '{"kind":');
      assert.equal(damaged.report.ok, false);
      assert.deepEqual([...new Set(damaged.report.problems.map((p) => p.kind))].sort(), ["output_hash_mismatch", "record_hash_mismatch"]);
    });
  });
});
