/**
 * A writer that holds the lock and stops running (SIGSTOP, or an event loop blocked by a long
 * verify) must never be taken over by a second writer: otherwise both link to the same tail and
 * both report "sealed" with one seq, a fork that every later seal refuses. A real child process
 * is paused inside the lock while it verifies a file; another writer seals meanwhile. The test
 * watches the lock itself (a shared try-lock of its own fails while the child holds it), pauses
 * the child the moment it holds it, and checks it still does: the premise is asserted, not timed.
 */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { tryLock } from "fs-native-extensions";
import { CompileLock, verifyLockText } from "../src/index.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { chainText, repoRoot, sampleIr, withTempDir } from "./helpers.js";

const WRITER = fileURLToPath(new URL("./fixtures/paused-writer.ts", import.meta.url));

/** Records in the file: verifying them keeps the child inside the lock for a tenth of a second or more. */
const RECORDS = 5000;
/**
 * The staleness after which a lock refreshed by a timer (proper-lockfile, which the lock once used)
 * would be presumed dead; the pause lasts beyond it, so such a takeover would show here.
 */
const STALE_MS = 2000;
const PAUSE_MS = STALE_MS + 500;
/** The file each test starts from, built once: hashing the records takes a while. */
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

/** Whether another process holds the lock on `path`: a shared lock of this process's own is refused then. */
function heldElsewhere(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    return !tryLock(fd, { shared: true });
  } finally {
    closeSync(fd); // releases the shared lock when it was taken
  }
}

/** Waits until the writer holds the lock, then pauses it there (and checks it still holds it). */
async function pauseInsideLock(lockPath: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 30_000;
  while (!heldElsewhere(lockPath)) {
    if (Date.now() > until) throw new Error("the writer never took the lock");
    await sleep(1);
  }
  child.kill("SIGSTOP");
  assert.ok(heldElsewhere(lockPath), "the writer was paused after it had already left the lock");
}

describe("a writer paused inside the lock", () => {
  test("is never taken over: both seals land with distinct seqs and the chain stays whole", async () => {
    await withTempDir(async ({ dir }) => {
      const lockPath = `${dir}/compile.lock`;
      writeFileSync(lockPath, startingChain());
      const paused = startWriter(lockPath, RECORDS, 30_000);
      await paused.sealing;
      await pauseInsideLock(lockPath, paused.child);
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
      await pauseInsideLock(lockPath, paused.child);
      try {
        const refused = await silpRejectionOf(
          new CompileLock({ path: lockPath, staleMs: STALE_MS, waitMs: 1000 }).seal(sampleIr(RECORDS + 1), "code", { compiled: "x" }),
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
      await pauseInsideLock(lockPath, paused.child);
      paused.child.kill("SIGKILL");
      await paused.done.catch(() => undefined);
      // With staleMs 60 s, only the operating system releasing the dead holder's lock lets this through in time.
      const second = await new CompileLock({ path: lockPath, staleMs: 60_000, waitMs: 5000 }).seal(sampleIr(RECORDS + 1), "code", { compiled: "x" });
      assert.equal(second.record.seq, RECORDS);
    });
  });
});
