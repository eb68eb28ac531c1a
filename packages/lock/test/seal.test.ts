import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { CompileLock, hashIr, LIBRARY_VERSION, type SealRecord } from "../src/index.js";
import { normalize } from "silp";
import { SilpError } from "silp";
import { repoRoot, sampleIr, withTempDir } from "./helpers.js";

const packageVersion = (JSON.parse(readFileSync(`${repoRoot}/package.json`, "utf8")) as { version: string }).version;

function hex(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

describe("sealing", () => {
  test("a seal record binds frontend, compiled text, IR hash, output hash, time and versions", async () => {
    await withTempDir(async ({ lockPath }) => {
      const at = new Date("2026-07-11T09:25:38.109Z");
      const lock = new CompileLock({ path: lockPath, now: () => at });
      const ir = sampleIr(1);
      const result = await lock.seal(ir, "code", { compiled: "start(task_1)" });
      assert.equal(result.status, "sealed");
      assert.equal(result.compiled, "start(task_1)");
      const lines = readFileSync(lockPath, "utf8").split("\n");
      assert.equal(lines.length, 2, "one record and the final newline");
      const record = JSON.parse(lines[0] ?? "") as SealRecord;
      assert.deepEqual(record, result.record);
      assert.equal(record.kind, "seal");
      assert.equal(record.seq, 0);
      assert.equal(record.prev, null);
      assert.equal(record.frontend, "code");
      assert.equal(record.output_hash, hex("start(task_1)"));
      // The IR hash is SHA-256 over the RFC 8785 form of the normal form, req_id included.
      assert.equal(record.ir_hash, hex(canonicalize(normalize(ir)) ?? ""));
      assert.deepEqual(record.ir, normalize(ir));
      assert.equal(record.timestamp, "2026-07-11T09:25:38.109Z");
      assert.equal(record.silp, "v1");
      assert.equal(record.library_version, packageVersion);
      assert.equal(LIBRARY_VERSION, packageVersion);
      const { hash, ...body } = record;
      assert.equal(hash, hex(canonicalize(body) ?? ""));
    });
  });

  test("records chain: each prev is the previous record's hash and seq counts up", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      const records: SealRecord[] = [];
      for (let n = 0; n < 3; n++) records.push((await lock.seal(sampleIr(n), "json", { compiled: `out ${n}` })).record);
      assert.deepEqual(
        records.map((r) => r.seq),
        [0, 1, 2],
      );
      assert.deepEqual(
        records.map((r) => r.prev),
        [null, records[0]?.hash, records[1]?.hash],
      );
      const report = await lock.verify();
      assert.equal(report.ok, true);
      assert.equal(report.records, 3);
      assert.equal(report.head, records[2]?.hash);
    });
  });

  test("the IR is bound in normal form: spelled-out defaults and omitted ones hash alike", () => {
    const short = sampleIr(7);
    const spelled = {
      silp: "v1",
      version: "ir-v0.1",
      ...short,
      alternatives: [],
      meta: { req_id: "0000abcd", priority: 0, confidence: 1, seq: [], out: "natural" },
    };
    assert.equal(hashIr(short), hashIr(spelled));
    // Key order is not part of the identity (JCS sorts keys).
    assert.equal(hashIr({ meta: { req_id: "0000abcd" }, entities: short.entities, constraints: short.constraints, intent: "!START" }), hashIr(short));
  });

  test("the reference implementation's nulls in optional fields read as absent", () => {
    const withNulls = { ...sampleIr(7), meta: { req_id: "0000abcd", session_id: null, next_agent: null } };
    assert.equal(hashIr(withNulls), hashIr(sampleIr(7)));
  });

  test("hashIr rejects an invalid IR", () => {
    assert.throws(() => hashIr({ intent: "!START" }), { code: "invalid_ir" });
  });

  test("meta.req_id is part of the bound identity", () => {
    assert.notEqual(hashIr(sampleIr(1, "0000abcd")), hashIr(sampleIr(1, "0000abce")));
  });
});

