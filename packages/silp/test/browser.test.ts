/**
 * "The codec runs everywhere a JavaScript engine does": bundles `silp` and its protocol subpaths
 * for the browser with esbuild (which proves no Node.js module is reachable from them), then runs
 * the codec in headless Chromium and checks its answers against values written down here.
 * Skipped, with the install line, where Chromium is absent.
 */
import { test, onTestFinished } from "vitest";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { builtinModules } from "node:module";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type BuildResult, type Message, type OutputFile } from "esbuild";
import { chromiumSkip, findChromium } from "@silp/testkit/chromium.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import * as silp from "silp";
import * as negotiation from "silp/negotiation";
import * as session from "silp/session";
import * as sanitizer from "silp/sanitizer";

const SRC = join(REPO_ROOT, "packages/silp/src");
const ENTRIES = {
  index: join(SRC, "index.ts"),
  negotiation: join(SRC, "protocol/negotiation/index.ts"),
  session: join(SRC, "protocol/session/index.ts"),
  sanitizer: join(SRC, "security/index.ts"),
};
const BUILTINS = new Set(builtinModules);
const isBuiltin = (path: string) => path.startsWith("node:") || BUILTINS.has(path) || BUILTINS.has(path.split("/")[0] ?? "");

/**
 * What runs in the page (and, as an extra check, in Node): plain JavaScript, no DOM, so the same
 * text works in both. Results are plain JSON so they survive the trip out of the browser.
 */
const SCENARIO = String.raw`
export async function run({ silp, negotiation, session, sanitizer }) {
  const ir = {
    intent: "!START",
    entities: [{ id: "act", value: "hike" }],
    constraints: [{ type: "!rain", value: "true", time: "t+1" }],
    alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
    meta: { req_id: "a1b2c3d4" },
  };
  const code = silp.compile(ir);
  let syntax = "no error";
  try { silp.decode("fetch(data); process(re"); } catch (e) {
    syntax = { isSilpError: e instanceof silp.SilpError, name: e.name, code: e.code, offset: e.offset, line: e.line, column: e.column };
  }
  const invalid = silp.validate({ intent: "!SWITCH_TOOL", meta: { req_id: "a1b2c3d4" } });
  const ping = negotiation.createPing({ versions: ["v1"], frontends: ["code", "json", "natural"] });
  const answer = negotiation.answerPing(ping, { versions: ["v1"], frontends: ["json", "natural"] });
  const sessions = new session.SessionManager({ store: new session.MemorySessionStore(), heartbeat: 5 });
  const { id } = await sessions.create();
  const turns = [];
  for (let i = 0; i < 6; i++) {
    const { turn, context, renewed, renewals } = await sessions.turn(id, "t" + i);
    turns.push({ turn, context, renewed, renewals });
  }
  return {
    code,
    json: silp.compile(ir, "json"),
    decoded: silp.decode(code).ir,
    valid: silp.validate(ir).ok,
    invalid: { ok: invalid.ok, issues: invalid.issues.map(({ rule, path, hint }) => ({ rule, path, hint })) },
    syntax,
    zeroWidth: silp.decode("cancel(fli\u200bght)").sanitizer.hits,
    sanitized: sanitizer.sanitizePayload("cancel(fli\u200bght)").text,
    ping: negotiation.formatProbe(ping),
    pong: negotiation.formatProbe(answer.pong),
    accepted: negotiation.acceptPong(ping, answer.pong),
    sessionIdOk: /^[a-z][a-z0-9]$/.test(id),
    turns,
  };
}`;

