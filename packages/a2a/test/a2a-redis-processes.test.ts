/**
 * Session limits across processes: two agent processes on one Redis serve one A2A
 * conversation as one SILP session (the contextId binding lives in Redis with the session), and
 * a context whose session expired never joins the session that reused its id.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { REDIS } from "@silp/testkit/redis.js";
import { newReqId } from "silp";
import { connectRedisSessionStore } from "@silp/redis";
import { SILP_EXTENSION_URI } from "../src/index.js";

const worker = fileURLToPath(new URL("./fixtures/redis-agent.ts", import.meta.url));

async function startAgent(keyPrefix: string, ttl: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", worker, REDIS.url as string, keyPrefix, String(ttl)], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`agent exited with ${code}`)));
  });
  return { url, child };
}

async function turn(url: string, contextId: string): Promise<{ id: string; turn: number; opened: boolean }> {
  const response = await fetch(`${url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "A2A-Version": "1.0", "A2A-Extensions": SILP_EXTENSION_URI },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: {
        message: {
          messageId: randomUUID(),
          contextId,
          role: "ROLE_USER",
          parts: [{ data: { silp: "v1", silp_encoding: "code", silp_payload: "book(hotel)", silp_meta: { req_id: newReqId() } } }],
        },
      },
    }),
  });
  const body = (await response.json()) as any;
  return body.result.message.metadata[SILP_EXTENSION_URI].session;
}

test("two agent processes on one Redis serve one contextId as one session", { skip: Boolean(REDIS.skip) }, async () => {
  const keyPrefix = `silp-test:${randomBytes(4).toString("hex")}:`;
  const agents = await Promise.all([startAgent(keyPrefix, 60_000), startAgent(keyPrefix, 60_000)]);
  try {
    const contextId = randomUUID();
    const turns = [];
    for (let i = 0; i < 6; i++) turns.push(await turn(agents[i % 2]!.url, contextId));
    assert.equal(new Set(turns.map((t) => t.id)).size, 1);
    assert.deepEqual(
      turns.map((t) => t.turn),
      [0, 1, 2, 3, 4, 5],
    );
    assert.deepEqual(
      turns.map((t) => t.opened),
      [true, false, false, false, false, false],
    );
  } finally {
    for (const { child } of agents) child.stdin?.end();
  }
});

test("reuse after expiry on Redis: the old context opens a new session, never joins the new owner's", { skip: Boolean(REDIS.skip) }, async () => {
  const keyPrefix = `silp-test:${randomBytes(4).toString("hex")}:`;
  const store = await connectRedisSessionStore(REDIS.url as string, { keyPrefix });
  try {
    const base = { scope: "peer:x", deadline: undefined, record: { heartbeat: 20 as const, ttlMs: 300 }, start: 0, maxSessions: 256 };
    const a = await store.ownedTurn({ ...base, owner: "ctx-a", entry: '"a0"' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const b = await store.ownedTurn({ ...base, owner: "ctx-b", entry: '"b0"', record: { heartbeat: 20, ttlMs: 60_000 } });
    assert.ok(a.status === "ok" && b.status === "ok" && a.id === b.id, "the id is reused");
    const again = await store.ownedTurn({ ...base, owner: "ctx-a", entry: '"a1"' });
    assert.ok(again.status === "ok" && b.status === "ok");
    assert.equal(again.opened, true);
    assert.notEqual(again.id, b.id);
    const next = await store.ownedTurn({ ...base, owner: "ctx-b", entry: '"b1"' });
    assert.deepEqual(next.status === "ok" && [next.id, next.turn, next.context], [b.id, 1, ['"b0"']]);
  } finally {
    await store.close();
  }
});

test("Redis unavailable fails fast with dependency_missing, not the client's message", { skip: Boolean(REDIS.skip) }, async () => {
  const store = await connectRedisSessionStore(REDIS.url as string, { keyPrefix: "silp-test:closed:" });
  await store.close();
  const began = Date.now();
  const base = { scope: "s", owner: "o", entry: "1", deadline: undefined, record: { heartbeat: 20 as const, ttlMs: 1000 }, start: 0, maxSessions: 4 };
  await assert.rejects(store.ownedTurn(base), (error: any) => error.code === "dependency_missing" && !/Connection|retry/i.test(error.message));
  assert.ok(Date.now() - began < 1000);
});