describe("first-pass freezing", () => {
  test("sealing a locked (IR, frontend) returns the frozen output and writes nothing", async () => {
    await withTempDir(async ({ lockPath }) => {
      let compiles = 0;
      // Test double for the core compile: counts calls and returns a text that changes each time.
      const countingCompileDouble = () => `start(v${++compiles})`;
      const lock = new CompileLock({ path: lockPath, compile: countingCompileDouble });
      const first = await lock.seal(sampleIr(1), "code");
      const before = readFileSync(lockPath, "utf8");
      const second = await lock.seal(sampleIr(1), "code");
      assert.equal(first.compiled, "start(v1)");
      assert.equal(second.status, "frozen");
      assert.equal(second.compiled, "start(v1)", "the first output stays frozen");
      assert.deepEqual(second.record, first.record);
      assert.equal(compiles, 1, "a frozen key is not recompiled");
      assert.equal(readFileSync(lockPath, "utf8"), before);
      // Same text offered explicitly: also frozen, no error.
      assert.equal((await lock.seal(sampleIr(1), "code", { compiled: "start(v1)" })).status, "frozen");
    });
  });

  test("the key is (IR, frontend): another frontend or another req_id seals separately", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await lock.seal(sampleIr(1), "code", { compiled: "a" });
      assert.equal((await lock.seal(sampleIr(1), "json", { compiled: "b" })).status, "sealed");
      assert.equal((await lock.seal(sampleIr(1, "ffff0000"), "code", { compiled: "c" })).status, "sealed");
      assert.equal((await lock.verify()).records, 3);
    });
  });

  test("recording a different output for a locked key is refused with lock_violation", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await lock.seal(sampleIr(1), "code", { compiled: "start(a)" });
      const before = readFileSync(lockPath, "utf8");
      await assert.rejects(lock.seal(sampleIr(1), "code", { compiled: "start(b)" }), (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "lock_violation");
        assert.equal(error.details?.frozen, "start(a)");
        assert.equal(error.details?.offered, "start(b)");
        return true;
      });
      assert.equal(readFileSync(lockPath, "utf8"), before, "a refused seal writes nothing");
    });
  });

  test("an explicit unlock is appended, after which a different output can be sealed", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await lock.seal(sampleIr(1), "code", { compiled: "start(a)" });
      const unlock = await lock.unlock(sampleIr(1), "code", { reason: "compiler fix" });
      assert.equal(unlock.kind, "unlock");
      assert.equal(unlock.reason, "compiler fix");
      assert.equal(unlock.seq, 1);
      assert.equal(await lock.lookup(sampleIr(1), "code"), undefined);
      const resealed = await lock.seal(sampleIr(1), "code", { compiled: "start(b)" });
      assert.equal(resealed.status, "sealed");
      assert.equal(resealed.record.seq, 2);
      assert.equal((await lock.lookup(sampleIr(1), "code"))?.compiled, "start(b)");
      // History is kept: the first seal is still on line 1.
      const lines = readFileSync(lockPath, "utf8")
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as { kind: string; compiled?: string });
      assert.deepEqual(
        lines.map((l) => [l.kind, l.compiled]),
        [
          ["seal", "start(a)"],
          ["unlock", undefined],
          ["seal", "start(b)"],
        ],
      );
      assert.equal((await lock.verify()).ok, true);
    });
  });

  test("unlocking a key that is not locked is refused", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await assert.rejects(lock.unlock(sampleIr(1), "code"), { code: "lock_violation" });
      await lock.seal(sampleIr(1), "code", { compiled: "x" });
      await lock.unlock(sampleIr(1), "code");
      await assert.rejects(lock.unlock(sampleIr(1), "code"), { code: "lock_violation" });
    });
  });
});

