/**
 * A run against faults: failures are their own category, every record knows its
 * settings, a judge outage is retried, the run stops on an endpoint that refuses everything, the
 * results file has one writer. The server is `faultInjectingChatServer`, a TEST DOUBLE on
 * 127.0.0.1 with seeded faults (SILP_TEST_SEED overrides the seed; it is printed on failure).
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OpenAIChatClient } from "../src/client/chat-client.js";
import { builtinCases } from "../src/cases/index.js";
import { LlmJudge } from "../src/judge/llm-judge.js";
import { createRunJudge } from "../src/run/judging.js";
import { runMatrix } from "../src/run/matrix-runner.js";
import { preparePayloads } from "../src/run/payloads.js";
import { decodePrompt } from "../src/run/prompts.js";
import { ResultsFile } from "../src/run/results-file.js";
import { outcomeTable } from "../src/analysis/outcomes.js";
import type { BenchCase } from "../src/cases.js";
import type { MatrixRecord } from "../src/records.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { faultInjectingChatServer, type FaultInjectingChatServer } from "@silp/testkit/fault-injecting-chat-server.js";

const seed = Number(process.env.SILP_TEST_SEED ?? 16);
const tmp = mkdtempSync(join(tmpdir(), "silp-bench-faults-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
/** The oracle for harness_version: the codec's package.json, read independently of the code under test. */
const codecVersion = (JSON.parse(readFileSync(join(REPO_ROOT, "packages/silp/package.json"), "utf8")) as { version: string }).version;

const cases: BenchCase[] = builtinCases()
  .filter((_, i) => i % 4 === 0)
  .slice(0, 9);
const byPayload = new Map<string, BenchCase>();
const payloadOf = (prompt: string): string => prompt.split("SILP payload:\n").at(-1)!.split("\n\nExplain")[0]!;

function faithfulAnswer(c: BenchCase): string {
  const ir = c.ir;
  const words = [
    ir.intent.slice(1).toLowerCase(),
    ...(ir.entities ?? []).map((e) => e.value),
    ...(ir.constraints ?? []).map((k) => k.value),
    ...(ir.alternatives ?? []).flatMap((a) => (a.target ? [a.target] : [])),
  ];
  return `The payload asks to ${words.join(", ")}; it does not apply otherwise.`;
}

