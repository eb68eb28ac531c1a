/**
 * Edits that leave the parsed value alone (a duplicated key, a re-escaped
 * character, reordered keys, another spelling of a number, extra whitespace) left every hash
 * intact, so `silpc lock verify` accepted them. docs/lock.md promises that every edit made without
 * recomputing hashes is caught: each line must be byte for byte what the sealer writes, and the
 * first differing column is reported.
 */
import { CLI_BIN } from "@silp/testkit/paths.js";
import { test, describe, beforeAll } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { CompileLock, verifyLockText, type LockProblem, type LockRecord } from "../src/index.js";
import { linkRecord, outputHash, hashNormalIr } from "../src/record.js";
import { normalize } from "silp";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { repoRoot, sampleIr, withTempDir } from "./helpers.js";

/** Three genuine records: seal 0, seal 1, unlock of 0. */
let original = "";

beforeAll(async () => {
  await withTempDir(async ({ lockPath }) => {
    const lock = new CompileLock({ path: lockPath });
    await lock.seal(sampleIr(0), "code", { compiled: "start(task_0)" });
    await lock.seal(sampleIr(1), "code", { compiled: "start(task_1)" });
    await lock.unlock(sampleIr(0), "code", { reason: "fix" });
    original = readFileSync(lockPath, "utf8");
  });
});

const lineOf = (n: number): string => original.split("\n")[n - 1] ?? "";
/** `original` with line n replaced by `edit(line n)`. */
function withLine(n: number, edit: (line: string) => string): string {
  const parts = original.split("\n");
  parts[n - 1] = edit(parts[n - 1] ?? "");
  return parts.join("\n");
}
/** The only problem of a text: asserted to be one non_canonical problem, returned. */
function onlyNonCanonical(text: string): LockProblem {
  const report = verifyLockText(text);
  assert.equal(report.ok, false, "the edit must be detected");
  assert.deepEqual(
    report.problems.map((problem) => problem.kind),
    ["non_canonical"],
    JSON.stringify(report.problems),
  );
  return report.problems[0] as LockProblem;
}

