/**
 * The playground's static handler against a hostile browser page and a changing folder: a page on
 * another name that resolves to 127.0.0.1 (DNS rebinding) is refused by its Host header, a foreign
 * Origin is refused like the MCP server refuses it (403), a listed file or folder replaced by a
 * symbolic link after start is not followed out of the folder, and a listed file deleted after
 * start answers 404 instead of ending the process.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeServer, listenOnLoopback } from "@silp/testkit/loopback.js";
import { SITE_CSP } from "@silp/playground";
import { staticSite } from "../src/static-site.js";

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    // A handler that throws never answers: fail the test instead of hanging it.
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to ${path} in 5 s`)));
    req.end();
  });
}

describe("the playground's static handler under attack", () => {
  let root: string;
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "silp-site-"));
    dir = join(root, "site");
    mkdirSync(join(dir, "ranks"), { recursive: true });
    mkdirSync(join(root, "outside"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>playground</title>");
    for (const name of ["a.js", "b.js", "c.js"]) writeFileSync(join(dir, name), `export const name = "${name}";`);
    writeFileSync(join(dir, "ranks", "o200k_base.json"), '{"pat_str":""}');
    writeFileSync(join(root, "outside", "o200k_base.json"), "outside the site");
    writeFileSync(join(root, "secret.txt"), "outside the site");
    server = createServer(staticSite(dir, SITE_CSP));
    port = await listenOnLoopback(server);
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  test("a Host that is not a loopback name is refused with 403 (DNS rebinding); loopback names pass", async () => {
    for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1.evil.example", "[::2]"]) {
      assert.equal((await get(port, "/", { host })).status, 403, host);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, "localhost"]) {
      assert.equal((await get(port, "/", { host })).status, 200, host);
    }
  });

  test("a foreign Origin is refused with 403; the server's own origins pass", async () => {
    for (const origin of ["http://evil.example", `http://127.0.0.1:${port + 1}`, "null", "garbage"]) {
      assert.equal((await get(port, "/a.js", { origin })).status, 403, origin);
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      assert.equal((await get(port, "/a.js", { origin })).status, 200, origin);
    }
  });

  test("a listed file, or a listed folder, replaced by a symbolic link after start is not followed", async () => {
    unlinkSync(join(dir, "b.js"));
    symlinkSync(join(root, "secret.txt"), join(dir, "b.js"));
    const file = await get(port, "/b.js");
    assert.equal(file.status, 404);
    assert.doesNotMatch(file.body, /outside the site/);
    renameSync(join(dir, "ranks"), join(root, "ranks-moved"));
    symlinkSync(join(root, "outside"), join(dir, "ranks"), "dir");
    const nested = await get(port, "/ranks/o200k_base.json");
    assert.equal(nested.status, 404);
    assert.doesNotMatch(nested.body, /outside the site/);
  });

  test("a listed file deleted after start answers 404, and the server goes on serving", async () => {
    unlinkSync(join(dir, "c.js"));
    assert.equal((await get(port, "/c.js")).status, 404);
    const index = await get(port, "/");
    assert.equal(index.status, 200);
    assert.match(index.body, /playground/);
  });
});
