/**
 * A writer that holds the lock and stops running (SIGSTOP, or an event loop blocked by a long
 * verify) must never be taken over by a second writer: otherwise both link to the same tail and
 * both report "sealed" with one seq, a fork that every later seal refuses. A real child process
 * is paused inside the lock while it verifies a large file; another writer seals meanwhile.
 */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { CompileLock, verifyLockText } from "../src/index.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { chainText, repoRoot, sampleIr, withTempDir } from "./helpers.js";

const WRITER = fileURLToPath(new URL("./fixtures/paused-writer.ts", import.meta.url));

/** Records in the file: verifying them takes the child about a second, long enough to pause it inside the lock. */
const RECORDS = 40_000;
/** proper-lockfile's smallest staleness; the pause below lasts well beyond it. */
const STALE_MS = 2000;
const PAUSE_MS = STALE_MS + 1500;
/** The file each test starts from, built once: hashing 40k records takes seconds. */
let chain: string | undefined;
const startingChain = (): string => (chain ??= chainText(RECORDS));

interface WriterResult {
  status?: string;
  seq?: number;
  error?: string;
}

/** Starts the writer; `sealing` resolves when it is about to seal, `done` with its result. */
function startWriter(lockPath: string, n: number, waitMs: number): { child: ChildProcess; sealing: Promise<void>; done: Promise<WriterResult> } {
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, lockPath, String(n), String(STALE_MS), String(waitMs)], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let signalSealing: () => void = () => undefined;
  const sealing = new Promise<void>((resolve) => (signalSealing = resolve));
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes("sealing\n")) signalSealing();
  });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<WriterResult>((resolve, reject) => {
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`writer exited ${code ?? signal}: ${stderr}`));
      resolve(JSON.parse(stdout.trimEnd().split("\n").at(-1) ?? "") as WriterResult);
    });
  });
  return { child, sealing, done };
}

describe("a writer paused inside the lock", () => {
  test("is never taken over: both seals land with distinct seqs and the chain stays whole", async () => {
    await withTempDir(async ({ dir }) => {
      const lockPath = `${dir}/compile.lock`;
      writeFileSync(lockPath, startingChain());
      const paused = startWriter(lockPath, RECORDS, 30_000);
      await paused.sealing;
      // The child now reads and verifies 40k records (about a second) while holding the lock.
      await sleep(250);
      paused.child.kill("SIGSTOP");
      const resume = sleep(PAUSE_MS).then(() => paused.child.kill("SIGCONT"));
      const second = await new CompileLock({ path: lockPath, staleMs: STALE_MS, waitMs: 30_000 }).seal(sampleIr(RECORDS + 1), "code", {
        compiled: `start(task_${RECORDS + 1})`,
      });
      await resume;
      const first = await paused.done;
      assert.equal(first.status, "sealed", JSON.stringify(first));
      assert.equal(second.status, "sealed");
      assert.notEqual(first.seq, second.record.seq, `both writers acknowledged seq ${second.record.seq}`);
      assert.deepEqual([first.seq, second.record.seq].sort(), [RECORDS, RECORDS + 1]);
      const report = verifyLockText(readFileSync(lockPath, "utf8"));
      assert.deepEqual(
        report.problems.map((p) => p.kind),
        [],
      );
      assert.equal(report.records, RECORDS + 2);
    });
  });

  test("a writer that cannot get the lock within waitMs is refused with lock_violation and writes nothing", async () => {
    await withTempDir(async ({ dir }) => {
      const lockPath = `${dir}/compile.lock`;
      writeFileSync(lockPath, startingChain());
      const paused = startWriter(lockPath, RECORDS, 30_000);
      await paused.sealing;
      await sleep(250);
      paused.child.kill("SIGSTOP");
      try {
        const refused = await silpRejectionOf(
          new CompileLock({ path: lockPath, staleMs: STALE_MS, waitMs: STALE_MS + 1000 }).seal(sampleIr(RECORDS + 1), "code", { compiled: "x" }),
        );
        assert.equal(refused.code, "lock_violation");
      } finally {
        paused.child.kill("SIGCONT");
      }
      assert.deepEqual(await paused.done, { status: "sealed", seq: RECORDS });
      assert.equal(verifyLockText(readFileSync(lockPath, "utf8")).records, RECORDS + 1);
    });
  });

  test("kill -9 of the holder frees the lock at once, long before staleMs", async () => {
    await withTempDir(async ({ dir }) => {
      const lockPath = `${dir}/compile.lock`;
      writeFileSync(lockPath, startingChain());
      const paused = startWriter(lockPath, RECORDS, 30_000);
      await paused.sealing;
      await sleep(250);
      paused.child.kill("SIGSTOP");
      paused.child.kill("SIGKILL");
      await paused.done.catch(() => undefined);
      // With staleMs 60 s, only the operating system releasing the dead holder's lock lets this through in time.
      const second = await new CompileLock({ path: lockPath, staleMs: 60_000, waitMs: 5000 }).seal(sampleIr(RECORDS + 1), "code", { compiled: "x" });
      assert.equal(second.record.seq, RECORDS);
    });
  });
});