describe("value-preserving edits are caught, with line and column", () => {
  test("a duplicated key inserted before the real one", () => {
    const at = lineOf(2).indexOf('"compiled":');
    const problem = onlyNonCanonical(withLine(2, (line) => `${line.slice(0, at)}"compiled":"cancel(everything)",${line.slice(at)}`));
    assert.equal(problem.line, 2);
    assert.equal(problem.column, at + 1 + '"compiled":"'.length, "first differing character: the c of cancel");
    assert.match(problem.message, /canonical/);
  });

  test("a character re-escaped as \\u", () => {
    const at = lineOf(1).indexOf("start(task_0)");
    const problem = onlyNonCanonical(withLine(1, (line) => line.replace('"start(task_0)"', '"\\u0073tart(task_0)"')));
    assert.deepEqual([problem.line, problem.column], [1, at + 1]);
  });

  test("an escaped letter in an unlock reason", () => {
    onlyNonCanonical(withLine(3, (line) => line.replace('"reason":"fix"', '"reason":"\\u0066ix"')));
  });

  test("reordered keys at the top level and inside the IR", () => {
    const swapped = withLine(1, (line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      const { kind, seq, ...rest } = record;
      return JSON.stringify({ seq, kind, ...rest });
    });
    assert.deepEqual([onlyNonCanonical(swapped).line, onlyNonCanonical(swapped).column], [1, 3]);
    const inner = withLine(2, (line) => line.replace('"req_id":"0000abcd","priority":0', '"priority":0,"req_id":"0000abcd"'));
    assert.notEqual(inner, original);
    assert.equal(onlyNonCanonical(inner).line, 2);
  });

  test("another spelling of the same number", () => {
    for (const [from, to] of [
      ['"seq":1,', '"seq":1.0e0,'],
      ['"seq":1,', '"seq":1.0,'],
      ['"confidence":1,', '"confidence":1.0,'],
      ['"priority":0,', '"priority":-0,'],
    ]) {
      const text = withLine(2, (line) => line.replace(from as string, to as string));
      assert.notEqual(text, original, from);
      assert.equal(onlyNonCanonical(text).line, 2, to);
    }
  });

  test("insignificant whitespace, including a CR before the newline", () => {
    const spaced = withLine(3, (line) => line.replace('"kind":"unlock"', '"kind": "unlock"'));
    assert.equal(onlyNonCanonical(spaced).column, '{"kind":'.length + 1);
    const crlf = withLine(1, (line) => `${line}\r`);
    assert.deepEqual([onlyNonCanonical(crlf).line, onlyNonCanonical(crlf).column], [1, lineOf(1).length + 1]);
  });

  test("the column counts code points, not UTF-16 units", async () => {
    await withTempDir(async ({ lockPath }) => {
      await new CompileLock({ path: lockPath }).seal(sampleIr(7), "code", { compiled: "start(🦀) // x" });
      const text = readFileSync(lockPath, "utf8");
      const edited = text.replace("// x", "// \\u0078");
      const unitIndex = text.indexOf("// x") + 3;
      const problem = onlyNonCanonical(edited);
      assert.equal(problem.column, [...text.slice(0, unitIndex)].length + 1);
    });
  });

  test("inserting a space anywhere in a record is detected (property)", () => {
    assertProperty(
      fc.property(fc.nat(original.length - 1), (at) => {
        const text = `${original.slice(0, at)} ${original.slice(at)}`;
        assert.equal(verifyLockText(text).ok, false, `a space at ${at} went unnoticed`);
      }),
      { numRuns: 300 },
    );
  });

  test("silpc lock verify exits 1 and names line and column", async () => {
    await withTempDir(async ({ dir }) => {
      const path = join(dir, "compile.lock");
      const at = lineOf(2).indexOf('"compiled":');
      writeFileSync(
        path,
        withLine(2, (line) => `${line.slice(0, at)}"compiled":"cancel(everything)",${line.slice(at)}`),
      );
      const run = spawnSync(process.execPath, [CLI_BIN, "lock", "verify", "--lock", path], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`line 2, column ${at + 1 + '"compiled":"'.length}: non_canonical`));
    });
  });

  test("the sealer refuses to append to a file with a non-canonical line", async () => {
    await withTempDir(async ({ dir }) => {
      const path = join(dir, "compile.lock");
      writeFileSync(
        path,
        withLine(1, (line) => line.replace('"kind":"seal"', '"kind" :"seal"')),
      );
      const error = await silpRejectionOf(new CompileLock({ path }).seal(sampleIr(5), "code", { compiled: "start(task_5)" }));
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /non_canonical/);
    });
  });
});

describe("what the sealer writes is canonical", () => {
  test("an IR with extra fields in any order seals, verifies and is found again", async () => {
    await withTempDir(async ({ lockPath }) => {
      const ir = {
        ...sampleIr(3),
        constraints: [{ type: "rain", value: "heavy", zeta: 1, operator: "==", subject: "me" }],
        meta: { req_id: "0000abcd", trace: { z: [3, { y: 1, b: 2 }], a: "é\u2028" }, alpha: 1.5 },
      };
      const lock = new CompileLock({ path: lockPath });
      const sealed = await lock.seal(ir, "code", { compiled: "x" });
      assert.equal(sealed.status, "sealed");
      assert.deepEqual(verifyLockText(readFileSync(lockPath, "utf8")).problems, []);
      assert.equal((await lock.seal(ir, "code", { compiled: "x" })).status, "frozen");
    });
  });

  test("records written before this check (JSON.stringify of the linked record) still verify", () => {
    // The previous writer wrote JSON.stringify(record): the same bytes for every IR whose extra
    // fields were already in sorted order, which includes every IR without extra fields.
    const ir = normalize(sampleIr(4));
    const record: LockRecord = linkRecord(
      {
        kind: "seal",
        frontend: "code",
        ir_hash: hashNormalIr(ir),
        output_hash: outputHash("start(task_4)"),
        compiled: "start(task_4)",
        ir,
        timestamp: "2026-07-11T09:25:38.109Z",
        silp: "v1",
        library_version: "0.1.0",
      },
      undefined,
    );
    assert.deepEqual(verifyLockText(`${JSON.stringify(record)}\n`).problems, []);
  });
});
