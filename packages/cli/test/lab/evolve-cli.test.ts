/**
 * `silpc evolve` as a user runs it (a real child process, one fast tokenizer, tiny populations):
 * the same seed gives the same result, a resumed search the uninterrupted one's, changed
 * settings are refused, and the dialect file it writes is a lossless frontend.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { afterAll, describe, test } from "vitest";
import { CODE_DIALECT, parseDialectSpec, registerDialect } from "@silp/dialects";
import { runCli } from "@silp/testkit/cli.js";
import { compile, decode, validate } from "silp";

const dir = mkdtempSync(join(tmpdir(), "silpc-evolve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = ["evolve", "--tokenizers", "gpt-4o", "--population", "6", "--no-progress", "--quiet", "--json"];

function evolveJson(args: string[]) {
  const result = runCli([...BASE, ...args]);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

describe("silpc evolve", () => {
  test("the same seed gives the same result; another seed searches elsewhere", () => {
    const first = evolveJson(["--seed", "5", "--generations", "2"]);
    const second = evolveJson(["--seed", "5", "--generations", "2"]);
    assert.deepEqual(second, first);
    const other = evolveJson(["--seed", "6", "--generations", "2"]);
    assert.notDeepEqual(other.front, first.front);
    // What the output promises: sets named, absent terms listed, a held-out table per tokenizer.
    assert.equal(first.sets.heldOut.irs, 27);
    assert.ok(first.sets.search.irs > 80);
    assert.ok(first.absent.some((line: string) => line.startsWith("PPL")));
    assert.deepEqual(first.heldOut.tokenizers, ["gpt-4o"]);
    // The argument order of keywords=ordered, derived from the search IRs (docs/evolve.md lists it).
    assert.deepEqual(first.argumentOrder["!UPDATE"], ["act", "field", "new_value"]);
    assert.deepEqual(first.argumentOrder["!TRANSLATE"], ["src", "tgt", "style"]);
    assert.deepEqual(
      first.heldOut.rows.map((row: { payload: string }) => row.payload),
      [first.best.searchName, "natural", "code"],
    );
  });

  test("a search resumed from its state file ends where the uninterrupted one does", () => {
    const state = join(dir, "resume.json");
    const partial = evolveJson(["--seed", "8", "--generations", "1", "--state", state]);
    assert.equal(partial.resumedAt, 0);
    const resumed = evolveJson(["--seed", "8", "--generations", "3", "--state", state]);
    assert.equal(resumed.resumedAt, 1);
    const whole = evolveJson(["--seed", "8", "--generations", "3"]);
    assert.deepEqual({ ...resumed, resumedAt: 0 }, whole);
  });

  test("resuming with other settings is refused, naming them", () => {
    const state = join(dir, "refuse.json");
    evolveJson(["--seed", "9", "--generations", "1", "--state", state]);
    const result = runCli([...BASE, "--seed", "10", "--generations", "2", "--state", state]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /invalid_options/);
    assert.match(result.stdout, /seed: 9 -> 10/);
  });

  test("bad flags are usage errors", () => {
    const weights = runCli([...BASE, "--weights", "alpha=0.1"]);
    assert.equal(weights.status, 2);
    assert.match(weights.stderr, /alpha \+ alpha' >= 0\.6/);
    assert.equal(runCli([...BASE, "--weights", "speed=1"]).status, 2);
    assert.equal(runCli([...BASE, "--name", "evolved"]).status, 2);
    assert.equal(runCli([...BASE, "--population", "1"]).status, 2);
  });

  test("the dialect file written is a valid spec and a lossless frontend; the front file lists each point's genes", () => {
    const out = join(dir, "best.json");
    const front = join(dir, "front.json");
    const result = runCli(["evolve", "--tokenizers", "gpt-4o", "--population", "6", "--generations", "1", "--no-progress", "--out", out, "--front", front]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /held-out: the study's 27 cases/);
    assert.match(result.stdout, /not measured: task success/);
    const spec = parseDialectSpec(JSON.parse(readFileSync(out, "utf8")));
    assert.equal(spec.name, "x-evolved");
    registerDialect(spec);
    const ir = {
      silp: "v1",
      version: "ir-v0.1",
      intent: "!START",
      entities: [{ id: "act", value: "hike" }],
      constraints: [{ type: "!rain", value: "true", time: "t+1" }],
      alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
      meta: { req_id: "a1b2", priority: 2 },
    };
    // With the req_id in the payload too, the whole IR comes back from the dialect's text.
    const payload = compile(ir, "x-evolved", { whitelist: "off", inlineMeta: true });
    assert.deepEqual(decode(payload, "x-evolved", { whitelist: "off", strict: true }).ir, validate(ir, { whitelist: "off" }).ir);
    const points = JSON.parse(readFileSync(front, "utf8")).dialects;
    assert.ok(points.length >= 1);
    for (const point of points) {
      assert.equal(Object.keys(point.genes).length, Object.keys(spec.genes).length);
      assert.ok(point.meanTokens > 0 && point.humanUnreadability >= 0);
    }
  });

  test("--bench results of a dialect (named by --dialect) give it measured task success: enough lifts it to best, too little makes it infeasible", () => {
    const dialectFile = join(dir, "x-code.json");
    writeFileSync(dialectFile, JSON.stringify(CODE_DIALECT));
    const results = (passed: number) => {
      const file = join(dir, `results-${passed}.jsonl`);
      const lines = [0, 1, 2, 3].map((i) =>
        JSON.stringify({
          case_id: `case${i}`,
          model: "m1",
          frontend: "x-code",
          encoded: "",
          model_response: "",
          judge_verdict: i < passed ? "pass" : "fail",
          judge_reason: "",
          judge: "rule",
          elapsed: 1,
          retries: 0,
          timestamp: "2026-11-30T00:00:00Z",
          first_pass: i < passed,
        }),
      );
      writeFileSync(file, `${lines.join("\n")}\n`);
      return file;
    };
    const good = evolveJson(["--seed", "4", "--generations", "1", "--bench", results(4), "--dialect", dialectFile]);
    assert.equal(good.success.how, "only model");
    // The code dialect alone gains alpha * 1 + alpha' * 1 = 0.6: it becomes the best.
    assert.deepEqual(good.best.dialect.genes, CODE_DIALECT.genes);
    assert.equal(good.best.evaluation.taskSuccess, 1);
    assert.ok(!good.absent.some((line: string) => line.startsWith("task success")));
    const bad = evolveJson(["--seed", "4", "--generations", "1", "--bench", results(1), "--dialect", dialectFile]);
    // A pass rate of 0.25 is below the floor (0.5): the code dialect, lossless, is now the one infeasible point.
    assert.equal(bad.feasible, bad.evaluated - 1);
    assert.notDeepEqual(bad.best.dialect.genes, CODE_DIALECT.genes);
  });
});
