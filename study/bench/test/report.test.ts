/**
 * The HTML report: content and safety of the page, the CLI end to end (a scripted run through
 * `silpc bench run` against the scriptedChatServer TEST DOUBLE, then `silpc bench report`), and
 * a render check in headless Chromium (skipped, with the install line, where it is absent).
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildReport } from "../src/report/model.js";
import { renderHtml } from "../src/report/html.js";
import { compareTable } from "../src/report/reproduction.js";
import { tokenStatsFromVarianceCsv } from "../src/analysis/token-stats.js";
import { loadStudy } from "../src/study.js";
import type { MatrixRecord } from "../src/records.js";
import { corpusDir } from "@silp/testkit/corpus.js";
import { chromiumSkip, findChromium, screenshot, summarizePng } from "@silp/testkit/chromium.js";
import { scriptedChatServer, type ScriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

const execFileAsync = promisify(execFile);
import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";
const tmp = mkdtempSync(join(tmpdir(), "silp-bench-report-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const study = loadStudy(corpusDir());

async function silpc(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [CLI_BIN, ...args], {
      cwd: repoRoot,
      env: { ...process.env, OPENAI_BASE_URL: "", OPENAI_API_KEY: "", SILP_BENCH_BASE_URL: "", SILP_BENCH_API_KEY: "", ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describe("report model and HTML", () => {
  const model = buildReport({
    title: "study",
    source: "corpus",
    matrix: study.phase2,
    heartbeat: study.heartbeat,
    ablation: study.ablation,
    tokens: tokenStatsFromVarianceCsv(study.published.tokenizerVariance!),
    published: study.published,
  });
  const html = renderHtml(model);

  test("every published table is reproduced", () => {
    assert.deepEqual(
      model.reproduction.map((c) => [c.table, c.status]),
      [
        ["phase2/phase2_matrix.csv", "match"],
        ["phase2/mcnemar_pairwise.csv", "match"],
        ["phase2/phase2_spearman.json", "match"],
        ["phase3_heartbeat/phase3_heartbeat_summary.csv", "match"],
        ["phase3_ablation/ablation_matrix.csv", "match"],
      ],
    );
  });

  test("a changed published table is reported with its first differing line", () => {
    const altered = study.published.phase2Matrix!.replace("77.8%", "77.7%");
    const check = compareTable("m", altered, study.published.phase2Matrix!);
    assert.equal(check.status, "mismatch");
    assert.equal(check.firstDifference!.line, 2);
    assert.match(check.firstDifference!.published, /77\.7%/);
    assert.equal(compareTable("m", undefined, "x").status, "not-published");
  });

  test("the page holds every chart and test, and is self-contained", () => {
    for (const id of ["reproduction", "phase2", "tokens", "layers", "heartbeat", "ablation"]) assert.ok(html.includes(`<section id="${id}">`), id);
    assert.ok((html.match(/<svg /g) ?? []).length >= 9);
    for (const text of ["McNemar", "Spearman", "Fisher exact", "Benjamini-Hochberg", "Layer 4 ranking", "Layer 5 screening", "Token-count range"])
      assert.ok(html.includes(text), text);
    assert.doesNotMatch(html, /<script|<link|<img|@import|url\(/i);
    assert.doesNotMatch(html.replaceAll('xmlns="http://www.w3.org/2000/svg"', ""), /https?:\/\//);
  });

  test("names from results files are escaped", () => {
    const record: MatrixRecord = {
      case_id: "c1",
      frontend: "<b>fe</b>",
      model: `<script>alert("x")</script>`,
      encoded: "e",
      model_response: "r",
      judge_verdict: "pass",
      judge_reason: "ok",
      judge: "rule",
      elapsed: 0,
      retries: 0,
      timestamp: "t",
      first_pass: true,
    };
    const page = renderHtml(buildReport({ title: "<i>t</i>", source: "s&s", matrix: [record, { ...record, model: "m2", first_pass: false }] }));
    assert.doesNotMatch(page, /<script|<b>fe|<i>t/);
    assert.ok(page.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
    assert.ok(page.includes("s&amp;s"));
  });

  test("an empty input still renders a page", () => {
    assert.match(renderHtml(buildReport({ title: "none", source: "nothing" })), /No records to report/);
  });
});

describe("silpc bench end to end with the scriptedChatServer test double", () => {
  let server: ScriptedChatServer;
  beforeAll(async () => {
    server = await scriptedChatServer((body) => {
      const prompt = body.messages.at(-1)!.content;
      if (body.model === "judge") {
        const answer = prompt.split("## Model Response\n")[1] ?? "";
        return {
          text: answer.includes("payload")
            ? '{"verdict":"pass","reason":"scripted","missing":[]}'
            : '```json\n{"verdict":"fail","reason":"scripted fail"}\n```',
        };
      }
      const payload = prompt.split("SILP payload:\n").at(-1)!.split("\n\nExplain")[0]!;
      return { text: body.model === "echo" ? `The payload says: ${payload}` : "Sorry." };
    });
  });
  afterAll(() => server.close());

  const results = join(tmp, "run.jsonl");
  const report = join(tmp, "run.html");

  test("bench run writes a results file, bench report turns it into a page", async () => {
    const run = await silpc([
      "bench",
      "run",
      "--out",
      results,
      "--models",
      "echo,mute",
      "--frontends",
      "code,json,llmlingua2",
      "--cases",
      join(corpusDir(), "cases"),
      "--base-url",
      server.baseUrl,
      "--judge",
      "dual",
      "--judge-model",
      "judge",
      "--concurrency",
      "3",
      "--llmlingua2-model",
      tmp,
      "--json",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const summary = JSON.parse(run.stdout);
    assert.equal(summary.total, 27 * 2 * 2);
    assert.equal(summary.written, 108);
    assert.equal(summary.passed, 54);
    assert.match(summary.skippedFrontends.llmlingua2, /no local model/);
    const lines = readFileSync(results, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // The run header first (docs/bench.md), then one record per run.
    assert.equal(lines[0].silp_bench_run, 1);
    const records = lines.slice(1);
    assert.equal(records.length, 108);
    assert.ok(records.every((r) => r.judge === "dual"));

    const rep = await silpc(["bench", "report", "--results", results, "--out", report]);
    assert.equal(rep.code, 0, rep.stderr);
    assert.match(rep.stdout, /108 matrix/);
    const html = readFileSync(report, "utf8");
    assert.ok(html.includes('<section id="phase2">'));
    assert.ok(html.includes("echo") && html.includes("mute"));
    assert.ok(!html.includes('<section id="reproduction">'));
  });

  test("bench report --study reproduces the published tables and exits 0", async () => {
    const out = join(tmp, "study.html");
    const rep = await silpc(["bench", "report", "--study", corpusDir(), "--out", out, "--json"]);
    assert.equal(rep.code, 0, rep.stderr);
    const summary = JSON.parse(rep.stdout);
    assert.equal(summary.reproduction.length, 5);
    assert.ok(summary.reproduction.every((c: { status: string }) => c.status === "match"));
    assert.deepEqual(summary.counts, { matrix: 675, heartbeat: 2160, ablation: 243 });
  });

  test("bench report with no source reads the repository's copy of the study (data/study)", async () => {
    const rep = await silpc(["bench", "report", "--out", join(tmp, "default.html"), "--json"], { SILP_CORPUS: "" });
    assert.equal(rep.code, 0, rep.stderr);
    const summary = JSON.parse(rep.stdout);
    assert.deepEqual(summary.counts, { matrix: 675, heartbeat: 2160, ablation: 243 });
    assert.ok(summary.reproduction.every((c: { status: string }) => c.status === "match"));
  });

  test("usage errors exit 2 with a message", async () => {
    const both = await silpc(["bench", "report", "--study", "--results", join(tmp, "none.jsonl"), "--out", join(tmp, "x.html")]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /either --study \[DIR\] or one or more --results FILE, not both/);
    const noEndpoint = await silpc(["bench", "run", "--out", join(tmp, "y.jsonl"), "--models", "m"]);
    assert.equal(noEndpoint.code, 2);
    assert.match(noEndpoint.stderr, /no endpoint for m/);
  });
});

describe("render check in headless Chromium", () => {
  const chromium = findChromium();
  test("the study report renders: a full-size, non-blank screenshot", { skip: Boolean(chromiumSkip(chromium)), timeout: 180_000 }, async () => {
    const htmlPath = join(tmp, "render.html");
    const pngPath = join(tmp, "render.png");
    writeFileSync(
      htmlPath,
      renderHtml(
        buildReport({
          title: "render check",
          source: "corpus",
          matrix: study.phase2,
          heartbeat: study.heartbeat,
          ablation: study.ablation,
          published: study.published,
        }),
      ),
    );
    await screenshot(chromium!, htmlPath, pngPath, 1200, 1600);
    const png = summarizePng(readFileSync(pngPath));
    assert.equal(png.width, 1200);
    assert.equal(png.height, 1600);
    assert.ok(png.inkRatio > 0.01, `ink ratio ${png.inkRatio}`);

    // A blank page gives (almost) no ink: the measure can tell the difference.
    const blank = join(tmp, "blank.html");
    writeFileSync(blank, "<!DOCTYPE html><html><body></body></html>");
    await screenshot(chromium!, blank, join(tmp, "blank.png"), 1200, 1600);
    assert.ok(summarizePng(readFileSync(join(tmp, "blank.png"))).inkRatio < 0.001);
  });
});
