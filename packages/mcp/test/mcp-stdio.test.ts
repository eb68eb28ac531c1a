/**
 * `silpc mcp` as a real child process: both SDK lines' Clients spawn it over stdio, and the
 * --http mode is started, used and stopped by a signal.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { closeServer, listenOnLoopback } from "@silp/testkit/loopback.js";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioTransportV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { appendixExample } from "silp/examples";
import { assertToolRoundTrip } from "./tool-round-trip.js";

import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";
const cli = { command: process.execPath, args: [CLI_BIN, "mcp"], cwd: repoRoot };
const a3 = appendixExample("A.3").ir;

type CallResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

describe("silpc mcp over stdio", () => {
  test("the 2.x Client spawns it (2026-07-28 era), lists the tools (count_tokens included) and round-trips A.3", async () => {
    const client = new Client({ name: "stdio-v2", version: "0.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StdioClientTransport({ ...cli, stderr: "pipe" }));
    try {
      assert.equal(client.getProtocolEra(), "modern");
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.deepEqual(names, ["validate", "compile", "decode", "negotiate", "count_tokens"]);
      await assertToolRoundTrip(client, a3);
    } finally {
      await client.close();
    }
  });

  test("the 1.x Client spawns it with --no-count-tokens; a bad payload is an isError result", async () => {
    const client = new ClientV1({ name: "stdio-v1", version: "0.0.0" });
    await client.connect(new StdioTransportV1({ ...cli, args: [...cli.args, "--no-count-tokens"], stderr: "pipe" }));
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      assert.deepEqual(names, ["validate", "compile", "decode", "negotiate"]);
      const failed = (await client.callTool({ name: "decode", arguments: { silp_encoding: "json", silp_payload: '{"intent": "!START",' } })) as CallResult;
      assert.equal(failed.isError, true);
      assert.equal((failed.structuredContent?.error as { code: string } | undefined)?.code, "invalid_syntax");
      const pong = (await client.callTool({ name: "negotiate", arguments: { ping: "//ping silp=v1 frontends=json" } })) as CallResult;
      assert.equal(pong.structuredContent?.pong_line, "//pong silp=v1 frontends=code,json prefer=json");
    } finally {
      await client.close();
    }
  });
});

describe("silpc mcp --http", () => {
  test("prints its loopback URL, serves a client, and exits 0 on SIGTERM", async () => {
    const child = spawn(cli.command, [...cli.args, "--http", "0", "--no-count-tokens"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    try {
      let stdout = "";
      child.stdout.setEncoding("utf8");
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          stdout += chunk;
          const match = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`silpc mcp --http exited early (${code})`)));
      });
      const client = new Client({ name: "http-v2", version: "0.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const validated = (await client.callTool({ name: "validate", arguments: { ir: a3 } })) as CallResult;
      assert.equal(validated.structuredContent?.valid, true);
      await client.close();
      child.kill("SIGTERM");
      const [code, signal] = (await once(child, "exit")) as [number | null, string | null];
      assert.deepEqual({ code, signal }, { code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });

  test("--allow-origin: a foreign Origin gets 403, the allowed one and the server's own get through", async () => {
    const child = spawn(cli.command, [...cli.args, "--http", "0", "--no-count-tokens", "--allow-origin", "https://app.example"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let stdout = "";
      child.stdout.setEncoding("utf8");
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          stdout += chunk;
          const match = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.once("exit", (code) => reject(new Error(`silpc mcp --http exited early (${code})`)));
      });
      const status = async (origin: string): Promise<number> =>
        (
          await fetch(url, {
            method: "POST",
            headers: { origin, "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "initialize",
              params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "o", version: "0" } },
            }),
          })
        ).status;
      assert.equal(await status("https://attacker.example"), 403);
      assert.equal(await status("https://app.example"), 200);
      assert.equal(await status(new URL(url).origin), 200);
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    }
  });

  for (const bad of [
    ["--timeout", "0"],
    ["--timeout", "soon"],
    ["--http", "0", "--allow-origin", "app.example"],
  ]) {
    test(`${bad.join(" ")} is a usage error`, async () => {
      const child = spawn(cli.command, [...cli.args, ...bad], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
      const [code] = (await once(child, "exit")) as [number | null];
      assert.equal(code, 2);
    });
  }

  test("an --http port already in use is a usage error naming --http", async () => {
    const taken = createServer();
    const port = await listenOnLoopback(taken);
    try {
      const child = spawn(cli.command, [...cli.args, "--http", String(port)], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      const [code] = (await once(child, "exit")) as [number | null];
      assert.equal(code, 2);
      assert.equal(stderr, `usage error: --http ${port}: the port is already in use on 127.0.0.1; pass another --http (0 picks a free one)\n`);
    } finally {
      await closeServer(taken);
    }
  });

  test("a non-loopback --host is a usage error", async () => {
    const child = spawn(cli.command, [...cli.args, "--http", "0", "--host", "0.0.0.0"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, "exit")) as [number | null];
    assert.equal(code, 2);
    assert.match(stderr, /loopback/);
  });
});
