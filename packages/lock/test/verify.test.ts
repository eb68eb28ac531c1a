import { test, describe, beforeAll, afterAll } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { CompileLock, assertLockReport, verifyLockText, type LockProblemKind, type LockRecord, type SealRecord } from "../src/index.js";
import { linkRecord, outputHash } from "../src/record.js";
import { SilpError } from "silp";
import { sampleIr, withTempDir } from "./helpers.js";

/** A genuine five-record lock: seal 0, seal 1, seal 2, unlock of 1, seal 1 again. */
let original = "";
let records: LockRecord[] = [];

beforeAll(async () => {
  await withTempDir(async ({ lockPath }) => {
    const lock = new CompileLock({ path: lockPath });
    for (let n = 0; n < 3; n++) await lock.seal(sampleIr(n), "code", { compiled: `start(task_${n})` });
    await lock.unlock(sampleIr(1), "code", { reason: "fix" });
    await lock.seal(sampleIr(1), "code", { compiled: "start(task_1_fixed)" });
    original = readFileSync(lockPath, "utf8");
    records = original
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as LockRecord);
  });
});

afterAll(() => undefined);

const lines = (): string[] => original.trimEnd().split("\n");
const join = (parts: readonly string[]): string => parts.map((line) => `${line}\n`).join("");

/** Rewrites the record on 1-based line `n` with `edit` and serializes it back. */
function editRecord(n: number, edit: (record: Record<string, unknown>) => void): string {
  const parts = lines();
  const record = JSON.parse(parts[n - 1] ?? "") as Record<string, unknown>;
  edit(record);
  parts[n - 1] = JSON.stringify(record);
  return join(parts);
}

function problemsOf(text: string, anchor?: string): [number | undefined, LockProblemKind][] {
  return verifyLockText(text, anchor === undefined ? {} : { anchor }).problems.map((p) => [p.line, p.kind]);
}

describe("an untouched lock verifies", () => {
  test("five records, head is the last hash", () => {
    const report = verifyLockText(original);
    assert.equal(report.ok, true);
    assert.equal(report.records, 5);
    assert.equal(report.lines, 5);
    assert.equal(report.head, records[4]?.hash);
    assert.deepEqual(report.problems, []);
  });
});

