/**
 * Requests the A2A SDK would answer with an internal error (its own exception text) or with a
 * stack trace on stderr are refused before it sees them: the peer gets the generic A2A error of
 * the case, and stderr one line per refusal, with no file paths. The agent runs as a real process
 * so that everything it writes to stderr is seen.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { SILP_EXTENSION_URI } from "../src/index.js";

const AGENT = fileURLToPath(new URL("./fixtures/plain-agent.ts", import.meta.url));
const envelope = { silp: "v1", silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id: "0000abcd" } };

interface RpcReply {
  status: number;
  body: { result?: unknown; error?: { code: number; message: string } };
}

describe("the request guard in front of the A2A SDK", () => {
  let child: ChildProcess;
  let url: string;
  let stderr = "";

  beforeAll(async () => {
    child = spawn(process.execPath, ["--import", "tsx", AGENT], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.trim());
      });
      child.once("exit", (code) => reject(new Error(`agent exited ${String(code)}: ${stderr}`)));
    });
  });
  afterAll(async () => {
    child.stdin?.end();
    await new Promise((resolve) => child.once("exit", resolve));
  });

  async function rpc(method: string, params: unknown): Promise<RpcReply> {
    const response = await fetch(`${url}/a2a/jsonrpc`, {
      method: "POST",
      headers: { "content-type": "application/json", "A2A-Version": "1.0", "A2A-Extensions": SILP_EXTENSION_URI },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
    });
    return { status: response.status, body: (await response.json()) as RpcReply["body"] };
  }

  /** Stderr lines written while `body` ran. */
  async function linesDuring(body: () => Promise<void>): Promise<string[]> {
    const before = stderr.length;
    await body();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return stderr
      .slice(before)
      .split("\n")
      .filter((line) => line !== "");
  }

  const message = (parts: unknown) => ({ message: { messageId: randomUUID(), contextId: randomUUID(), role: "ROLE_USER", parts } });

  test("a null, number, string or array part is invalid params (-32602), not the SDK's exception text; one line on stderr each", async () => {
    const cases = [[null], [1], ["text"], [[{ data: envelope }]]];
    const lines = await linesDuring(async () => {
      for (const parts of cases) {
        const reply = await rpc("SendMessage", message(parts));
        assert.equal(reply.body.error?.code, -32602, JSON.stringify(reply.body));
        assert.equal(reply.body.error?.message, "Invalid method parameters.");
      }
    });
    assert.equal(lines.length, cases.length, lines.join("\n"));
    for (const line of lines) {
      assert.match(line, /^silp a2a: refused SendMessage: params\.message\.parts\[0\] is not an object/);
      assert.doesNotMatch(line, /node_modules|\/work\/|\bat /);
    }
  });

  test("SendStreamingMessage and SubscribeToTask to an agent that does not stream: -32004, one line on stderr, no stack trace", async () => {
    const lines = await linesDuring(async () => {
      const streaming = await rpc("SendStreamingMessage", message([{ data: envelope }]));
      assert.equal(streaming.body.error?.code, -32004);
      assert.equal(streaming.body.error?.message, "Streaming is not supported.");
      const subscribe = await rpc("SubscribeToTask", { id: "task-1" });
      assert.equal(subscribe.body.error?.code, -32004);
    });
    assert.deepEqual(lines, [
      "silp a2a: refused SendStreamingMessage: this agent does not stream",
      "silp a2a: refused SubscribeToTask: this agent does not stream",
    ]);
  });

  /** Posts `body` as it is, with `contentType`. */
  async function post(body: string, contentType = "application/json"): Promise<RpcReply["body"] & { id?: unknown }> {
    const response = await fetch(`${url}/a2a/jsonrpc`, {
      method: "POST",
      headers: { "content-type": contentType, "A2A-Version": "1.0" },
      body,
    });
    assert.equal(response.status, 200);
    return (await response.json()) as RpcReply["body"] & { id?: unknown };
  }

  test("what is not a JSON-RPC 2.0 request is invalid request (-32600), an unknown method -32601, a body that is not JSON -32005 or -32700", async () => {
    // JSON-RPC 2.0, sections 4 and 5.1; @a2a-js/sdk 1.3.0 answers the first six with -32602.
    const invalid = [
      { jsonrpc: "1.0", id: 1, method: "GetTask", params: { id: "x" } },
      { id: 1, method: "GetTask", params: { id: "x" } },
      { jsonrpc: "2.0", id: 1, params: { id: "x" } },
      { jsonrpc: "2.0", id: 1, method: "", params: {} },
      { jsonrpc: "2.0", id: 1, method: 7, params: {} },
      { jsonrpc: "2.0", id: { a: 1 }, method: "GetTask", params: { id: "x" } },
      { jsonrpc: "2.0", id: 1.5, method: "GetTask", params: { id: "x" } },
      [{ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } }],
      "GetTask",
    ];
    const lines = await linesDuring(async () => {
      for (const body of invalid) {
        const reply = await post(JSON.stringify(body));
        assert.equal(reply.error?.code, -32600, JSON.stringify(body));
        assert.equal(reply.error?.message, "Invalid Request.");
      }
      assert.equal((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask" }))).error?.code, -32602, "no params: invalid params");
      for (const method of ["tasks/get", "Shutdown", "message/send"]) {
        const reply = await post(JSON.stringify({ jsonrpc: "2.0", id: "a", method }));
        assert.deepEqual([reply.error?.code, reply.id], [-32601, "a"], method);
      }
      // Another content type: the SDK's own answer, content type not supported.
      assert.equal((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } }), "text/plain")).error?.code, -32005);
      assert.equal((await post("{not json", "application/json")).error?.code, -32700);
    });
    assert.equal(lines.length, invalid.length + 3, lines.join("\n"));
    for (const line of lines)
      assert.match(line, /^silp a2a: refused (a request: [a-z" .,0-9-]+|an unknown method)$/, "the method a peer made up is not logged");
  });

  test("well-formed requests still reach the agent and nothing is logged", async () => {
    const lines = await linesDuring(async () => {
      const reply = await rpc("SendMessage", message([{ data: envelope }]));
      assert.ok(reply.body.result !== undefined, JSON.stringify(reply.body));
      const task = await rpc("GetTask", { id: "none" });
      assert.equal(task.body.error?.code, -32001, "task not found is the SDK's own answer");
    });
    assert.deepEqual(lines, []);
  });
});
