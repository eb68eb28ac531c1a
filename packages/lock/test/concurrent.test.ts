/**
 * Concurrent sealing with real processes: several `node --import tsx` children seal into one
 * lock file at the same moment. Spawning the children takes a few seconds; no timing is asserted.
 */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyLockText, type SealRecord } from "../src/index.js";
import { repoRoot, withTempDir } from "./helpers.js";

const WORKER = fileURLToPath(new URL("./fixtures/seal-worker.ts", import.meta.url));

interface WorkerSummary {
  worker: number;
  statuses: string[];
  /** The code of the SilpError that stopped the worker, if one did. */
  error?: string;
}

/**
 * Starts `workers` children, releases them together once all are ready, and collects their
 * summaries. With a list of lock paths, worker i uses path i (aliases of one file).
 */
async function runWorkers(lockPath: string | string[], goPath: string, workers: number, count: number, mode: string): Promise<WorkerSummary[]> {
  let ready = 0;
  let releaseAll: () => void = () => undefined;
  const allReady = new Promise<void>((resolve) => (releaseAll = resolve));
  const runs = Array.from(
    { length: workers },
    (_, worker) =>
      new Promise<WorkerSummary>((resolve, reject) => {
        const path = Array.isArray(lockPath) ? (lockPath[worker] ?? "") : lockPath;
        const child = spawn(process.execPath, ["--import", "tsx", WORKER, path, goPath, String(worker), String(count), mode], {
          cwd: repoRoot,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => {
          const before = stdout;
          stdout += chunk.toString();
          if (!before.includes("ready\n") && stdout.includes("ready\n") && ++ready === workers) releaseAll();
        });
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => {
          if (code !== 0) return reject(new Error(`worker ${worker} exited ${code}: ${stderr}`));
          const last = stdout.trimEnd().split("\n").at(-1) ?? "";
          resolve(JSON.parse(last) as WorkerSummary);
        });
      }),
  );
  await Promise.race([allReady, Promise.all(runs)]);
  writeFileSync(goPath, "go");
  return Promise.all(runs);
}

describe("concurrent sealing (real processes; a few seconds)", () => {
  test("4 processes x 25 distinct IRs: 100 records, none lost, chain valid", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      const summaries = await runWorkers(lockPath, join(dir, "go"), 4, 25, "distinct");
      assert.equal(summaries.length, 4);
      for (const summary of summaries) assert.deepEqual(summary.statuses, Array(25).fill("sealed"));
      const text = readFileSync(lockPath, "utf8");
      const report = verifyLockText(text);
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 100);
      const records = text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as SealRecord);
      assert.deepEqual(
        records.map((r) => r.seq),
        Array.from({ length: 100 }, (_, i) => i),
      );
      const sealed = new Set(records.map((r) => r.compiled));
      for (let worker = 0; worker < 4; worker++) {
        for (let i = 0; i < 25; i++) assert.ok(sealed.has(`start(task_${worker * 1000 + i})`), `worker ${worker} IR ${i} lost`);
      }
    });
  });

  test("3 processes sealing the same 25 IRs: each is sealed exactly once, the rest get it frozen", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      const summaries = await runWorkers(lockPath, join(dir, "go"), 3, 25, "shared");
      const text = readFileSync(lockPath, "utf8");
      const report = verifyLockText(text);
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 25);
      const statuses = summaries.flatMap((s) => s.statuses);
      assert.equal(statuses.filter((s) => s === "sealed").length, 25);
      assert.equal(statuses.filter((s) => s === "frozen").length, 50);
    });
  });

  test("2 processes through a symlinked lock file and its target: the alias is refused, the chain never forks", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      mkdirSync(join(dir, "nested"));
      writeFileSync(lockPath, "");
      const alias = join(dir, "nested", "alias.lock");
      symlinkSync(lockPath, alias);
      const summaries = await runWorkers([lockPath, alias], join(dir, "go"), 2, 25, "distinct");
      assert.deepEqual(summaries[0]?.statuses, Array(25).fill("sealed"));
      assert.equal(summaries[0]?.error, undefined);
      assert.deepEqual(summaries[1]?.statuses, [], "nothing is sealed through the alias");
      assert.equal(summaries[1]?.error, "lock_violation");
      const report = verifyLockText(readFileSync(lockPath, "utf8"));
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 25);
    });
  });

  test("2 processes through two directory aliases of one lock: one lock, one chain, all 50 sealed", async () => {
    await withTempDir(async ({ dir }) => {
      mkdirSync(join(dir, "real", "store"), { recursive: true });
      symlinkSync(join(dir, "real"), join(dir, "alias"), "dir");
      const paths = [join(dir, "real", "store", "compile.lock"), join(dir, "alias", "store", "compile.lock")];
      const summaries = await runWorkers(paths, join(dir, "go"), 2, 25, "distinct");
      for (const summary of summaries) assert.deepEqual(summary.statuses, Array(25).fill("sealed"));
      const report = verifyLockText(readFileSync(paths[0] ?? "", "utf8"));
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 50);
    });
  });
});
