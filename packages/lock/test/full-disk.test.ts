/**
 * A seal on a full disk: a typed lock_violation that names the system's code (ENOSPC) and carries
 * no stack, and no torn line left behind, so the next seal works without `silpc lock repair`
 * once there is room again (src/file.ts, the append's catch).
 *
 * On a real 64 KiB tmpfs where this process may mount one (root, or a user namespace); skipped
 * with a line otherwise. The CLI run is the same disk seen through `silpc lock seal`.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompileLock, verifyLockText } from "../src/index.js";
import { CLI_BIN } from "@silp/testkit/paths.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { sampleIr } from "./helpers.js";

/** Mounts a tmpfs of `size` at a fresh directory; undefined (and why) when this process may not. */
function smallDisk(size: string): { dir: string; unmount(): void } | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), "silp-full-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { encoding: "utf8" });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `cannot mount a tmpfs here (${(mounted.stderr || mounted.error?.message || "").trim()})` };
  }
  return {
    dir,
    unmount() {
      spawnSync("umount", [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = smallDisk("64k");
if ("why" in disk) console.log(`full-disk.test.ts: skipped: ${disk.why}`);

describe.skipIf("why" in disk)("a seal on a full disk (a 64 KiB tmpfs)", () => {
  test("lock_violation naming ENOSPC, no stack; no torn line; with room again the next seal goes on", async () => {
    const { dir, unmount } = disk as { dir: string; unmount(): void };
    try {
      const lockPath = join(dir, ".silp", "compile.lock");
      mkdirSync(join(dir, ".silp"));
      // Room that can be given back later.
      writeFileSync(join(dir, "filler"), Buffer.alloc(16 * 1024));
      const lock = new CompileLock({ path: lockPath });
      let sealed = 0;
      let refusal: Awaited<ReturnType<typeof silpRejectionOf>> | undefined;
      for (let n = 0; n < 10_000 && refusal === undefined; n++) {
        try {
          await lock.seal(sampleIr(n), "code", { compiled: `start(task_${n}) ${"x".repeat(200)}` });
          sealed++;
        } catch (error) {
          refusal = await silpRejectionOf(Promise.reject(error));
        }
      }
      assert.ok(refusal, "the disk filled up");
      assert.equal(refusal.code, "lock_violation");
      assert.match(refusal.message, /ENOSPC: no space left on the device/);
      assert.doesNotMatch(refusal.message, /\n\s+at /);
      const text = readFileSync(lockPath, "utf8");
      assert.ok(text.endsWith("\n"), "no torn last line");
      assert.equal(verifyLockText(text).records, sealed);

      // The CLI on the same full disk: the code, no stack.
      const irPath = join(tmpdir(), `silp-full-disk-ir-${process.pid}.json`);
      writeFileSync(irPath, JSON.stringify(sampleIr(99_999)));
      try {
        const cli = spawnSync(process.execPath, [CLI_BIN, "lock", "seal", irPath, "--lock", lockPath], { encoding: "utf8" });
        assert.notEqual(cli.status, 0);
        assert.match(cli.stderr, /lock_violation/);
        assert.match(cli.stderr, /ENOSPC/);
        assert.doesNotMatch(cli.stderr, /^\s+at /m);
        assert.doesNotMatch(cli.stderr, /internal error/);
      } finally {
        rmSync(irPath, { force: true });
      }
      assert.equal(verifyLockText(readFileSync(lockPath, "utf8")).records, sealed);

      rmSync(join(dir, "filler"));
      const next = await lock.seal(sampleIr(100_000), "code", { compiled: "start(next)" });
      assert.equal(next.record.seq, sealed);
    } finally {
      unmount();
    }
  }, 60_000);
});