/** Worked out from README.md and docs/ (ir.md, errors.md, security.md, protocol.md), checked once. */
const EXPECTED = {
  code: "if !rain(t+1): start(hike) else: start(cards@indoor)",
  json: '{"intent":"!START","act":"hike","constraints":[{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!START","target":"cards","location":"indoor"}]}',
  // The normal form; the compact payload carries no meta, so req_id is the first 8 hex of
  // SHA-256("if !rain(t+1): start(hike) else: start(cards@indoor)") (checked with sha256sum).
  decoded: {
    silp: "v1",
    version: "ir-v0.1",
    intent: "!START",
    entities: [{ id: "act", value: "hike", action: "!START" }],
    constraints: [{ type: "!rain", value: "true", time: "t+1" }],
    alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
    meta: { req_id: "925dda38", priority: 0, confidence: 1, seq: [], out: "natural" },
  },
  valid: true,
  invalid: { ok: false, issues: [{ rule: "verb-whitelist", path: "/intent", hint: "use !SWITCH" }] },
  syntax: { isSilpError: true, name: "SilpError", code: "invalid_syntax", offset: 23, line: 1, column: 24 },
  zeroWidth: [{ kind: "zero_width", offset: 10, action: "stripped", codePoint: 0x200b }],
  sanitized: "cancel(flight)",
  ping: "//ping silp=v1 frontends=code,json,natural",
  pong: "//pong silp=v1 frontends=json,natural prefer=json",
  accepted: { version: "v1", frontend: "json", mutual: ["json", "natural"], skipped: [], dialects: {}, unverified: [] },
  sessionIdOk: true,
  // N = 5: turn t sees the entries since the last renewal; the context is cleared after turn 4.
  turns: [
    { turn: 0, context: [], renewed: false, renewals: 0 },
    { turn: 1, context: ["t0"], renewed: false, renewals: 0 },
    { turn: 2, context: ["t0", "t1"], renewed: false, renewals: 0 },
    { turn: 3, context: ["t0", "t1", "t2"], renewed: false, renewals: 0 },
    { turn: 4, context: ["t0", "t1", "t2", "t3"], renewed: true, renewals: 1 },
    { turn: 5, context: [], renewed: false, renewals: 1 },
  ],
};

/** esbuild's own failure (e.g. `Could not resolve "node:fs"`) becomes a result with errors. */
async function bundle(): Promise<BuildResult<{ metafile: true; write: false }> | { errors: Message[] }> {
  try {
    return await build({
      entryPoints: ENTRIES,
      bundle: true,
      platform: "browser",
      format: "esm",
      splitting: true, // the four entries share one chunk, as an application bundler would do
      target: "es2022",
      minify: true, // a realistic size to report
      // No keepNames: the error classes name themselves with string literals, and the page checks
      // that a minified bundle still reports "SilpError".
      metafile: true,
      write: false,
      outdir: join(REPO_ROOT, "browser-bundle"), // virtual: write is false
      absWorkingDir: REPO_ROOT,
      logLevel: "silent",
    });
  } catch (error) {
    if (error instanceof Error && "errors" in error) return { errors: error.errors as Message[] };
    throw error;
  }
}

const where = (m: Message) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : "") + m.text;
let outputs: OutputFile[] = [];

test("the browser bundle of silp, silp/negotiation, silp/session and silp/sanitizer reaches no Node.js module", async (_t) => {
  const result = await bundle();
  assert.deepEqual(result.errors.map(where), [], "esbuild could not bundle the codec for the browser");
  assert.ok("metafile" in result && result.metafile && result.outputFiles);
  const inputs = Object.entries(result.metafile.inputs);
  assert.ok(
    inputs.some(([path]) => path.endsWith("src/codec.ts")),
    "the codec is in the bundle",
  );
  const builtins = inputs.flatMap(([path, input]) => [path, ...input.imports.map((i) => `${i.path} (from ${path})`)]).filter(isBuiltin);
  assert.deepEqual(builtins, [], "Node.js builtins reached from the browser entries");
  outputs = result.outputFiles;
  const bytes = outputs.reduce((sum, file) => sum + file.contents.length, 0);
  const gzipped = outputs.reduce((sum, file) => sum + gzipSync(file.contents).length, 0);
  console.log(`bundle: ${outputs.length} files, ${bytes} bytes minified, ${gzipped} bytes gzipped`);
  // A bound, not a target: the homoglyph table makes up a good part of it (0.2 had Ajv too: 358 KB / 112 KB).
  assert.ok(bytes < 300_000 && gzipped < 100_000, `bundle grew: ${bytes} bytes, ${gzipped} gzipped`);
});

