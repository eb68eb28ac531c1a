/**
 * The Redis store under faults, each against a real redis-server of the test's own:
 * - paused (SIGSTOP) past the client's command timeout: the turn answered `timeout` must never be
 *   recorded when Redis resumes and runs the script it had already received;
 * - a retried request (same req_id in the same conversation) is counted once;
 * - restarted without persistence: a conversation whose session is gone is told
 *   (`session_expired`), never silently given turn 0 of a new session.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import type { SilpError } from "silp";
import { SessionManager } from "silp/session";
import { type RedisServer, REDIS, startRedisServer } from "@silp/testkit/redis.js";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { connectRedisSessionStore, type RedisSessionStore } from "../src/redis-store.js";

const SCOPE = { scope: "peer:faults" };
/** The client's command timeout (ms): what turns a paused Redis into `timeout` answers. */
const COMMAND_TIMEOUT_MS = 1000;

/** The error `body` rejects with once Redis is back (the client reconnects in the background). */
async function rejectionOnceReachable(body: () => Promise<unknown>): Promise<SilpError> {
  for (let attempt = 0; ; attempt++) {
    const error = await silpRejectionOf(body());
    if (error.code !== "dependency_missing" || attempt >= 100) return error;
    await sleep(100);
  }
}

describe("the Redis store under faults", { skip: Boolean(REDIS.skip) }, () => {
  let server: RedisServer;
  let store: RedisSessionStore;
  let manager: SessionManager<string>;

  beforeAll(async () => {
    server = await startRedisServer();
    store = await connectRedisSessionStore(server.url, { redis: { commandTimeout: COMMAND_TIMEOUT_MS } });
    manager = new SessionManager<string>({ store });
  });
  afterAll(async () => {
    await store.close();
    await server.stop();
  });

  async function turn(owner: string, entry: string, options: { requestId?: string; sessionId?: string } = {}) {
    const result = await manager.turnFor(owner, entry, { ...SCOPE, ...options });
    await manager.endTurn(owner, { scope: SCOPE.scope, sessionId: result.sessionId });
    return result;
  }

  test("a turn that answered timeout while Redis was paused is not recorded when Redis resumes", async () => {
    const first = await turn("paused", "t0", { requestId: "0000aa01" });
    server.pause();
    let resumed = false;
    try {
      const late = await silpRejectionOf(manager.turnFor("paused", "t1", { ...SCOPE, requestId: "0000aa02" }));
      assert.equal(late.code, "timeout");
      await sleep(COMMAND_TIMEOUT_MS); // Redis stays paused well past the timeout
    } finally {
      server.resume();
      resumed = true;
    }
    assert.ok(resumed);
    await sleep(300); // Redis runs what it received while paused
    const next = await turn("paused", "t2", { requestId: "0000aa03" });
    assert.equal(next.sessionId, first.sessionId);
    assert.equal(next.turn, 1, "the turn that timed out was never recorded");
    assert.deepEqual(next.context, ["t0"]);
  });

  test("a retry with the same req_id is counted once and sees the context the first attempt saw", async () => {
    await turn("retry", "r0", { requestId: "0000bb01" });
    const once = await turn("retry", "r1", { requestId: "0000bb02" });
    const again = await turn("retry", "r1", { requestId: "0000bb02" });
    assert.deepEqual([once.turn, again.turn], [1, 1]);
    assert.equal(again.replayed, true);
    assert.deepEqual(again.context, ["r0"]);
    const next = await turn("retry", "r2", { requestId: "0000bb03" });
    assert.equal(next.turn, 2);
    assert.deepEqual(next.context, ["r0", "r1"], "the retried entry is in the window once");
  });

  test("after a restart without persistence, a conversation naming its lost session gets session_expired; a new one opens at turn 0", async () => {
    const known = await turn("restart", "s0", { requestId: "0000cc01" });
    await turn("restart", "s1", { requestId: "0000cc02", sessionId: known.sessionId });
    await server.kill();
    await server.restart();
    const lost = await rejectionOnceReachable(() => manager.turnFor("restart", "s2", { ...SCOPE, requestId: "0000cc03", sessionId: known.sessionId }));
    assert.equal(lost.code, "session_expired");
    assert.deepEqual(lost.details, { sessionId: known.sessionId, reason: "unknown" });
    // Nothing was opened by the refusal: the conversation starts over only when it asks to.
    const fresh = await turn("restart", "s2", { requestId: "0000cc03" });
    assert.deepEqual([fresh.turn, fresh.opened, fresh.context], [0, true, []]);
  });
});
