/**
 * ListTasks over the wire (A2A 1.0, section 3.1.4; the A2A TCK's ListTasks cases as our own
 * requests): it lists the tasks GetTask finds, the caller's only, most recently saved first;
 * filters by context, state and status time; pages with a token that only its caller can use;
 * and answers parameters the spec rules out with invalid params (-32602).
 *
 * Tasks come from the agent's fallback executor (SILP replies are messages): a TEST DOUBLE of an
 * existing agent's executor that turns each text message into a task in the state the text names.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Request } from "express";
import { startSilpAgent, type RunningSilpAgent } from "../src/index.js";

interface WireTask {
  id: string;
  contextId: string;
  status: { state: string; timestamp?: string };
}
interface ListResult {
  tasks: WireTask[];
  nextPageToken: string;
  pageSize: number;
  totalSize: number;
}
interface RpcBody<T> {
  result?: T;
  error?: { code: number; message: string };
}

const STATES = { completed: 3, failed: 4, working: 2 } as const;

let agent: RunningSilpAgent;

async function rpc<T>(user: string, method: string, params: unknown): Promise<RpcBody<T>> {
  const response = await fetch(agent.url.endsWith("/a2a/jsonrpc") ? agent.url : `${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "A2A-Version": "1.0", "x-user": user },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as RpcBody<T>;
}

/** Sends a text message; the fallback double makes it a task in the state the text names. */
async function createTask(user: string, state: keyof typeof STATES, contextId = randomUUID()): Promise<string> {
  const reply = await rpc<{ task: WireTask }>(user, "SendMessage", {
    message: { messageId: randomUUID(), contextId, role: "ROLE_USER", parts: [{ text: state }] },
  });
  assert.ok(reply.result?.task, JSON.stringify(reply));
  return reply.result.task.id;
}

const list = (user: string, params: Record<string, unknown> = {}) => rpc<ListResult>(user, "ListTasks", params);

beforeAll(async () => {
  const { AgentEvent } = await import("@a2a-js/sdk/server");
  agent = await startSilpAgent({
    name: "tasks",
    handlers: { book: () => "booked" },
    userBuilder: async (req: Request) => ({ isAuthenticated: true, userName: String(req.header("x-user")) }),
    fallback: {
      execute: async (context, bus) => {
        const text = context.userMessage.parts.map((part) => (part.content?.$case === "text" ? part.content.value : "")).join("") as keyof typeof STATES;
        bus.publish(
          AgentEvent.task({
            id: context.taskId,
            contextId: context.contextId,
            status: { state: STATES[text], timestamp: new Date().toISOString(), message: undefined },
            artifacts: [],
            history: [],
            metadata: undefined,
          }),
        );
        bus.finished();
      },
      cancelTask: async () => undefined,
    },
  });
});
afterAll(async () => {
  await agent?.close();
});

describe("ListTasks", () => {
  test("lists the tasks GetTask finds, the caller's own, most recently saved first", async () => {
    const first = await createTask("alice", "completed");
    const second = await createTask("alice", "failed");
    const third = await createTask("alice", "working");
    await createTask("bob", "completed");
    for (const id of [first, second, third]) assert.equal((await rpc<WireTask>("alice", "GetTask", { id })).result?.id, id);
    assert.equal((await rpc<WireTask>("bob", "GetTask", { id: first })).error?.code, -32001, "another caller's task is not found");
    const all = await list("alice");
    assert.deepEqual(
      all.result?.tasks.map((task) => [task.id, task.status.state]),
      [
        [third, "TASK_STATE_WORKING"],
        [second, "TASK_STATE_FAILED"],
        [first, "TASK_STATE_COMPLETED"],
      ],
    );
    assert.equal(all.result?.totalSize, 3);
    assert.equal(all.result?.nextPageToken, "");
    assert.equal(all.result?.pageSize, 50);
    assert.equal((await list("bob")).result?.totalSize, 1);
    assert.equal((await list("carol")).result?.totalSize, 0);
  });

  test("filters by state, context and status time", async () => {
    const context = randomUUID();
    const done = await createTask("dave", "completed", context);
    await createTask("dave", "working");
    const byState = await list("dave", { status: "TASK_STATE_COMPLETED" });
    assert.deepEqual(
      byState.result?.tasks.map((task) => task.id),
      [done],
    );
    assert.equal(byState.result?.tasks[0]?.status.state, "TASK_STATE_COMPLETED");
    assert.deepEqual(
      (await list("dave", { contextId: context })).result?.tasks.map((task) => task.id),
      [done],
    );
    assert.equal((await list("dave", { statusTimestampAfter: "2000-01-01T00:00:00Z" })).result?.totalSize, 2);
    assert.equal((await list("dave", { statusTimestampAfter: new Date(Date.now() + 60_000).toISOString() })).result?.totalSize, 0);
  });

  test("pages with a token its caller can use, and refuses a forged or borrowed one", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createTask("erin", "completed"));
    const seen: string[] = [];
    let token = "";
    for (let page = 0; page < 3; page++) {
      const reply = await list("erin", { pageSize: 2, ...(token ? { pageToken: token } : {}) });
      assert.ok(reply.result, JSON.stringify(reply));
      assert.equal(reply.result.totalSize, 5);
      seen.push(...reply.result.tasks.map((task) => task.id));
      token = reply.result.nextPageToken;
      assert.equal(token === "", page === 2, `page ${page}: a token exactly while tasks are left`);
    }
    assert.deepEqual(seen, [...ids].reverse());
    const second = (await list("erin", { pageSize: 2 })).result?.nextPageToken as string;
    assert.match(second, /\S/);
    const forged = `${Number(second.split(".")[0]) + 1}.${second.split(".")[1]}`;
    for (const [user, pageToken] of [
      ["erin", forged],
      ["erin", "not a token"],
      ["erin", Buffer.from("1|x").toString("base64")],
      ["frank", second],
    ] as const) {
      assert.equal((await list(user, { pageToken })).error?.code, -32602, `${user} ${pageToken}`);
    }
  });

  test("parameters A2A rules out are invalid params", async () => {
    for (const params of [
      { pageSize: 0 },
      { pageSize: 101 },
      { historyLength: -1 },
      { historyLength: 1.5 },
      { statusTimestampAfter: "-1" },
      { statusTimestampAfter: "yesterday" },
      { statusTimestampAfter: "2026-13-01T00:00:00Z" },
      { status: "TASK_STATE_ASLEEP" },
    ]) {
      assert.equal((await list("alice", params)).error?.code, -32602, JSON.stringify(params));
    }
    assert.ok((await list("alice", { historyLength: 0, statusTimestampAfter: "2026-01-01T00:00:00.5+02:00" })).result);
  });
});
