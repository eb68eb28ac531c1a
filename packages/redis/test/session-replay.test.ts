/**
 * Owner-bound turns on each store, memory and a real Redis: a turn is counted at most once per
 * (conversation, request id), and a retry sees what the first attempt saw, across a renewal too;
 * a turn naming a session that is gone is refused with session_expired and records nothing.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import type { SilpError } from "silp";
import { type OwnedSessionStore, SessionManager } from "silp/session";
import { silpRejectionOf } from "@silp/testkit/silp-errors.js";
import { STORE_KINDS, type StoreFixture } from "./fixtures/stores.js";

async function withManager(open: () => Promise<StoreFixture>, body: (manager: SessionManager<string>, fixture: StoreFixture) => Promise<void>): Promise<void> {
  const fixture = await open();
  try {
    await body(new SessionManager<string>({ store: fixture.store, heartbeat: 5 }), fixture);
  } finally {
    await fixture.dispose();
  }
}

const SCOPE = "peer:replay";

async function turn(
  manager: SessionManager<string>,
  owner: string,
  entry: string,
  options: { requestId?: string; sessionId?: string; maxSessions?: number } = {},
) {
  const result = await manager.turnFor(owner, entry, { scope: SCOPE, ...options });
  await manager.endTurn(owner, { scope: SCOPE, sessionId: result.sessionId });
  return result;
}

for (const kind of STORE_KINDS) {
  describe(`replays and lost sessions on the ${kind.kind} store`, { skip: Boolean(kind.skip) }, () => {
    test("retries of the renewing turn and of a turn before it see their own windows; nothing is counted twice", async () => {
      await withManager(kind.open, async (manager) => {
        for (let t = 0; t < 4; t++) await turn(manager, "c", `e${t}`, { requestId: `000000a${t}` });
        // N = 5: turn 4 renews the context after it.
        const renewing = await turn(manager, "c", "e4", { requestId: "000000a4" });
        assert.deepEqual([renewing.turn, renewing.renewed, renewing.context], [4, true, ["e0", "e1", "e2", "e3"]]);
        const again = await turn(manager, "c", "e4", { requestId: "000000a4" });
        assert.deepEqual([again.turn, again.renewed, again.replayed, again.context], [4, true, true, ["e0", "e1", "e2", "e3"]]);
        const before = await turn(manager, "c", "e2", { requestId: "000000a2" });
        assert.deepEqual([before.turn, before.replayed, before.context], [2, true, ["e0", "e1"]]);
        const next = await turn(manager, "c", "e5", { requestId: "000000a5" });
        assert.deepEqual([next.turn, next.context], [5, []]);
        const store = manager.store as OwnedSessionStore;
        const info = await store.ownedTurn({
          scope: SCOPE,
          owner: "c",
          entry: '"e6"',
          deadline: undefined,
          record: { heartbeat: 5, ttlMs: 60_000 },
          start: 0,
          maxSessions: 256,
        });
        assert.equal(info?.status === "ok" ? info.turn : -1, 6, "7 turns sent, 7 counted");
      });
    });

    test("a replay older than the window the last renewal cleared is still not counted, and sees an empty context", async () => {
      await withManager(kind.open, async (manager) => {
        for (let t = 0; t < 11; t++) await turn(manager, "old", `e${t}`, { requestId: `000000b${t.toString(16)}` });
        const stale = await turn(manager, "old", "e1", { requestId: "000000b1" });
        assert.deepEqual([stale.turn, stale.replayed, stale.context], [1, true, []]);
        assert.equal((await turn(manager, "old", "e11", { requestId: "000000bb" })).turn, 11);
      });
    });

    test("naming an evicted session is session_expired with reason evicted; nothing is recorded and the tombstone stays", async () => {
      await withManager(kind.open, async (manager) => {
        const first = await turn(manager, "gone", "g0", { maxSessions: 1 });
        await turn(manager, "newcomer", "n0", { maxSessions: 1 }); // evicts "gone"
        const evicted = await silpRejectionOf(manager.turnFor("gone", "g1", { scope: SCOPE, sessionId: first.sessionId, maxSessions: 1 }));
        assert.equal(evicted.code, "session_expired");
        assert.deepEqual(evicted.details, { sessionId: first.sessionId, reason: "evicted" });
        // The refusal changed nothing: the newcomer's session is still there, and the tombstone too.
        const newcomer = await turn(manager, "newcomer", "n1", { maxSessions: 1 });
        assert.equal(newcomer.turn, 1);
        const reopened = await turn(manager, "gone", "g1", { maxSessions: 1 });
        assert.deepEqual([reopened.turn, reopened.opened, reopened.previous], [0, true, "evicted"]);
      });
    });

    test("naming a session that expired is session_expired with reason unknown, and opens nothing", async () => {
      const fixture = await kind.open();
      try {
        const manager = new SessionManager<string>({ store: fixture.store, ttlMs: 300 });
        const first = await turn(manager, "idle", "i0");
        await fixture.elapse(500);
        const expired = await silpRejectionOf(manager.turnFor("idle", "i1", { scope: SCOPE, sessionId: first.sessionId }));
        assert.deepEqual([expired.code, expired.details], ["session_expired", { sessionId: first.sessionId, reason: "unknown" }]);
        const fresh = await turn(manager, "idle", "i1");
        assert.deepEqual([fresh.turn, fresh.opened, fresh.previous], [0, true, undefined]);
      } finally {
        await fixture.dispose();
      }
    });
  });
}

test("a malformed session id is session_expired (malformed_id), a bad requestId a TypeError", async () => {
  const manager = new SessionManager<string>();
  const error: SilpError = await silpRejectionOf(manager.turnFor("o", "x", { scope: SCOPE, sessionId: "toolong" }));
  assert.equal(error.code, "session_expired");
  await assert.rejects(manager.turnFor("o", "x", { scope: SCOPE, requestId: "" }), TypeError);
  await assert.rejects(manager.turnFor("o", "x", { scope: SCOPE, requestId: "r".repeat(129) }), TypeError);
});
