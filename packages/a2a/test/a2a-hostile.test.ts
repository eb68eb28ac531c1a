/**
 * Adversarial findings against a real A2A agent on loopback: session id exhaustion
 * across peers (finding 2), internal failures (finding 4), the safety filter (spec 8.2), the
 * request deadline (spec 5.1 `timeout`) and the transport details of finding 12.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Request } from "express";
import { newReqId } from "silp";
import type { User } from "@a2a-js/sdk/server";
import { BoundedTaskStore, SILP_EXTENSION_URI, startSilpAgent, type ExecutorEvent, type RunningSilpAgent } from "../src/index.js";

/** Each message is a new request (a fresh req_id): a repeated req_id is a retry, not counted again. */
const envelope = (payload = "book(hotel)") => ({ silp: "v1", silp_encoding: "code", silp_payload: payload, silp_meta: { req_id: newReqId() } });

/** A caller named by the x-peer header, authenticated (stands in for real authentication). */
const headerUser = async (req: Request): Promise<User> => {
  const name = String(req.header("x-peer") ?? "nobody");
  return { isAuthenticated: true, userName: name };
};

async function send(
  agent: RunningSilpAgent,
  parts: unknown[],
  options: { peer?: string; contextId?: string; extensions?: boolean; version?: string | null } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.version !== null) headers["A2A-Version"] = options.version ?? "1.0";
  if (options.extensions !== false) headers["A2A-Extensions"] = SILP_EXTENSION_URI;
  if (options.peer) headers["x-peer"] = options.peer;
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: randomUUID(), contextId: options.contextId ?? randomUUID(), role: "ROLE_USER", parts } },
    }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const json = (reply: { text: string }): any => JSON.parse(reply.text);
const silpError = (reply: { text: string }) => json(reply).result?.message?.parts?.[0]?.data?.silp_error;

describe("finding 2: one peer cannot lock every new conversation out", () => {
  const events: ExecutorEvent[] = [];
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({ name: "quota", handlers: { book: () => "booked" }, userBuilder: headerUser, onEvent: (e) => events.push(e) });
  });
  afterAll(() => agent.close());

  test("peer A opens 2000 contexts; peer B's conversation keeps its session and new ones open", async () => {
    const b1 = json(await send(agent, [{ data: envelope() }], { peer: "B", contextId: "b-ctx" })).result.message;
    const bSession = b1.metadata[SILP_EXTENSION_URI].session.id;
    const codes = new Map<string, number>();
    const total = 2000;
    for (let start = 0; start < total; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, total - start) }, (_, i) => send(agent, [{ data: envelope() }], { peer: "A", contextId: `a-${start + i}` })),
      );
      for (const reply of batch) {
        const code = silpError(reply)?.code ?? "ok";
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
    assert.deepEqual([...codes], [["ok", total]], "A is never refused: its own least recently used sessions make room");
    const b2 = json(await send(agent, [{ data: envelope() }], { peer: "B", contextId: "b-ctx" })).result.message;
    assert.deepEqual(
      [b2.metadata[SILP_EXTENSION_URI].session.id, b2.metadata[SILP_EXTENSION_URI].session.turn],
      [bSession, 1],
      "B's session survived A's flood",
    );
    const fresh = json(await send(agent, [{ data: envelope() }], { peer: "C" }));
    assert.equal(fresh.result.message.metadata[SILP_EXTENSION_URI].session.opened, true);
    const evictions = events.filter((e) => e.type === "evicted");
    assert.equal(evictions.length, total - 256);
    assert.ok(evictions.every((e) => e.type === "evicted" && e.scope === "user:A"));
    // A's last evicted context: its next turn opens a new session and says why.
    const back = json(await send(agent, [{ data: envelope() }], { peer: "A", contextId: `a-${total - 256 - 1}` })).result.message;
    assert.deepEqual([back.metadata[SILP_EXTENSION_URI].session.opened, back.metadata[SILP_EXTENSION_URI].session.previous], [true, "evicted"]);
    // A's first one is beyond the scope's 4 x 256 remembered evictions: a new session, without the note.
    const oldest = json(await send(agent, [{ data: envelope() }], { peer: "A", contextId: "a-0" })).result.message;
    assert.deepEqual([oldest.metadata[SILP_EXTENSION_URI].session.opened, oldest.metadata[SILP_EXTENSION_URI].session.previous], [true, undefined]);
  });
});