const executablePath = findChromium();
/** The page's policy: scripts from its own origin only, so no eval and no `new Function`. */
const CSP = "script-src 'self'";

test("the codec runs in headless Chromium, under script-src 'self' (no eval), and gives the documented answers", {
  skip: Boolean(chromiumSkip(executablePath)),
  timeout: 120_000,
}, async (_t) => {
  assert.ok(executablePath && outputs.length > 0, "the bundle test above did not produce a bundle");
  const files = new Map(outputs.map((file) => [`/${basename(file.path)}`, file.text]));
  files.set(
    "/run.js",
    `import * as silp from "/index.js"; import * as negotiation from "/negotiation.js";
import * as session from "/session.js"; import * as sanitizer from "/sanitizer.js";
export const go = () => run({ silp, negotiation, session, sanitizer });\n${SCENARIO}`,
  );
  // A module that compiles code at run time, to show the page's policy is in force.
  files.set("/evals.js", "export const evals = () => new Function('return 1')();");
  // Served over loopback HTTP: module imports need a real origin (not file:// or about:blank).
  // The page's Content-Security-Policy allows scripts from its own origin only: no 'unsafe-eval',
  // so a codec that compiled code at run time (Ajv's `new Function`) would fail here.
  const server = createServer((request, response) => {
    const body = request.url === "/" ? "<!doctype html><title>silp</title>" : files.get(request.url ?? "");
    const headers: Record<string, string> = { "content-type": request.url === "/" ? "text/html" : "text/javascript" };
    if (request.url === "/") headers["content-security-policy"] = CSP;
    response.writeHead(body === undefined ? 404 : 200, headers);
    response.end(body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // closeAllConnections: Chromium keeps its connections alive, and close() alone would wait for them.
  onTestFinished(() => {
    server.close();
    server.closeAllConnections();
  });
  const address = server.address();
  assert.ok(address && typeof address === "object");

  // Loaded here, not at the top: playwright-core takes seconds to import, wasted when skipped.
  const { chromium } = await import("playwright-core");
  const browser = await chromium
    .launch({
      executablePath,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    })
    .catch((error: unknown) => {
      throw new Error(`Chromium at ${executablePath} is installed but could not be launched: ${error instanceof Error ? error.message : String(error)}`);
    });
  onTestFinished(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${address.port}/`);
  await page.evaluate(`window.__violations = []; document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective))`);
  const evalRefused = (await page.evaluate(
    `import("/evals.js").then((m) => { try { m.evals(); return false; } catch (e) { return e instanceof EvalError; } })`,
  )) as boolean;
  assert.equal(evalRefused, true, "the page's policy must refuse run-time code (else this test proves nothing)");
  // A string, not a function: tsx would compile a function with helpers the page does not have.
  const [inBrowser, userAgent, hasProcess] = (await page.evaluate(
    `import("/run.js").then(async (m) => [await m.go(), navigator.userAgent, typeof process !== "undefined"])`,
  )) as [unknown, string, boolean];
  console.log(`ran in ${userAgent}`);
  assert.equal(hasProcess, false, "the page must not have Node's `process`");
  assert.deepEqual(inBrowser, EXPECTED);
  // Only the probe above violated the policy: compile, decode and validate compiled no code.
  assert.deepEqual(await page.evaluate("window.__violations"), ["script-src"]);

  // Extra check: the same scenario on Node, against the TypeScript sources, gives the same answers.
  const scenario = (await import(`data:text/javascript,${encodeURIComponent(SCENARIO)}`)) as { run: (modules: object) => Promise<unknown> };
  assert.deepEqual(await scenario.run({ silp, negotiation, session, sanitizer }), inBrowser);
});
