/**
 * `silpc bench run` and `silpc bench report` as a researcher uses them, against
 * `faultInjectingChatServer`, a TEST DOUBLE on 127.0.0.1 (seeded faults; SILP_TEST_SEED
 * overrides the seed, printed on failure). silpc runs as a child process, asynchronously, so the
 * server in this process keeps answering.
 */
import { afterAll, beforeAll, describe, test, vi } from "vitest";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusDir } from "@silp/testkit/corpus.js";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { faultInjectingChatServer, refusedBaseUrl, type FaultInjectingChatServer } from "@silp/testkit/fault-injecting-chat-server.js";

const seed = Number(process.env.SILP_TEST_SEED ?? 16);
const tmp = mkdtempSync(join(tmpdir(), "silp-bench-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

function silpc(args: readonly string[]): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, OPENAI_BASE_URL: "", OPENAI_API_KEY: "", SILP_BENCH_BASE_URL: "", SILP_BENCH_API_KEY: "" },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : -1) : 0;
        resolve({ code, stdout, stderr, ms: Date.now() - started });
      },
    );
  });
}

/** Two of the study's cases in a folder of their own (so a test can edit one). */
function caseFolder(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const file of ["case1_multi_constraint.json", "case3_detail.json"]) copyFileSync(join(corpusDir(), "cases", file), join(dir, file));
  return dir;
}

