/**
 * The compile lock must never write, read or lock through a symbolic link
 * (a symlinked `.silp/compile.lock` or `.silp/` would redirect seals anywhere), and one file must
 * never be reachable under two lock paths (with a lock keyed by path, a second path took a second lock and
 * forks the chain). Real symlinks and hard links in a temporary directory.
 */
import { CLI_BIN } from "@silp/testkit/paths.js";
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { constants, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CompileLock, verifyLockText } from "../src/index.js";
import { openNoFollow } from "../src/file.js";
import { silpErrorOf, silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { sampleIr, withTempDir } from "./helpers.js";

// Test double for the core compile: deterministic text derived from the entity value.
const compile = (ir: { entities: Array<{ value: string }> }) => `start(${ir.entities[0]?.value ?? ""})`;
const lockAt = (path: string) => new CompileLock({ path, compile, waitMs: 2_000 });

describe("the compile lock refuses symbolic links", () => {
  test("a symlinked lock file: seal is lock_violation and the target is untouched", async () => {
    await withTempDir(async ({ dir }) => {
      mkdirSync(join(dir, ".silp"));
      const victim = join(dir, "victim.txt");
      writeFileSync(victim, "precious\n");
      symlinkSync(victim, join(dir, ".silp", "compile.lock"));
      const error = await silpRejectionOf(lockAt(join(dir, ".silp", "compile.lock")).seal(sampleIr(1)));
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /symbolic link/);
      assert.equal(readFileSync(victim, "utf8"), "precious\n");
      assert.deepEqual(readdirSync(join(dir, ".silp")), ["compile.lock"], "no lock directory was created next to it");
    });
  });

  test("a dangling symlink as lock file: seal does not create its target", async () => {
    await withTempDir(async ({ dir }) => {
      mkdirSync(join(dir, ".silp"));
      const target = join(dir, "elsewhere.lock");
      symlinkSync(target, join(dir, ".silp", "compile.lock"));
      const error = await silpRejectionOf(lockAt(join(dir, ".silp", "compile.lock")).seal(sampleIr(1)));
      assert.equal(error.code, "lock_violation");
      assert.equal(existsSync(target), false);
    });
  });

  test("a symlinked .silp directory: seal is lock_violation and nothing is written where it points", async () => {
    await withTempDir(async ({ dir }) => {
      const outside = join(dir, "outside");
      mkdirSync(outside);
      symlinkSync(outside, join(dir, ".silp"), "dir");
      const error = await silpRejectionOf(lockAt(join(dir, ".silp", "compile.lock")).seal(sampleIr(1)));
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /symbolic link/);
      assert.deepEqual(readdirSync(outside), []);
    });
  });

  test("readers refuse a symlinked lock file too", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      await lockAt(lockPath).seal(sampleIr(1));
      const alias = join(dir, "alias.lock");
      symlinkSync(lockPath, alias);
      assert.equal((await silpRejectionOf(lockAt(alias).verify())).code, "lock_violation");
      assert.equal((await silpRejectionOf(lockAt(alias).inspect())).code, "lock_violation");
    });
  });

  test("a hard link is a second path to one file: refused", async () => {
    await withTempDir(async ({ dir, lockPath }) => {
      await lockAt(lockPath).seal(sampleIr(1));
      const alias = join(dir, "hard.lock");
      linkSync(lockPath, alias);
      const error = await silpRejectionOf(lockAt(alias).seal(sampleIr(2)));
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /hard link/);
      assert.equal(verifyLockText(readFileSync(lockPath, "utf8")).records, 1);
    });
  });

  test("the writer's open itself does not follow a symlink (O_NOFOLLOW), even one swapped in after the checks", async () => {
    await withTempDir(async ({ dir }) => {
      const victim = join(dir, "victim.txt");
      writeFileSync(victim, "precious\n");
      const link = join(dir, "link.lock");
      symlinkSync(victim, link);
      const error = silpErrorOf(() => openNoFollow(link, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT));
      assert.equal(error.code, "lock_violation");
      assert.equal(readFileSync(victim, "utf8"), "precious\n");
    });
  });

  test("aliases through a symlinked ancestor directory share one lock and one chain", async () => {
    await withTempDir(async ({ dir }) => {
      mkdirSync(join(dir, "real", "store"), { recursive: true });
      symlinkSync(join(dir, "real"), join(dir, "alias"), "dir");
      const viaReal = lockAt(join(dir, "real", "store", "compile.lock"));
      const viaAlias = lockAt(join(dir, "alias", "store", "compile.lock"));
      const results = await Promise.all([viaReal.seal(sampleIr(1)), viaAlias.seal(sampleIr(2)), viaReal.seal(sampleIr(3)), viaAlias.seal(sampleIr(1))]);
      assert.deepEqual(results.map((result) => result.status).sort(), ["frozen", "sealed", "sealed", "sealed"]);
      const report = verifyLockText(readFileSync(join(dir, "real", "store", "compile.lock"), "utf8"));
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 3);
    });
  });

  test("silpc lock seal with a symlinked .silp/compile.lock exits 1 with lock_violation", async () => {
    await withTempDir(async ({ dir }) => {
      mkdirSync(join(dir, ".silp"));
      const victim = join(dir, "victim.txt");
      writeFileSync(victim, ""); // empty: a valid (empty) chain, so only the link check can stop the write
      symlinkSync(victim, join(dir, ".silp", "compile.lock"));
      const irPath = join(dir, "ir.json");
      writeFileSync(irPath, JSON.stringify(sampleIr(1)));
      // Run in `dir`, so the default lock path .silp/compile.lock is the symlink.
      const run = spawnSync(process.execPath, [CLI_BIN, "lock", "seal", irPath, "--json"], {
        cwd: dir,
        encoding: "utf8",
      });
      assert.equal(run.status, 1, run.stderr);
      assert.equal((JSON.parse(run.stdout) as { error: { code: string } }).error.code, "lock_violation");
      assert.equal(readFileSync(victim, "utf8"), "");
    });
  });
});
