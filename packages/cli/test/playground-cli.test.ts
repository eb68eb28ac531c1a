/**
 * `silpc playground`: the static handler serves exactly the built folder's files (nothing
 * outside it, no directory listing, no write methods) with a CSP that keeps the page talking to
 * its own origin only; the command serves on a loopback port and copies the folder with --build.
 * A small folder written here stands in for the built playground.
 */
import { test, onTestFinished } from "vitest";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeServer, listenOnLoopback } from "@silp/testkit/loopback.js";
import { runCli } from "@silp/testkit/cli.js";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { SITE_CSP } from "@silp/playground";
import { staticSite } from "../src/static-site.js";

function fakeSite(): string {
  const root = mkdtempSync(join(tmpdir(), "silp-site-"));
  const dir = join(root, "site");
  mkdirSync(join(dir, "ranks"), { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>playground</title>");
  writeFileSync(join(dir, "playground.js"), "export {};");
  writeFileSync(join(dir, "ranks", "o200k_base.json"), '{"pat_str":""}');
  writeFileSync(join(root, "secret.txt"), "outside the site");
  return dir;
}

/** A raw request, so paths like /../secret.txt reach the server as written (fetch would normalise them). */
function get(
  port: number,
  path: string,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("the static handler serves the folder's files and nothing else", async (_t) => {
  const dir = fakeSite();
  onTestFinished(() => rmSync(join(dir, ".."), { recursive: true, force: true }));
  const server = createServer(staticSite(dir, SITE_CSP));
  const port = await listenOnLoopback(server);
  onTestFinished(() => closeServer(server));

  const index = await get(port, "/");
  assert.equal(index.status, 200);
  assert.equal(index.body, "<!doctype html><title>playground</title>");
  assert.equal(index.headers["content-type"], "text/html; charset=utf-8");
  assert.equal(index.headers["content-security-policy"], SITE_CSP);
  assert.equal(index.headers["x-content-type-options"], "nosniff");

  const ranks = await get(port, "/ranks/o200k_base.json?v=1");
  assert.deepEqual([ranks.status, ranks.headers["content-type"], ranks.body], [200, "application/json; charset=utf-8", '{"pat_str":""}']);
  assert.equal((await get(port, "/playground.js")).headers["content-type"], "text/javascript; charset=utf-8");

  for (const path of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/ranks/", "/ranks", "/nope.js", "/%E0%A4%A"]) {
    const response = await get(port, path);
    assert.ok(response.status === 404 || response.status === 400, `${path}: ${response.status}`);
    assert.doesNotMatch(response.body, /outside the site/);
  }
  assert.equal((await get(port, "/index.html", "POST")).status, 405);
  assert.equal((await get(port, "/index.html", "HEAD")).status, 200);
});

test("a revisit with the file's ETag gets 304 without a body; a changed file gets 200 again", async (_t) => {
  const dir = fakeSite();
  onTestFinished(() => rmSync(join(dir, ".."), { recursive: true, force: true }));
  const server = createServer(staticSite(dir, SITE_CSP));
  const port = await listenOnLoopback(server);
  onTestFinished(() => closeServer(server));

  const first = await get(port, "/playground.js");
  const etag = String(first.headers.etag);
  assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  assert.equal(first.headers["cache-control"], "no-cache");
  const again = await get(port, "/playground.js", "GET", { "if-none-match": etag });
  assert.deepEqual([again.status, again.body, again.headers.etag, again.headers["content-security-policy"]], [304, "", etag, SITE_CSP]);
  // A list, the strong form of the same tag, and "*" all match (weak comparison, RFC 9110).
  assert.equal((await get(port, "/playground.js", "GET", { "if-none-match": `"other", ${etag.slice(2)}` })).status, 304);
  assert.equal((await get(port, "/playground.js", "GET", { "if-none-match": "*" })).status, 304);
  // Another file's tag does not.
  const index = await get(port, "/index.html", "GET", { "if-none-match": etag });
  assert.equal(index.status, 200);
  // The file changed (size and time): the old tag no longer matches, the new content comes back.
  writeFileSync(join(dir, "playground.js"), "export const changed = true;");
  utimesSync(join(dir, "playground.js"), new Date(), new Date(Date.now() + 5000));
  const changed = await get(port, "/playground.js", "GET", { "if-none-match": etag });
  assert.deepEqual([changed.status, changed.body], [200, "export const changed = true;"]);
  assert.notEqual(changed.headers.etag, etag);
});

test("a folder without index.html is refused with the build hint", () => {
  const dir = mkdtempSync(join(tmpdir(), "silp-empty-"));
  try {
    assert.throws(() => staticSite(dir, SITE_CSP), /no index\.html \(build the playground first: npm run build\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("silpc playground --build copies the built folder; a non-loopback host is a usage error", () => {
  const dir = fakeSite();
  const out = join(dir, "..", "out");
  try {
    const built = runCli(["playground", "--dir", dir, "--build", out]);
    assert.equal(built.status, 0, built.stderr);
    assert.equal(readFileSync(join(out, "index.html"), "utf8"), "<!doctype html><title>playground</title>");
    assert.ok(existsSync(join(out, "ranks", "o200k_base.json")));
    const exposed = runCli(["playground", "--dir", dir, "--host", "0.0.0.0"]);
    assert.equal(exposed.status, 2);
    assert.match(exposed.stderr, /--host must be a loopback address/);
    const missing = runCli(["playground", "--dir", join(dir, "..", "nowhere")]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /has no index\.html: build the playground first/);
  } finally {
    rmSync(join(dir, ".."), { recursive: true, force: true });
  }
});

test("a --port already in use is a usage error naming --port, without a stack trace", async () => {
  const dir = fakeSite();
  const taken = createServer();
  const port = await listenOnLoopback(taken);
  try {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI_BIN, "playground", "--dir", dir, "--port", String(port)], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("exit", (code) => resolve({ code, stderr }));
    });
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stderr, `usage error: --port ${port}: the port is already in use on 127.0.0.1; pass another --port (0 picks a free one)\n`);
  } finally {
    await closeServer(taken);
    rmSync(join(dir, ".."), { recursive: true, force: true });
  }
});

test("silpc playground serves on 127.0.0.1 until SIGTERM", { timeout: 60_000 }, async () => {
  const dir = fakeSite();
  const child = spawn(process.execPath, [CLI_BIN, "playground", "--dir", dir, "--port", "0"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /SILP playground at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code} before listening: ${out}`)));
    });
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), "<!doctype html><title>playground</title>");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(join(dir, ".."), { recursive: true, force: true });
  }
});
