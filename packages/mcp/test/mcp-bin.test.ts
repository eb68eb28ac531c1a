/**
 * `silp-mcp`, the bin of @silp/mcp (its built dist/bin.js, as npm links it): an MCP client spawns
 * it over stdio and round-trips an IR; `--http 0` serves a client on a loopback port and stops on
 * SIGTERM; a bad option is a usage error (exit 2) naming it.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { appendixExample } from "silp/examples";
import { assertToolRoundTrip } from "./tool-round-trip.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "packages/mcp/package.json"), "utf8")) as { bin: Record<string, string> };
const BIN = join(REPO_ROOT, "packages/mcp", manifest.bin["silp-mcp"] as string);
const a3 = appendixExample("A.3").ir;
type CallResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

describe("silp-mcp", () => {
  test("over stdio: a client lists the four tools (--no-count-tokens) and round-trips A.3", async () => {
    const client = new Client({ name: "bin-stdio", version: "0.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "--no-count-tokens"], cwd: REPO_ROOT, stderr: "pipe" }));
    try {
      assert.deepEqual(
        (await client.listTools()).tools.map((tool) => tool.name),
        ["validate", "compile", "decode", "negotiate"],
      );
      await assertToolRoundTrip(client, a3);
    } finally {
      await client.close();
    }
  });

  test("--http 0: prints its loopback URL, serves a client, exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, [BIN, "--http", "0", "--no-count-tokens"], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout);
        if (match) resolve(match[1] as string);
      });
      child.once("exit", (code) => reject(new Error(`silp-mcp --http exited early (${code})`)));
    });
    const client = new Client({ name: "bin-http", version: "0.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const pong = (await client.callTool({ name: "negotiate", arguments: { ping: "//ping silp=v1 frontends=json" } })) as CallResult;
    assert.equal(pong.structuredContent?.pong_line, "//pong silp=v1 frontends=code,json prefer=json");
    await client.close();
    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    assert.equal(code, 0);
  });

  test("usage errors exit 2 and name the problem: an unknown option, a bad mode, a non-loopback host, bad dialect flags", () => {
    const cases: [string[], RegExp][] = [
      [["--htpp", "0"], /Unknown option '--htpp'/],
      [["--whitelist", "lenient"], /--whitelist must be one of strict, advisory, off/],
      [["--http", "0", "--host", "0.0.0.0"], /--host must be a loopback address/],
      [["--timeout", "soon"], /--timeout must be a positive number/],
      [["--accept-dialects", "x-evolved@sha256:zz"], /--accept-dialects must be none, any or a comma-separated list of dialect references/],
      [["--accept-dialects", "maybe"], /--accept-dialects must be none, any/],
      [["--order", "cheapest"], /--order must be listed or cost/],
      [["--tokenizer", "GPT 4"], /--tokenizer must be a tokenizer family/],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 20_000 });
      assert.equal(run.status, 2, `${args.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.match(run.stderr, /usage: silp-mcp/);
    }
  });
});
