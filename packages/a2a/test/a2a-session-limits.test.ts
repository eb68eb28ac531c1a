/**
 * Session limits seen by peers of a real A2A agent on loopback: a conversation whose turn is in
 * progress (its handler still running) is never evicted by the peer's other conversations; when
 * every session of the peer's scope is busy a new conversation gets limit_exceeded; and the
 * ceiling over all peers (maxTotalSessions) refuses new conversations with a clear error while
 * open ones go on.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Request } from "express";
import { newReqId } from "silp";
import type { User } from "@a2a-js/sdk/server";
import { SILP_EXTENSION_URI, startSilpAgent, type ExecutorEvent, type RunningSilpAgent } from "../src/index.js";

/** Each message is a new request (a fresh req_id): a repeated req_id is a retry, not counted again. */
const envelope = (payload: string) => ({ silp: "v1", silp_encoding: "code", silp_payload: payload, silp_meta: { req_id: newReqId() } });

/** A caller named by the x-peer header, authenticated (stands in for real authentication). */
const headerUser = async (req: Request): Promise<User> => ({ isAuthenticated: true, userName: String(req.header("x-peer") ?? "nobody") });

async function send(agent: RunningSilpAgent, payload: string, peer: string, contextId: string): Promise<any> {
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { "content-type": "application/json", "A2A-Version": "1.0", "A2A-Extensions": SILP_EXTENSION_URI, "x-peer": peer },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "SendMessage",
      params: { message: { messageId: randomUUID(), contextId, role: "ROLE_USER", parts: [{ data: envelope(payload) }] } },
    }),
  });
  return ((await response.json()) as any).result.message;
}

const session = (message: any) => message.metadata?.[SILP_EXTENSION_URI]?.session;
const errorOf = (message: any) => message.parts[0].data.silp_error;

/** A handler that runs until the test opens its gate (a turn in progress for as long as we like). */
function gate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  return {
    handler: async () => {
      entered();
      await opened;
      return "started";
    },
    started,
    open,
  };
}

describe("a turn in progress is never evicted", () => {
  const events: ExecutorEvent[] = [];
  const slow = gate();
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({
      name: "busy",
      handlers: { start: slow.handler, book: () => "booked" },
      userBuilder: headerUser,
      maxSessionsPerScope: 2,
      onEvent: (e) => events.push(e),
    });
  });
  afterAll(() => agent.close());

  test("the peer's other conversations evict each other, not the one whose handler is running", async () => {
    const pending = send(agent, "start(job)", "A", "slow");
    await slow.started;
    for (const contextId of ["c1", "c2", "c3"]) assert.equal(session(await send(agent, "book(hotel)", "A", contextId)).opened, true);
    const evicted = events.flatMap((e) => (e.type === "evicted" ? e.evicted.map((each) => each.owner) : []));
    assert.deepEqual(evicted, ["c1", "c2"]);
    slow.open();
    const reply = await pending;
    assert.match(reply.parts[0].data.silp_payload, /started/);
    // The slow conversation kept its session: its next turn continues it.
    const next = session(await send(agent, "book(hotel)", "A", "slow"));
    assert.deepEqual([next.id, next.turn, next.opened], [session(reply).id, 1, false]);
  });
});

describe("every session of the scope busy", () => {
  const slow = gate();
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({ name: "full", handlers: { start: slow.handler, book: () => "booked" }, userBuilder: headerUser, maxSessionsPerScope: 1 });
  });
  afterAll(() => agent.close());

  test("a new conversation gets limit_exceeded; after the turn ends it opens, evicting the idle session", async () => {
    const pending = send(agent, "start(job)", "A", "slow");
    await slow.started;
    const refused = errorOf(await send(agent, "book(hotel)", "A", "new"));
    assert.equal(refused.code, "limit_exceeded");
    assert.match(refused.message, /every one has a turn in progress/);
    // Another peer is not affected.
    assert.equal(session(await send(agent, "book(hotel)", "B", "other")).opened, true);
    slow.open();
    await pending;
    assert.equal(session(await send(agent, "book(hotel)", "A", "new")).opened, true);
  });
});

describe("the ceiling over all peers", () => {
  let agent: RunningSilpAgent;
  beforeAll(async () => {
    agent = await startSilpAgent({ name: "ceiling", handlers: { book: () => "booked" }, userBuilder: headerUser, maxTotalSessions: 2 });
  });
  afterAll(() => agent.close());

  test("beyond maxTotalSessions a new conversation is limit_exceeded with the ceiling named; open ones go on", async () => {
    assert.equal(session(await send(agent, "book(hotel)", "A", "a")).opened, true);
    assert.equal(session(await send(agent, "book(hotel)", "B", "b")).opened, true);
    const refused = errorOf(await send(agent, "book(hotel)", "C", "c"));
    assert.equal(refused.code, "limit_exceeded");
    assert.match(refused.message, /ceiling of 2 live sessions over all peers/);
    assert.equal(refused.details.reason, "total_sessions");
    const again = session(await send(agent, "book(hotel)", "A", "a"));
    assert.deepEqual([again.opened, again.turn], [false, 1]);
  });
});