describe("every edit is detected on the line it touched", () => {
  test("changed compiled text", () => {
    const text = editRecord(3, (r) => {
      r.compiled = "start(task_9)";
    });
    assert.deepEqual(problemsOf(text), [
      [3, "output_hash_mismatch"],
      [3, "record_hash_mismatch"],
    ]);
  });

  test("changed compiled text with its output hash recomputed", () => {
    const text = editRecord(3, (r) => {
      r.compiled = "start(task_9)";
      r.output_hash = outputHash("start(task_9)");
    });
    assert.deepEqual(problemsOf(text), [[3, "record_hash_mismatch"]]);
  });

  test("changed output hash", () => {
    const text = editRecord(2, (r) => {
      r.output_hash = outputHash("other");
    });
    assert.deepEqual(problemsOf(text), [
      [2, "output_hash_mismatch"],
      [2, "record_hash_mismatch"],
    ]);
  });

  test("changed IR hash", () => {
    const text = editRecord(1, (r) => {
      r.ir_hash = outputHash("another IR");
    });
    assert.deepEqual(problemsOf(text), [
      [1, "ir_hash_mismatch"],
      [1, "record_hash_mismatch"],
    ]);
  });

  test("changed IR content", () => {
    const text = editRecord(1, (r) => {
      (r.ir as SealRecord["ir"]).intent = "!STOP";
    });
    assert.deepEqual(problemsOf(text), [
      [1, "ir_hash_mismatch"],
      [1, "record_hash_mismatch"],
    ]);
  });

  test("changed timestamp, version or unlock reason", () => {
    assert.deepEqual(
      problemsOf(
        editRecord(2, (r) => {
          r.timestamp = "2020-01-01T00:00:00.000Z";
        }),
      ),
      [[2, "record_hash_mismatch"]],
    );
    assert.deepEqual(
      problemsOf(
        editRecord(2, (r) => {
          r.library_version = "9.9.9";
        }),
      ),
      [[2, "record_hash_mismatch"]],
    );
    assert.deepEqual(
      problemsOf(
        editRecord(4, (r) => {
          r.reason = "no reason";
        }),
      ),
      [[4, "record_hash_mismatch"]],
    );
  });

  test("an added field", () => {
    assert.deepEqual(
      problemsOf(
        editRecord(2, (r) => {
          r.verified = true;
        }),
      ),
      [[2, "record_hash_mismatch"]],
    );
  });

  test("deleted record in the middle", () => {
    const parts = lines();
    parts.splice(2, 1);
    assert.deepEqual(problemsOf(join(parts)), [
      [3, "chain_broken"],
      [3, "sequence_mismatch"],
    ]);
    assert.match(verifyLockText(join(parts)).problems[1]?.message ?? "", /1 record\(s\) missing/);
  });

  test("deleted first record", () => {
    const parts = lines();
    parts.shift();
    assert.deepEqual(problemsOf(join(parts)), [
      [1, "chain_broken"],
      [1, "sequence_mismatch"],
    ]);
  });

  test("duplicated record inserted", () => {
    const parts = lines();
    parts.splice(2, 0, parts[1] ?? "");
    assert.deepEqual(problemsOf(join(parts)), [
      [3, "chain_broken"],
      [3, "sequence_mismatch"],
      [3, "freeze_violation"],
    ]);
  });

  test("forged record inserted with valid hashes: the next line no longer links", () => {
    const forged = linkRecord(
      {
        kind: "seal",
        frontend: "json",
        ir_hash: records[0]!.ir_hash,
        output_hash: outputHash("{}"),
        compiled: "{}",
        ir: (records[0] as SealRecord).ir,
        timestamp: "2026-01-01T00:00:00.000Z",
        silp: "v1",
        library_version: "0.1.0",
      },
      records[1],
    );
    const parts = lines();
    parts.splice(2, 0, JSON.stringify(forged));
    assert.deepEqual(problemsOf(join(parts)), [
      [4, "chain_broken"],
      [4, "sequence_mismatch"],
    ]);
  });

  test("reordered records", () => {
    const parts = lines();
    [parts[1], parts[2]] = [parts[2] ?? "", parts[1] ?? ""];
    const found = problemsOf(join(parts));
    assert.deepEqual(found, [
      [2, "chain_broken"],
      [2, "sequence_mismatch"],
      [3, "chain_broken"],
      [3, "sequence_mismatch"],
      [4, "chain_broken"],
      [4, "sequence_mismatch"],
    ]);
  });

  test("truncated last line is reported as truncated, not dropped", () => {
    const text = original.slice(0, original.length - 40);
    const report = verifyLockText(text);
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.kind]),
      [[5, "truncated"]],
    );
    assert.equal(report.lines, 5);
    assert.equal(report.records, 4);
    assert.equal(report.ok, false);
  });

  test("a last line that lost only its newline is reported as truncated", () => {
    assert.deepEqual(problemsOf(original.slice(0, -1)), [[5, "truncated"]]);
  });

  test("a non-JSON or empty line in the middle is reported, without blaming the next line", () => {
    const parts = lines();
    parts.splice(2, 0, "this is not json");
    assert.deepEqual(problemsOf(join(parts)), [[3, "not_json"]]);
    const blank = lines();
    blank.splice(1, 0, "");
    assert.deepEqual(problemsOf(join(blank)), [[2, "not_json"]]);
  });

  test("a record replaced by other JSON is an invalid record", () => {
    for (const replacement of ["[1,2]", "null", '"seal"', '{"kind":"seal"}', '{"kind":"burn","seq":0}']) {
      const parts = lines();
      parts[1] = replacement;
      assert.deepEqual(problemsOf(join(parts)), [[2, "invalid_record"]], replacement);
    }
  });

  test("a forged re-seal of a frozen key, correctly chained, is a freeze violation", () => {
    const first = records[0] as SealRecord;
    const forged = linkRecord(
      {
        kind: "seal",
        frontend: first.frontend,
        ir_hash: first.ir_hash,
        output_hash: outputHash("evil()"),
        compiled: "evil()",
        ir: first.ir,
        timestamp: first.timestamp,
        silp: "v1",
        library_version: "0.1.0",
      },
      records[4],
    );
    assert.deepEqual(problemsOf(`${original}${JSON.stringify(forged)}\n`), [[6, "freeze_violation"]]);
  });

  test("cutting whole records off the end needs an anchor to be seen", () => {
    const cut = join(lines().slice(0, 3));
    assert.deepEqual(problemsOf(cut), [], "a shorter chain is still a valid chain");
    assert.deepEqual(problemsOf(cut, records[4]!.hash), [[undefined, "anchor_missing"]]);
    assert.deepEqual(problemsOf(original, records[2]!.hash), [], "an anchor from an earlier head is still found");
  });
});