describe("silpc bench with the faultInjectingChatServer test double", () => {
  let server: FaultInjectingChatServer;
  beforeAll(async () => {
    server = await faultInjectingChatServer({
      seed,
      models: ["good", "flaky", "slow", "judge"],
      faults: { flaky: { rates: { http400: 0.5 } }, slow: { rates: { slow: 1 }, slowChunkMs: 200 } },
      answer: (body) => {
        const prompt = body.messages.at(-1)!.content;
        if (body.model === "judge") return JSON.stringify({ verdict: "pass", reason: "scripted" });
        return `The payload says: ${prompt.split("SILP payload:\n").at(-1)!.split("\n\nExplain")[0]}`;
      },
    });
  });
  afterAll(() => server.close());
  const common = (out: string, cases: string) => ["bench", "run", "--out", out, "--cases", cases, "--base-url", server.baseUrl, "--frontends", "code,json"];

  test("an unreachable endpoint stops before the first job: exit 1, a clear message, no file, no report hint", async () => {
    const out = join(tmp, "refused.jsonl");
    const run = await silpc([
      "bench",
      "run",
      "--out",
      out,
      "--models",
      "good",
      "--cases",
      caseFolder("refused"),
      "--base-url",
      await refusedBaseUrl(),
      "--judge",
      "rule",
      "--max-retries",
      "0",
    ]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /good.*ECONNREFUSED/);
    assert.doesNotMatch(run.stdout, /report:/);
    assert.equal(existsSync(out), false);
  });

  test("a judge model the endpoint does not serve stops the run before it starts (no silent rule fallback)", async () => {
    const out = join(tmp, "nojudge.jsonl");
    const run = await silpc([...common(out, caseFolder("nojudge")), "--models", "good", "--judge-model", "glm-5.2"]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /judge model "glm-5.2".*not served/);
    assert.match(run.stderr, /--judge rule/);
  });

  test("model errors are counted in the summary and in the report (HTML and --json), pass rates over answered runs", async () => {
    const out = join(tmp, "faults.jsonl");
    const run = await silpc([
      ...common(out, caseFolder("faults")),
      "--models",
      "good,flaky",
      "--judge",
      "llm",
      "--judge-model",
      "judge",
      "--json",
      "--no-progress",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(run.stdout);
    const injected = (server.injected.get("flaky") ?? []).filter((f) => f === "http400").length;
    assert.equal(summary.modelErrors, injected, `seed ${seed}`);
    assert.equal(summary.passed + summary.modelErrors, 8, `seed ${seed}`);
    const html = join(tmp, "faults.html");
    const rep = await silpc(["bench", "report", "--results", out, "--out", html, "--json"]);
    assert.equal(rep.code, 0, rep.stderr);
    const report = JSON.parse(rep.stdout);
    const flaky = report.outcomes.byModel.flaky;
    assert.deepEqual([flaky.n, flaky.modelErrors, flaky.passed, flaky.denominator], [4, injected, 4 - injected, 4 - injected], `seed ${seed}`);
    // Every answer passes: over answered runs the rate is 100 % (JSON null when nothing was answered).
    assert.equal(flaky.rate, injected < 4 ? 1 : null, `seed ${seed}`);
    const page = readFileSync(html, "utf8");
    assert.match(page, /model errors/);
    assert.match(page, /Wilson/);
    // Usage as the test double reported it: a quarter token per prompt character, per call.
    const goodPrompts = server.calls.filter((c) => c.body.model === "good").map((c) => Math.ceil(c.body.messages[0]!.content.length / 4));
    assert.equal(
      report.outcomes.byModel.good.promptTokens,
      goodPrompts.reduce((a, b) => a + b, 0),
    );
    const priced = await silpc(["bench", "report", "--results", out, "--out", html, "--price", "good=1000000:0"]);
    assert.equal(priced.code, 0, priced.stderr);
    assert.ok(readFileSync(html, "utf8").includes(`<td>good</td><td>4</td><td>${report.outcomes.byModel.good.promptTokens}</td>`));
    const strict = await silpc(["bench", "report", "--results", out, "--out", html, "--json", "--errors-as-failures"]);
    assert.equal(JSON.parse(strict.stdout).outcomes.byModel.flaky.rate, (4 - injected) / 4);
  });

  test("resume refuses other settings and changed cases unless told; progress lines without a terminal count earlier passes", async () => {
    const cases = caseFolder("resume");
    const out = join(tmp, "resume.jsonl");
    const first = await silpc([...common(out, cases), "--models", "good", "--judge", "rule", "--label", "baseline"]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /bench 4\/4 runs/);
    const header = JSON.parse(readFileSync(out, "utf8").split("\n")[0]!);
    assert.equal(header.silp_bench_run, 1);
    assert.equal(header.label, "baseline");
    assert.equal(header.settings.max_tokens, 256);

    const other = await silpc([
      ...common(out, cases),
      "--models",
      "good",
      "--judge",
      "rule",
      "--label",
      "baseline",
      "--max-tokens",
      "32",
      "--temperature",
      "1",
    ]);
    assert.equal(other.code, 2, other.stderr);
    assert.match(other.stderr, /max_tokens: 256 -> 32/);
    assert.match(other.stderr, /temperature: 0 -> 1/);
    assert.match(other.stderr, /--force-settings/);

    const again = await silpc([...common(out, cases), "--models", "good", "--judge", "rule", "--label", "baseline"]);
    assert.equal(again.code, 0, again.stderr);
    // Without a terminal: plain lines, and the pass count includes the runs already in the file.
    assert.match(again.stderr, /bench 4\/4 runs \| pass 4/);

    const file = join(cases, "case3_detail.json");
    const ir = JSON.parse(readFileSync(file, "utf8"));
    ir.entities[0].value = `${ir.entities[0].value}x`;
    writeFileSync(file, JSON.stringify(ir));
    const changed = await silpc([...common(out, cases), "--models", "good", "--judge", "rule", "--label", "baseline"]);
    assert.equal(changed.code, 2, changed.stderr);
    assert.match(changed.stderr, /2 runs of changed cases.*case3_detail.*--rerun-changed/s);
    const rerun = await silpc([...common(out, cases), "--models", "good", "--judge", "rule", "--label", "baseline", "--rerun-changed"]);
    assert.equal(rerun.code, 0, rerun.stderr);
    assert.match(rerun.stdout, /2 written, 2 already in/);

    // --force-settings appends anyway; the new header and the new records say how they ran.
    rmSync(join(cases, "case1_multi_constraint.json"));
    copyFileSync(join(corpusDir(), "cases", "case5_tool_branch.json"), join(cases, "case5_tool_branch.json"));
    const forced = await silpc([...common(out, cases), "--models", "good", "--judge", "rule", "--label", "baseline", "--max-tokens", "32", "--force-settings"]);
    assert.equal(forced.code, 0, forced.stderr);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.filter((l) => l.silp_bench_run === 1).map((h) => h.settings.max_tokens),
      [256, 256, 256, 32],
    );
    assert.deepEqual(
      lines.filter((l) => l.case_id === "case5_tool_branch").map((r) => r.max_tokens),
      [32, 32],
    );
  });

  test("a second run on the same results file is refused while the first holds it", async () => {
    const out = join(tmp, "locked.jsonl");
    const cases = caseFolder("locked");
    // One frontend: two slow jobs (about a second each) hold the lock longer than the second run takes to start.
    const codeOnly = ["bench", "run", "--out", out, "--cases", cases, "--base-url", server.baseUrl, "--frontends", "code"];
    const first = silpc([...codeOnly, "--models", "slow", "--judge", "rule", "--concurrency", "1", "--no-progress"]);
    // The second run starts once the first holds the results file's lock.
    await vi.waitFor(() => assert.ok(existsSync(`${out}.lock`), "the first run holds no lock yet"), { timeout: 20_000, interval: 50 });
    const second = await silpc([...codeOnly, "--models", "slow", "--judge", "rule", "--no-progress"]);
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, /in use by another run/);
    assert.equal((await first).code, 0);
    const lines = readFileSync(out, "utf8").trim().split("\n");
    assert.equal(lines.length, 1 + 2);
  });

  test("usage errors exit 2: an unknown frontend lists every frontend, llmlingua2 included", async () => {
    const run = await silpc(["bench", "run", "--out", join(tmp, "x.jsonl"), "--models", "good", "--base-url", server.baseUrl, "--frontends", "bogus"]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /code, json, natural, nl_json, llmlingua2/);
  });

  test("nothing to run writes no file and prints no report hint", async () => {
    const out = join(tmp, "empty.jsonl");
    const run = await silpc([
      ...common(out, caseFolder("empty")),
      "--frontends",
      "llmlingua2",
      "--models",
      "good",
      "--judge",
      "rule",
      "--llmlingua2-model",
      tmp,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /report:/);
    assert.equal(existsSync(out), false);
  });
});

describe("silpc bench report over several runs", () => {
  const record = (model: string, caseId: string, pass: boolean, label: string) => ({
    case_id: caseId,
    frontend: "code",
    model,
    encoded: "x",
    model_response: "y",
    judge_verdict: pass ? "pass" : "fail",
    judge_reason: "",
    judge: "rule",
    elapsed: 0,
    retries: 0,
    timestamp: "2026-01-01T00:00:00Z",
    first_pass: pass,
    run_label: label,
  });
  const write = (name: string, records: object[]): string => {
    const path = join(tmp, name);
    writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
    return path;
  };
  // Run A passes cases 0-9 and fails 10-11; run B fails 0-9 and passes 10-11: 10 + 2 discordant pairs.
  const ids = Array.from({ length: 12 }, (_, i) => `c${i}_negation`);
  const a = write(
    "a.jsonl",
    ids.map((id, i) => record("m", id, i < 10, "A")),
  );
  const b = write(
    "b.jsonl",
    ids.map((id, i) => record("m", id, i >= 10, "B")),
  );

  test("overlapping keys across --results files are an error unless --prefer says which file wins", async () => {
    const clash = await silpc(["bench", "report", "--results", a, "--results", b, "--out", join(tmp, "clash.html")]);
    assert.equal(clash.code, 2, clash.stderr);
    assert.match(clash.stderr, /12 keys appear in more than one --results file.*--prefer/s);
    const later = await silpc(["bench", "report", "--results", a, "--results", b, "--prefer", "later", "--out", join(tmp, "later.html"), "--json"]);
    assert.equal(later.code, 0, later.stderr);
    assert.equal(JSON.parse(later.stdout).overlap.prefer, "later");
    assert.equal(JSON.parse(later.stdout).outcomes.byModel.m.passed, 2);
  });

  test("without --out the report goes to the system's temporary folder, never into the current one", () => {
    const here = mkdtempSync(join(tmpdir(), "silp-report-cwd-"));
    const temporary = mkdtempSync(join(tmpdir(), "silp-report-tmp-"));
    try {
      const run = spawnSync(process.execPath, [CLI_BIN, "bench", "report", "--results", a, "--results", b, "--prefer", "later"], {
        cwd: here,
        encoding: "utf8",
        env: { ...process.env, TMPDIR: temporary },
      });
      assert.equal(run.status, 0, run.stderr);
      assert.ok(existsSync(join(temporary, "silp-report.html")), run.stdout);
      assert.match(run.stdout, /silp-report\.html/);
      assert.deepEqual(readdirSync(here), [], "nothing written into the current folder");
    } finally {
      rmSync(here, { recursive: true, force: true });
      rmSync(temporary, { recursive: true, force: true });
    }
  });

  test("report --compare A B: paired exact McNemar per cell (Holm-corrected) and the cases that differ", async () => {
    const html = join(tmp, "compare.html");
    const rep = await silpc(["bench", "report", "--compare", a, b, "--out", html, "--json"]);
    assert.equal(rep.code, 0, rep.stderr);
    const compare = JSON.parse(rep.stdout).compare;
    assert.deepEqual([compare.labels.a, compare.labels.b], ["A", "B"]);
    const cell = compare.cells[0];
    assert.deepEqual([cell.model, cell.frontend, cell.pairs, cell.b, cell.c], ["m", "code", 12, 10, 2]);
    // Exact two-sided p for 10 vs 2 of 12: 2 * P(X <= 2), X ~ Bin(12, 1/2) = 2 * 79 / 4096.
    assert.ok(Math.abs(cell.pValue - (2 * 79) / 4096) < 1e-12, String(cell.pValue));
    assert.equal(cell.pHolm, cell.pValue); // one test in the family
    assert.equal(compare.differences.length, 12);
    assert.match(readFileSync(html, "utf8"), /Holm/);
  });
});