describe("bad input", () => {
  test("an invalid IR is rejected with invalid_ir and nothing is written", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      for (const bad of [null, 42, "text", {}, { intent: "!START" }, { intent: "!FROB", meta: { req_id: "0000abcd" } }]) {
        await assert.rejects(lock.seal(bad, "code", { compiled: "x" }), { code: "invalid_ir" });
      }
      assert.equal(existsSync(lockPath), false);
    });
  });

  test("a malformed frontend name is rejected with unsupported_frontend", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      for (const name of ["", "a b", "x\n{}", "é", "a".repeat(65)]) {
        await assert.rejects(lock.seal(sampleIr(1), name, { compiled: "x" }), { code: "unsupported_frontend" });
      }
    });
  });

  test("a value JCS cannot represent (lone surrogate) is invalid_ir, not a crash", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      const ir = { ...sampleIr(1), entities: [{ id: "act", value: "a\uD800b" }] };
      await assert.rejects(lock.seal(ir, "code", { compiled: "x" }), { code: "invalid_ir" });
      assert.equal(existsSync(lockPath), false);
    });
  });

  test("sealing refuses to append to a lock file that fails verification", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await lock.seal(sampleIr(1), "code", { compiled: "x" });
      appendFileSync(lockPath, '{"kind":"seal","trunc');
      const before = readFileSync(lockPath, "utf8");
      await assert.rejects(lock.seal(sampleIr(2), "code", { compiled: "y" }), (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "lock_violation");
        const problems = error.details?.problems as { line: number; kind: string }[];
        assert.deepEqual(
          problems.map((p) => [p.line, p.kind]),
          [[2, "truncated"]],
        );
        return true;
      });
      assert.equal(readFileSync(lockPath, "utf8"), before);
      writeFileSync(lockPath, before.slice(0, before.lastIndexOf("\n") + 1));
      assert.equal((await lock.seal(sampleIr(2), "code", { compiled: "y" })).status, "sealed");
    });
  });

  test("a writer re-verifies before each append: edits to old lines and to lines others appended are both caught", async () => {
    await withTempDir(async ({ lockPath }) => {
      const writer = new CompileLock({ path: lockPath });
      const other = new CompileLock({ path: lockPath });
      await writer.seal(sampleIr(1), "code", { compiled: "start(one)" });
      await other.seal(sampleIr(2), "code", { compiled: "start(two)" });
      await writer.seal(sampleIr(3), "code", { compiled: "start(three)" }); // grew: checked incrementally
      const good = readFileSync(lockPath, "utf8");

      // An old line, already verified by this writer, edited in place (same length).
      writeFileSync(lockPath, good.replace("start(one)", "start(ONE)"));
      await assert.rejects(writer.seal(sampleIr(4), "code", { compiled: "x" }), (error: unknown) => {
        const problems = (error as SilpError).details?.problems as { line: number; kind: string }[];
        assert.deepEqual(
          problems.map((p) => [p.line, p.kind]),
          [
            [1, "output_hash_mismatch"],
            [1, "record_hash_mismatch"],
          ],
        );
        return true;
      });

      // A line someone else appended after this writer's last read, then edited.
      writeFileSync(lockPath, good);
      await writer.seal(sampleIr(4), "code", { compiled: "start(four)" });
      await other.seal(sampleIr(5), "code", { compiled: "start(five)" });
      writeFileSync(lockPath, readFileSync(lockPath, "utf8").replace("start(five)", "start(FIVE)"));
      await assert.rejects(writer.seal(sampleIr(6), "code", { compiled: "x" }), (error: unknown) => {
        const problems = (error as SilpError).details?.problems as { line: number; kind: string }[];
        assert.deepEqual(
          problems.map((p) => [p.line, p.kind]),
          [
            [5, "output_hash_mismatch"],
            [5, "record_hash_mismatch"],
          ],
        );
        return true;
      });
    });
  });

  test("a missing lock file verifies as an empty chain", async () => {
    await withTempDir(async ({ lockPath }) => {
      const report = await new CompileLock({ path: lockPath }).verify();
      assert.deepEqual(report, { ok: true, lines: 0, records: 0, head: null, problems: [], problemsDropped: 0 });
    });
  });
});
