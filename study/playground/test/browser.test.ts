/**
 * The playground in a real browser: builds the static folder (budgets checked), serves it over
 * loopback, and drives headless Chromium through what a reader does: type an IR and see every
 * frontend with token counts, paste a broken payload and find the marker at the right column,
 * paste a homoglyph payload and find it marked, follow a shared link and get the same state.
 * Expected values are written down here (from docs/grammar.md and the codec's own docs), not
 * asked from the page's code. Screenshots go to $SILP_PLAYGROUND_SCREENSHOTS (default: a temp dir).
 */
import { afterAll, beforeAll, test } from "vitest";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { extname, join } from "node:path";
import { chromiumSkip, findChromium } from "@silp/testkit/chromium.js";
import type { Browser, Page } from "playwright-core";
import { SITE_CSP } from "../src/index.js";
import { buildSite, formatReport, PAGE_BUDGET, type SiteReport } from "../scripts/build-site.js";

const executablePath = findChromium();
/**
 * A bound far above the goal ("well under a second"), not the goal itself: the best
 * warm visit measured 431-493 ms on the development machine (load average 10-15 on 2 cores), but a
 * bound that close would flake on a busier machine. The measured time is printed on every run;
 * docs/playground.md has the before/after numbers. SILP_PLAYGROUND_RENDER_BOUND_MS overrides the
 * bound; the failure message prints the load average.
 */
const RENDER_BOUND_MS = Number(process.env.SILP_PLAYGROUND_RENDER_BOUND_MS ?? 2500);
const skip = chromiumSkip(executablePath);
const shots = process.env.SILP_PLAYGROUND_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "silp-playground-shots-"));
mkdirSync(shots, { recursive: true });

let site: SiteReport;
let server: Server | undefined;
let base = "";
let browser: Browser | undefined;

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };

beforeAll(async () => {
  site = await buildSite(mkdtempSync(join(tmpdir(), "silp-playground-site-")));
  if (skip) return;
  // A plain static server (the test double of any static host): the files as they are on disk,
  // under the policy silpc playground sends (the page must work within it).
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const file = path === "/" ? "index.html" : path.slice(1);
    if (file.includes("..")) return void response.writeHead(400).end();
    try {
      const body = readFileSync(join(site.outDir, file));
      response
        .writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "content-length": body.length,
          "content-security-policy": SITE_CSP,
        })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  assert.ok(address && typeof address === "object");
  base = `http://127.0.0.1:${address.port}/`;
  // Loaded here, not at the top: playwright-core takes seconds to import, wasted when skipped.
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  server?.closeAllConnections();
  rmSync(site.outDir, { recursive: true, force: true });
});