describe("a matrix run against the faultInjectingChatServer test double", () => {
  let server: FaultInjectingChatServer;
  beforeAll(async () => {
    const payloads = await preparePayloads(cases, ["code", "json"]);
    for (const p of payloads) byPayload.set(p.text!, cases.find((c) => c.id === p.caseId)!);
    server = await faultInjectingChatServer({
      seed,
      models: ["flaky", "steady", "short", "locked", "cutter", "judge"],
      faults: { flaky: { rates: { http400: 0.3 } }, cutter: { rates: { cut: 0.4 } }, short: { rates: { length: 1 } }, locked: { rates: { http401: 1 } } },
      returnedModel: (id) => `${id}-2026-01`,
      answer: (body) => {
        const prompt = body.messages.at(-1)!.content;
        if (body.model === "judge") {
          const response = prompt.split("## Model Response\n")[1] ?? "";
          return JSON.stringify({ verdict: response.includes("does not apply") ? "pass" : "fail", reason: "scripted" });
        }
        return faithfulAnswer(byPayload.get(payloadOf(prompt))!);
      },
    });
  });
  afterAll(() => server.close());
  const client = () => new OpenAIChatClient({ baseUrl: server.baseUrl, maxRetries: 1, sleep: async () => {} });
  const target = (name: string) => ({ name, id: name, client: client() });

  test("model errors are counted per cell, excluded from the pass rate, and listed beside it", async () => {
    const payloads = await preparePayloads(cases, ["code", "json"]);
    const path = join(tmp, "faults.jsonl");
    const results = await ResultsFile.openLocked(path, "matrix");
    const judge = createRunJudge("dual", new LlmJudge(client(), { model: "judge" }));
    const summary = await runMatrix({ cases, payloads, models: [target("flaky"), target("steady")], judge, results, concurrency: 3 });
    await results.release();
    const injected = (server.injected.get("flaky") ?? []).filter((f) => f === "http400").length;
    assert.ok(injected > 0, `seed ${seed}: no fault injected`);
    assert.equal(summary.modelErrors, injected, `seed ${seed}`);
    const table = outcomeTable(ResultsFile.open(path, "matrix").records);
    let errors = 0;
    for (const [, row] of table.cells) {
      for (const [model, cell] of row) {
        assert.equal(cell.n, 9);
        assert.equal(cell.n, cell.answered + cell.modelErrors + cell.judgeErrors + cell.compileErrors);
        assert.equal(cell.passed + cell.failed, cell.answered);
        // Every answer is faithful: all answered runs pass, whatever errors there were.
        assert.equal(cell.rate, 1, `seed ${seed} ${model}`);
        if (model === "flaky") errors += cell.modelErrors;
        else assert.equal(cell.modelErrors, 0);
      }
    }
    assert.equal(errors, injected, `seed ${seed}`);
    const strict = outcomeTable(ResultsFile.open(path, "matrix").records, { errorsAsFailures: true });
    const flakyCode = strict.cells.get("code")!.get("flaky")!;
    assert.equal(flakyCode.rate, flakyCode.passed / flakyCode.n);
  });

  test("a stream cut off mid-answer is retried, never judged as a whole answer", async () => {
    const payloads = await preparePayloads(cases, ["code"]);
    const path = join(tmp, "cut.jsonl");
    const summary = await runMatrix({ cases, payloads, models: [target("cutter")], judge: createRunJudge("rule"), results: ResultsFile.open(path, "matrix") });
    const cuts = (server.injected.get("cutter") ?? []).length;
    assert.ok(cuts > 0, `seed ${seed}: no cut injected`);
    const records = ResultsFile.open(path, "matrix").records;
    for (const r of records) {
      if (r.judge === "error") assert.match(r.judge_reason, /cut short/, `seed ${seed}`);
      else assert.equal(r.model_response, faithfulAnswer(cases.find((c) => c.id === r.case_id)!), `seed ${seed}: a partial answer was judged`);
    }
    assert.equal(
      records.reduce((n, r) => n + r.retries + (r.judge === "error" ? 1 : 0), 0),
      cuts,
      `seed ${seed}`,
    );
    assert.equal(summary.written, 9);
  });

  test("every record carries its provenance: ids, endpoint, judge, settings, usage, hashes, version", async () => {
    const payloads = await preparePayloads(cases.slice(0, 2), ["code"]);
    const path = join(tmp, "provenance.jsonl");
    const results = ResultsFile.open(path, "matrix");
    const judge = createRunJudge("llm", new LlmJudge(client(), { model: "judge" }));
    await runMatrix({
      cases,
      payloads,
      models: [{ name: "steady-name", id: "steady", client: client() }],
      judge,
      results,
      generation: { maxTokens: 64, temperature: 0.5, timeoutMs: 5000, seed: 7 },
      provenance: { runId: "run-1", label: "baseline", judgeModel: "judge" },
    });
    const record = ResultsFile.open(path, "matrix").records[0]!;
    const encoded = payloads[0]!.text!;
    const prompt = decodePrompt(encoded);
    assert.equal(record.model, "steady-name");
    assert.equal(record.model_id, "steady");
    assert.equal(record.model_returned, "steady-2026-01");
    assert.equal(record.endpoint, server.baseUrl);
    assert.equal(record.judge_model, "judge");
    assert.equal(record.temperature, 0.5);
    assert.equal(record.max_tokens, 64);
    assert.equal(record.request_seed, 7);
    assert.equal(record.finish_reason, "stop");
    assert.equal(record.prompt_sha256, sha256(prompt));
    assert.equal(record.case_sha256, sha256(JSON.stringify(cases[0]!.ir)));
    assert.equal(record.harness_version, codecVersion);
    assert.equal(record.run_id, "run-1");
    assert.equal(record.run_label, "baseline");
    const call = server.calls.findLast((c) => c.body.model === "steady" && c.body.messages[0]!.content === prompt)!;
    assert.equal((call.body as { seed?: number }).seed, 7);
    // The test double counts a quarter token per character: its usage is the oracle.
    const promptTokens = Math.ceil(prompt.length / 4);
    assert.equal((record.usage as { prompt_tokens: number }).prompt_tokens, promptTokens);
    // The study's fields stay first, in the study's order.
    assert.deepEqual(Object.keys(record).slice(0, 4), ["case_id", "frontend", "model", "encoded"]);
  });

  test('finish_reason "length" is recorded and flagged as truncated', async () => {
    const payloads = await preparePayloads(cases.slice(0, 3), ["code"]);
    const path = join(tmp, "length.jsonl");
    const summary = await runMatrix({ cases, payloads, models: [target("short")], judge: createRunJudge("rule"), results: ResultsFile.open(path, "matrix") });
    const records = ResultsFile.open(path, "matrix").records;
    assert.ok(records.every((r) => r.finish_reason === "length" && r.truncated === true));
    assert.equal(summary.truncated, 3);
    assert.equal(outcomeTable(records).cells.get("code")!.get("short")!.truncated, 3);
  });

  test("with --judge llm a judge outage is a judge error, not a failed answer, and the next run re-judges the recorded answer", async () => {
    const payloads = await preparePayloads(cases.slice(0, 3), ["code"]);
    const path = join(tmp, "judge-outage.jsonl");
    const down = createRunJudge("llm", new LlmJudge(client(), { model: "judge-absent" }));
    const first = await runMatrix({ cases, payloads, models: [target("steady")], judge: down, results: ResultsFile.open(path, "matrix") });
    assert.equal(first.judgeErrors, 3);
    assert.equal(first.passed, 0);
    const records = ResultsFile.open(path, "matrix").records;
    assert.ok(records.every((r) => r.judge === "judge_error" && r.llm_verdict === "error"));
    const table = outcomeTable(records);
    assert.deepEqual([table.cells.get("code")!.get("steady")!.judgeErrors, table.cells.get("code")!.get("steady")!.answered], [3, 0]);

    const modelCalls = server.calls.filter((c) => c.body.model === "steady").length;
    const up = createRunJudge("llm", new LlmJudge(client(), { model: "judge" }));
    const second = await runMatrix({ cases, payloads, models: [target("steady")], judge: up, results: ResultsFile.open(path, "matrix") });
    assert.deepEqual([second.written, second.passed, second.judgeErrors], [3, 3, 0]);
    assert.equal(server.calls.filter((c) => c.body.model === "steady").length, modelCalls, "the answers were re-judged, not asked again");
  });

  test("dual-judge fallbacks are counted, not hidden", async () => {
    const payloads = await preparePayloads(cases.slice(0, 2), ["code"]);
    const path = join(tmp, "fallback.jsonl");
    const judge = createRunJudge("dual", new LlmJudge(client(), { model: "judge-absent" }));
    const summary = await runMatrix({ cases, payloads, models: [target("steady")], judge, results: ResultsFile.open(path, "matrix") });
    assert.equal(summary.judgeFallbacks, 2);
    assert.equal(outcomeTable(ResultsFile.open(path, "matrix").records).cells.get("code")!.get("steady")!.judgeFallbacks, 2);
  });

  test("consecutive refusals (401) stop the run instead of running through every job", async () => {
    const payloads = await preparePayloads(cases, ["code", "json"]);
    const path = join(tmp, "locked.jsonl");
    const before = server.calls.length;
    const summary = await runMatrix({
      cases,
      payloads,
      models: [target("locked")],
      judge: createRunJudge("rule"),
      results: ResultsFile.open(path, "matrix"),
      concurrency: 1,
      stopAfterFatal: 3,
    });
    assert.match(summary.stopped ?? "", /3 consecutive.*HTTP 401/);
    assert.equal(server.calls.length - before, 3);
  });

  test("a second writer on one results file is refused with a clear message", async () => {
    const path = join(tmp, "locked-file.jsonl");
    const first = await ResultsFile.openLocked(path, "matrix");
    await assert.rejects(ResultsFile.openLocked(path, "matrix"), (error: Error & { code?: string }) => {
      assert.equal(error.code, "lock_violation");
      assert.match(error.message, /in use by another run/);
      return true;
    });
    await first.release();
    const again = await ResultsFile.openLocked(path, "matrix");
    await again.release();
  });
});

export type { MatrixRecord };