describe("throwing variant", () => {
  test("assertLockReport throws lock_violation listing every problem", () => {
    const text = editRecord(3, (r) => {
      r.compiled = "x";
    });
    assert.throws(
      () => assertLockReport(verifyLockText(text)),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        assert.equal(error.code, "lock_violation");
        assert.match(error.message, /line 3: output_hash_mismatch/);
        assert.equal((error.details?.problems as unknown[] | undefined)?.length, 2);
        return true;
      },
    );
    assert.doesNotThrow(() => assertLockReport(verifyLockText(original)));
  });
});

describe("hostile input", () => {
  test("any single-character replacement anywhere is detected", () => {
    assertProperty(
      fc.property(fc.nat(original.length - 1), fc.constantFrom(...'a0Z!{}[]":,\\x9f'), (at, replacement) => {
        if (original[at] === replacement) return;
        const text = original.slice(0, at) + replacement + original.slice(at + 1);
        assert.equal(verifyLockText(text).ok, false, `edit at ${at} went unnoticed`);
      }),
      { numRuns: 300 },
    );
  });

  test("a huge garbage line and a huge compiled text are handled linearly", () => {
    const garbage = "x".repeat(2_000_000);
    assert.deepEqual(problemsOf(`${garbage}\n`), [[1, "not_json"]]);
    const bigText = editRecord(1, (r) => {
      r.compiled = "y".repeat(2_000_000);
    });
    assert.deepEqual(problemsOf(bigText), [
      [1, "output_hash_mismatch"],
      [1, "record_hash_mismatch"],
    ]);
  });

  test("an IR nested too deep for canonicalization reports mismatches instead of crashing", () => {
    const depth = 100_000;
    // Spliced in as text: JSON.stringify itself cannot serialize this depth.
    const text = original.replace('"ir":{', `"ir":{"extra":${"[".repeat(depth)}${"]".repeat(depth)},`);
    assert.deepEqual(problemsOf(text), [
      [1, "ir_hash_mismatch"],
      [1, "record_hash_mismatch"],
    ]);
  });

  test("CRLF line ends and an empty file", () => {
    assert.deepEqual(verifyLockText(""), { ok: true, lines: 0, records: 0, head: null, problems: [], problemsDropped: 0 });
    // A CR leaves every value alone, but it is a byte the sealer never writes.
    const crlf = verifyLockText(original.replaceAll("\n", "\r\n"));
    assert.deepEqual(
      crlf.problems.map((p) => [p.line, p.kind]),
      lines().map((_, i) => [i + 1, "non_canonical"]),
    );
    assert.deepEqual(
      crlf.problems.map((p) => p.column),
      lines().map((line) => line.length + 1),
    );
  });
});

test("a file of 200K empty lines is a report, not a RangeError (found by fuzzing)", () => {
  // verify.ts used to push(...problems) with one problem per line: the stack overflowed.
  const report = verifyLockText("\n".repeat(200_000));
  assert.equal(report.ok, false);
  // Every line is a problem: the first 1000 listed, the rest counted (report-cap.test.ts).
  assert.equal(report.problems.length + report.problemsDropped, 200_000);
});