test("the build writes a static folder within the budget and prints it", (_t) => {
  for (const line of formatReport(site).split("\n")) console.log(line);
  const paths = site.files.map((file) => file.path).sort();
  assert.deepEqual(paths, [
    "index.html",
    "playground.css",
    "playground.js",
    "tokenizer-worker.js",
    "tokenizers/claude.vocab.gz",
    "tokenizers/gemini.vocab.gz",
    "tokenizers/gpt-3.5.vocab.gz",
    "tokenizers/gpt-4o.vocab.gz",
    "tokenizers/llama-2.js",
    "tokenizers/qwen2.5.vocab.gz",
  ]);
  // The schema is compiled at build time: nothing in the page generates code at run time (the
  // policy has no 'unsafe-eval'; the page tests below would also see the violation as an error).
  for (const file of ["playground.js", "tokenizer-worker.js"]) {
    assert.doesNotMatch(readFileSync(join(site.outDir, file), "utf8"), /new Function\(|\beval\(/, file);
  }
  assert.doesNotMatch(SITE_CSP, /unsafe-eval/);
  assert.ok(site.pageGzipped <= PAGE_BUDGET, `page ${site.pageGzipped} bytes gzipped > ${PAGE_BUDGET}`);
  // No tokenizer data is in the bundles: the page's bundle is smaller than gpt-4o's vocabulary,
  // and the worker far smaller than the smallest one (claude).
  const bundle = site.files.find((file) => file.path === "playground.js");
  const gpt4o = site.files.find((file) => file.path === "tokenizers/gpt-4o.vocab.gz");
  assert.ok(bundle && gpt4o && bundle.bytes < gpt4o.bytes, "the tokenizer data must not be bundled into the page");
  const worker = site.files.find((file) => file.path === "tokenizer-worker.js");
  const claude = site.files.find((file) => file.path === "tokenizers/claude.vocab.gz");
  assert.ok(worker && claude && worker.bytes < claude.bytes / 2, "the tokenizer data must not be bundled into the worker");
  // The files are @silp/tokens' own, byte for byte.
  for (const name of ["gpt-4o", "gpt-3.5", "qwen2.5", "claude", "gemini"]) {
    const ours = readFileSync(new URL(`vocabularies/${name}.vocab.gz`, import.meta.resolve("@silp/tokens/package.json")));
    assert.ok(ours.equals(readFileSync(join(site.outDir, "tokenizers", `${name}.vocab.gz`))), name);
  }
});

async function openPage(hash = ""): Promise<{ page: Page; firstRenderMs: number }> {
  assert.ok(browser);
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text().slice(0, 200));
  });
  await page.goto(`${base}${hash}`);
  await page.waitForSelector("body[data-ready=true]");
  assert.deepEqual(errors, [], "the page threw");
  const firstRenderMs = (await page.evaluate(`performance.getEntriesByName("silp-first-render")[0].startTime`)) as number;
  return { page, firstRenderMs };
}

/** Replaces the editor's text as a user would: select all, then type or paste. */
async function setEditor(page: Page, text: string, how: "type" | "paste"): Promise<void> {
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  if (how === "type") await page.keyboard.type(text, { delay: 0 });
  else await page.keyboard.insertText(text);
  // The page re-analyses 120 ms after the last change.
  await page.waitForTimeout(400);
}

const outputOf = (page: Page, frontend: string) => page.textContent(`.card[data-frontend="${frontend}"] .output`);
const countOf = (page: Page, frontend: string, tokenizer: string) => page.textContent(`.card[data-frontend="${frontend}"] [data-tokenizer="${tokenizer}"]`);