describe("findings 4 and 12, spec 8.2 and 5.1: failures, filters, deadlines and the wire", () => {
  const logged: string[] = [];
  const events: ExecutorEvent[] = [];
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({
      name: "hostile",
      handlers: {
        book: () => {
          const overflow = (n: number): number => overflow(n + 1) + 1;
          return String(overflow(0));
        },
        cancel: () => "cancelled",
        start: () => new Promise((resolve) => setTimeout(() => resolve("too late"), 1500)),
      },
      safetyFilter: (texts) => {
        const hit = texts.find((t) => t.text.includes("everything"));
        return hit ? { allow: false, reason: "mass cancellation", path: hit.path } : { allow: true };
      },
      requestTimeoutMs: 300,
      log: (line) => logged.push(line),
      onEvent: (e) => events.push(e),
    });
  });
  afterAll(() => agent.close());

  test("a stack overflow reaches the peer as decode_failed with a correlation id, no internals; one log line", async () => {
    const reply = await send(agent, [{ data: envelope() }]);
    const error = silpError(reply);
    assert.equal(error.code, "decode_failed");
    assert.doesNotMatch(reply.text, /Maximum call stack|RangeError|at .*\.ts/);
    const id = error.details.correlationId;
    assert.match(id, /^[0-9a-f-]{36}$/);
    assert.equal(logged.length, 1);
    assert.ok(logged[0]?.includes(id));
    assert.doesNotMatch(logged[0] as string, /\n/);
    assert.equal(json(reply).result.message.parts[1].text.includes(id), true);
  });

  test("spec 8.2: the safety filter sees the decoded IR before dispatch; a refusal is unsafe_content", async () => {
    assert.equal(silpError(await send(agent, [{ data: envelope("cancel(everything)") }])).code, "unsafe_content");
    const ok = json(await send(agent, [{ data: envelope("cancel(flight)") }]));
    assert.match(ok.result.message.parts[0].data.silp_payload, /cancelled/);
  });

  test("spec 5.1: a handler slower than the request deadline is answered with timeout", async () => {
    const began = Date.now();
    const reply = await send(agent, [{ data: envelope("start(job)") }]);
    assert.equal(silpError(reply).code, "timeout");
    assert.ok(Date.now() - began < 1200, "answered at the deadline, not when the handler finished");
  });

  test("finding 12: header echoes, a readable text part, extensions only when activated", async () => {
    const ok = await send(agent, [{ data: envelope("cancel(flight)") }]);
    assert.equal(ok.headers.get("A2A-Extensions"), SILP_EXTENSION_URI);
    const message = json(ok).result.message;
    assert.deepEqual(message.extensions, [SILP_EXTENSION_URI]);
    assert.match(message.parts[1].text, /cancel: cancelled/);
    const malformed = await send(agent, [{ data: { ...envelope(), silp_payload: 42 } }]);
    assert.equal(malformed.headers.get("A2A-Extensions"), SILP_EXTENSION_URI);
    assert.equal(silpError(malformed).code, "decode_failed");
    const unactivated = await send(agent, [{ data: envelope("cancel(flight)") }], { extensions: false });
    assert.equal(unactivated.headers.get("A2A-Extensions"), null);
    assert.deepEqual(json(unactivated).result.message.extensions ?? [], []);
  });

  test("finding 12: no A2A-Version is a JSON-RPC error and nothing on stderr; unknown paths a JSON 404", async () => {
    // The agent runs in this process: whatever it writes to stderr while answering is caught here.
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let noVersion: Awaited<ReturnType<typeof send>>;
    try {
      noVersion = await send(agent, [{ data: envelope() }], { version: null });
    } finally {
      process.stderr.write = write;
    }
    assert.equal(json(noVersion).error.code, -32009);
    assert.deepEqual(written, [], "a request without A2A-Version writes nothing to stderr (no stack trace)");
    const missing = await fetch(`${agent.url}/nope`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: "not found" });
  });
});

describe("finding 4: the task store is bounded", () => {
  test("at most maxTasks tasks, none older than maxAgeMs, each readable only by its caller", async () => {
    let now = 0;
    const store = new BoundedTaskStore({ maxTasks: 3, maxAgeMs: 1000, now: () => now });
    const alice = { tenant: "", user: { isAuthenticated: true, userName: "alice" } } as any;
    const bob = { tenant: "", user: { isAuthenticated: true, userName: "bob" } } as any;
    for (let i = 0; i < 5; i++) await store.save({ id: `t${i}`, contextId: "c" } as any, alice);
    assert.equal(store.size, 3);
    assert.equal(await store.load("t0", alice), undefined);
    assert.ok(await store.load("t4", alice));
    assert.equal(await store.load("t4", bob), undefined);
    now += 2000;
    assert.equal(await store.load("t4", alice), undefined);
    assert.equal(store.size, 0);
  });
});
