/**
 * The playground's first render on loopback, measured in headless Chromium: one cold visit (a
 * fresh browser: no code cache) and `--visits` warm ones, each reading the page's performance
 * marks (silp-page-start: the bundle has run; silp-first-render: editor, frontends, findings,
 * negotiation and envelope shown). Each visit also reads Chromium's own counters (CDP
 * Performance.getMetrics) from navigation to the first render: the renderer main thread's CPU
 * time (ThreadTime, which a loaded machine does not inflate as it does wall time) and the time
 * in script, V8 compiling, style and layout. With `--profile`, one more warm visit runs under the
 * CDP profiler and the functions with the most self time are listed.
 *
 *   node --import tsx perf/playground-render.ts [--site DIR] [--csp POLICY] [--visits 5] [--profile]
 *
 * Without --site it builds the page into a temporary folder first. Prints the load average,
 * since a shared machine's load is most of the variance.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { extname, join } from "node:path";
import { parseArgs } from "node:util";
import { findChromium } from "@silp/testkit/chromium.js";
import { chromium } from "playwright-core";
import { SITE_CSP } from "../study/playground/src/index.js";
import { buildSite } from "../study/playground/scripts/build-site.js";

const { values } = parseArgs({
  options: { site: { type: "string" }, csp: { type: "string" }, visits: { type: "string", default: "5" }, profile: { type: "boolean", default: false } },
});
const site = values.site ?? (await buildSite(mkdtempSync(join(tmpdir(), "silp-playground-perf-")))).outDir;
const csp = values.csp ?? SITE_CSP;
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://x").pathname;
  const file = path === "/" ? "index.html" : path.slice(1);
  try {
    const body = readFileSync(join(site, file.replaceAll("..", "")));
    const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-security-policy": csp };
    response.writeHead(200, headers).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
if (!address || typeof address !== "object") throw new Error("no address");
const url = `http://127.0.0.1:${address.port}/`;
const executablePath = findChromium();
if (!executablePath) throw new Error("no Chromium");
const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });

async function visit(profile = false) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");
  const metrics = async () =>
    Object.fromEntries(
      ((await session.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]),
    );
  const before = await metrics();
  const cdp = profile ? session : undefined;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
  }
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  const marks = (await page.evaluate(`(() => {
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const nav = performance.getEntriesByType("navigation")[0];
    return { start: mark("silp-page-start"), render: mark("silp-first-render"), responseEnd: nav.responseEnd, domInteractive: nav.domInteractive };
  })()`)) as { start: number; render: number; responseEnd: number; domInteractive: number };
  const after = await metrics();
  const spent = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  const cpu = {
    thread: spent("ThreadTime"),
    script: spent("ScriptDuration"),
    compile: spent("V8CompileDuration"),
    style: spent("RecalcStyleDuration"),
    layout: spent("LayoutDuration"),
  };
  let top: string[] = [];
  if (cdp) {
    const { profile: result } = (await cdp.send("Profiler.stop")) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    // Self time per node from the samples, then grouped by function and by file.
    const byId = new Map(result.nodes.map((node) => [node.id, node]));
    const self = new Map<number, number>();
    for (const [index, id] of result.samples.entries()) self.set(id, (self.get(id) ?? 0) + (result.timeDeltas[index] ?? 0) / 1000);
    const byFunction = new Map<string, number>();
    for (const [id, ms] of self) {
      const frame = byId.get(id)?.callFrame;
      if (!frame) continue;
      const key = `${frame.functionName || "(anonymous)"} ${frame.url.replace(url, "") || ""}`.trim();
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    }
    top = [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${key}`);
  }
  await page.close();
  if (errors.length > 0) throw new Error(`the page logged errors: ${errors.join("; ")}`);
  return { ...marks, cpu, top };
}

const cold = await visit();
const warm = [];
for (let i = 0; i < Number(values.visits); i++) warm.push(await visit());
const best = warm.reduce((a, b) => (b.render < a.render ? b : a));
type Visit = Awaited<ReturnType<typeof visit>>;
const fmt = (v: Visit) =>
  `first render ${v.render.toFixed(0)} ms (response end ${v.responseEnd.toFixed(0)}, bundle run by ${v.start.toFixed(0)}, page's own work ${(v.render - v.start).toFixed(0)} ms)`;
const cpuLine = (v: Visit) =>
  `main-thread CPU ${v.cpu.thread.toFixed(0)} ms: script ${v.cpu.script.toFixed(0)} (V8 compile ${v.cpu.compile.toFixed(0)}), style ${v.cpu.style.toFixed(0)}, layout ${v.cpu.layout.toFixed(0)}`;
console.log(
  `site ${site}; load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")} on ${availableParallelism()} cores`,
);
console.log(`cold: ${fmt(cold)}`);
console.log(`warm: ${warm.map((v) => v.render.toFixed(0)).join(", ")} ms; best: ${fmt(best)}`);
const leastCpu = warm.reduce((a, b) => (b.cpu.thread < a.cpu.thread ? b : a));
console.log(`cold ${cpuLine(cold)}`);
console.log(`warm ${warm.map((v) => v.cpu.thread.toFixed(0)).join(", ")} ms CPU; least: ${cpuLine(leastCpu)}`);
if (values.profile) {
  const profiled = await visit(true);
  console.log(`profiled visit: ${fmt(profiled)}; most self time:`);
  for (const line of profiled.top) console.log(`  ${line}`);
}
await browser.close();
server.close();