test("typing an IR shows every frontend with its gpt-4o and gpt-3.5 token counts", { skip: Boolean(skip), timeout: 120_000 }, async (_t) => {
  // The first visit also pays for Chromium starting a renderer and compiling the bundle with no
  // code cache; it is reported, not bounded. The bound is on the best of five later visits:
  // on a shared, loaded machine noise only ever adds time, so the minimum is the page's own cost.
  const cold = await openPage();
  await cold.page.close();
  const warm: number[] = [];
  for (let visit = 0; visit < 4; visit++) {
    const again = await openPage();
    warm.push(again.firstRenderMs);
    await again.page.close();
  }
  const { page, firstRenderMs } = await openPage();
  warm.push(firstRenderMs);
  const best = Math.min(...warm);
  console.log(
    `first render on loopback: best ${best.toFixed(0)} ms of ${warm.map((ms) => ms.toFixed(0)).join(", ")} (first visit, cold: ${cold.firstRenderMs.toFixed(0)} ms)`,
  );
  await page.selectOption("#mode", "ir");
  await setEditor(page, '{"intent": "!CANCEL", "entities": [{"id": "act", "value": "flight"}], "meta": {"req_id": "a1b2c3d4"}}', "type");
  // docs/grammar.md: a primary action with one argument prints as verb(value).
  assert.equal(await outputOf(page, "code"), "cancel(flight)");
  assert.equal(await outputOf(page, "json"), '{"intent":"!CANCEL","act":"flight"}');
  assert.match((await outputOf(page, "natural")) ?? "", /flight/i);
  assert.match((await outputOf(page, "nl_json")) ?? "", /^\{"task_description":/);
  await page.waitForSelector("body[data-tokens=ready]", { timeout: 60_000 });
  // Counted by hand with tiktoken: "cancel(flight)" is cancel|(|flight|) on o200k_base and cl100k_base.
  assert.equal(await countOf(page, "code", "gpt-4o"), "gpt-4o: 4");
  assert.equal(await countOf(page, "code", "gpt-3.5"), "gpt-3.5: 4");
  for (const frontend of ["json", "natural", "nl_json"]) {
    assert.match((await countOf(page, frontend, "gpt-4o")) ?? "", /^gpt-4o: [1-9]\d*$/, frontend);
  }
  assert.match((await page.textContent("#envelope")) ?? "", /"silp_payload": "cancel\(flight\)"/);
  assert.match((await page.textContent("#decoded")) ?? "", /"intent": "!CANCEL"/);
  await page.screenshot({ path: join(shots, "playground-ir.png") });
  await page.close();
  // Checked last, so a slow machine still gets the behaviour checked and the screenshot taken.
  assert.ok(
    best < RENDER_BOUND_MS,
    `first render took ${best.toFixed(0)} ms at best (bound ${RENDER_BOUND_MS} ms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
  );
});

test("a broken payload gets its lint marker at the error's column", { skip: Boolean(skip), timeout: 60_000 }, async () => {
  const { page } = await openPage();
  await page.selectOption("#mode", "code");
  // The browser test of the codec pins this error: invalid_syntax at line 1, column 24 (offset 23).
  await setEditor(page, "fetch(data); process(re", "paste");
  const finding = page.locator(".finding.error").first();
  assert.match((await finding.textContent()) ?? "", /^1:24 +\[invalid_syntax\]/);
  // A point diagnostic is a zero-width widget; the editor tells where in the text it sits.
  await page.waitForSelector(".cm-lintPoint-error", { state: "attached" });
  const offset = (await page.evaluate(`silpPlayground.view.posAtDOM(document.querySelector(".cm-lintPoint-error"))`)) as number;
  assert.equal(offset, 23, "the marker sits at offset 23 (column 24)");
  assert.equal(await page.locator(".cm-lint-marker-error").count(), 1, "the gutter marks the line");
  await page.screenshot({ path: join(shots, "playground-syntax-error.png") });
  await page.close();
});

test("a homoglyph payload is marked where the look-alike word is", { skip: Boolean(skip), timeout: 60_000 }, async () => {
  const { page } = await openPage();
  await page.selectOption("#mode", "code");
  // "rаin" with U+0430 CYRILLIC SMALL LETTER A; and a zero-width space inside "hi\u200bke".
  await setEditor(page, "if !r\u0430in(t+1): start(hi\u200bke)", "paste");
  const marked = page.locator(".cm-silp-homoglyph");
  await marked.first().waitFor();
  assert.equal(await marked.first().textContent(), "r\u0430in");
  assert.equal(await page.locator(".cm-silp-invisible").first().textContent(), "⟨U+200B⟩");
  const findings = await page.locator(".finding").allTextContents();
  assert.ok(
    findings.some((line) => /^1:5 +\[homoglyph\]/.test(line) && line.includes("U+0430")),
    findings.join("\n"),
  );
  // "if !rаin(t+1): start(hi" is 23 characters: the zero-width space is at column 24.
  assert.ok(
    findings.some((line) => /^1:24 +\[zero_width\]/.test(line)),
    findings.join("\n"),
  );
  // The sanitizer normalised the word: the decoded IR says !rain.
  assert.equal(await outputOf(page, "code"), "if !rain(t+1): start(hike)");
  // Counts in place before the screenshot (docs/playground.png is this one).
  await page.waitForSelector("body[data-tokens=ready]", { timeout: 60_000 });
  await page.screenshot({ path: join(shots, "playground-homoglyph.png") });
  await page.close();
});

test("a shared link restores the same state, negotiation included", { skip: Boolean(skip), timeout: 60_000 }, async () => {
  const first = (await openPage()).page;
  await first.selectOption("#mode", "code");
  await setEditor(first, "if !rain(t+1): start(hike) else: start(cards@indoor)", "paste");
  await first.fill("#sender", "code, json, natural");
  await first.fill("#receiver", "natural, json");
  assert.equal(await first.inputValue("#receiver"), "natural, json");
  const link = new URL(first.url());
  assert.match(link.hash, /^#s=[A-Za-z0-9_-]+$/);
  const negotiation = await first.textContent("#negotiation");
  await first.close();
  // The receiver's priority wins (docs/protocol.md): B lists natural first but natural is lossy...
  // whatever the rule picks, the link must reproduce it exactly; the lines are pinned below.
  assert.equal(
    negotiation,
    [
      "A → B  //ping silp=v1 frontends=code,json,natural",
      "B → A  //pong silp=v1 frontends=natural,json prefer=natural",
      "agreed: natural  (mutual: natural, json)",
      "degradation chain: natural",
    ].join("\n"),
  );
  const { page } = await openPage(link.hash);
  assert.equal(await page.inputValue("#mode"), "code");
  assert.equal(await page.textContent(".cm-content"), "if !rain(t+1): start(hike) else: start(cards@indoor)");
  assert.equal(await page.textContent("#negotiation"), negotiation);
  assert.equal(
    await outputOf(page, "json"),
    '{"intent":"!START","act":"hike","constraints":[{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!START","target":"cards","location":"indoor"}]}',
  );
  // Every count in the page equals js-tiktoken's own encoder (an implementation independent of
  // the page's TiktokenBpe) on the text the page shows.
  await page.waitForSelector("body[data-tokens=ready]", { timeout: 60_000 });
  const { getEncoding } = await import("js-tiktoken");
  const encoders = { "gpt-4o": getEncoding("o200k_base"), "gpt-3.5": getEncoding("cl100k_base") };
  for (const frontend of ["code", "json", "natural", "nl_json"]) {
    const text = (await outputOf(page, frontend)) ?? "";
    for (const [tokenizer, encoder] of Object.entries(encoders)) {
      assert.equal(await countOf(page, frontend, tokenizer), `${tokenizer}: ${encoder.encode(text).length}`, `${frontend} on ${tokenizer}`);
    }
  }
  await page.screenshot({ path: join(shots, "playground-link.png") });
  await page.close();
});

test("all six tokenizers load on request with progress, and count what @silp/tokens counts", { skip: Boolean(skip), timeout: 600_000 }, async (_t) => {
  const { page } = await openPage();
  await page.selectOption("#mode", "code");
  await setEditor(page, "if !rain(t+1): start(hike) else: start(cards@indoor)", "paste");
  await page.waitForSelector("body[data-tokens=ready]", { timeout: 60_000 });
  // Only the default two are loaded until asked.
  for (const name of ["llama-2", "qwen2.5", "claude", "gemini"]) {
    assert.equal(await page.getAttribute(`.tokenizer[data-name="${name}"]`, "data-state"), "idle", name);
  }
  assert.equal(await page.locator('.card[data-frontend="code"] [data-tokenizer="gemini"]').count(), 0);
  // Every status text shown while loading, and the longest main-thread task meanwhile.
  await page.evaluate(`(() => {
    window.silpSeen = [];
    window.silpLongest = 0;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll(".tokenizer")) window.silpSeen.push(item.dataset.name + " " + item.textContent);
    }).observe(document.getElementById("tokenizers"), { subtree: true, childList: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.silpLongest = Math.max(window.silpLongest, entry.duration);
    }).observe({ type: "longtask" });
  })()`);
  const started = Date.now();
  await page.click("#load-all");
  await page.waitForSelector("body[data-all-tokens=ready]", { timeout: 540_000 });
  const seconds = (Date.now() - started) / 1000;
  const seen = (await page.evaluate("window.silpSeen")) as string[];
  const longest = (await page.evaluate("window.silpLongest")) as number;
  const statuses = Object.fromEntries(
    await Promise.all(["llama-2", "qwen2.5", "claude", "gemini"].map(async (name) => [name, await page.textContent(`.tokenizer[data-name="${name}"] small`)])),
  );
  console.log(`four more tokenizers in ${seconds.toFixed(1)} s; ${JSON.stringify(statuses)}; longest main-thread task meanwhile ${longest.toFixed(0)} ms`);
  // Progress in bytes of the file's size, known from the response's length: "X KB of 1414 KB"
  // while it arrives, "1414 KB, building…" once it is in (over loopback the whole file may come
  // in one read, so either may be the only one shown).
  const geminiBytes = site.files.find((file) => file.path === "tokenizers/gemini.vocab.gz")?.bytes ?? 0;
  const geminiTotal = `${(geminiBytes / 1024).toFixed(0)} KB`;
  assert.ok(
    seen.some((line) => line.startsWith("gemini ") && (line.includes(`of ${geminiTotal}`) || line.includes(`${geminiTotal}, building`))),
    `no gemini progress of "${geminiTotal}" among ${seen.length} updates: ${JSON.stringify(seen.filter((line) => line.startsWith("gemini ")).slice(0, 5))}`,
  );
  for (const name of ["llama-2", "qwen2.5", "claude", "gemini"]) assert.match(statuses[name] ?? "", /^ready \(\d+ ms\)$/, name);
  // The oracle: @silp/tokens' own Node loaders (checked against the upstream packages by
  // study/tokens/test/identical-counts.test.ts), on the text each card shows.
  const { loadTokenizer } = await import("@silp/tokens");
  for (const frontend of ["code", "json", "natural", "nl_json"]) {
    const text = (await outputOf(page, frontend)) ?? "";
    assert.ok(text.length > 0, frontend);
    for (const name of ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini"] as const) {
      const expected = (await loadTokenizer(name)).encode(text).length;
      assert.equal(await countOf(page, frontend, name), `${name}: ${expected}`, `${frontend} on ${name}`);
    }
  }
  await page.screenshot({ path: join(shots, "playground-six-tokenizers.png") });
  await page.close();
});

test("a tokenizer whose data cannot be fetched shows as unavailable with the reason, and a retry works", {
  skip: Boolean(skip),
  timeout: 300_000,
}, async () => {
  const { page } = await openPage();
  await page.waitForSelector("body[data-tokens=ready]", { timeout: 60_000 });
  const file = join(site.outDir, "tokenizers", "claude.vocab.gz");
  const aside = `${file}.aside`;
  renameSync(file, aside);
  try {
    await page.click('.tokenizer[data-name="claude"] button');
    await page.waitForSelector('.tokenizer[data-name="claude"][data-state="failed"]', { timeout: 60_000 });
    assert.equal(await page.textContent('.tokenizer[data-name="claude"] small'), "unavailable: tokenizers/claude.vocab.gz: HTTP 404");
    assert.equal(await countOf(page, "code", "claude"), "claude: unavailable");
  } finally {
    renameSync(aside, file);
  }
  // The failure is not remembered: asking again loads it.
  await page.click('.tokenizer[data-name="claude"] button');
  await page.waitForSelector('.tokenizer[data-name="claude"][data-state="ready"]', { timeout: 120_000 });
  // A selector, not waitForFunction: Playwright polls a function by evaluating it in the page,
  // which the page's script-src 'self' refuses (EvalError) whenever the first check is false.
  await page.waitForSelector('.card[data-frontend="code"] [data-tokenizer="claude"]:text-matches("^claude: [0-9]+$")', { timeout: 60_000 });
  await page.close();
});
