/**
 * Owner-bound sessions (SessionManager.turnFor) on each store, memory and a real Redis:
 * eviction never takes a session with a turn in progress (it takes the least recently used idle
 * one, or refuses with limit_exceeded when every session of the scope is busy), the in-progress
 * mark lapses after busyMs if endTurn never comes, and the store-wide ceiling maxTotalSessions
 * refuses a new session with limit_exceeded while existing conversations go on.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { SessionManager } from "silp/session";
import { STORE_KINDS, type StoreFixture } from "./fixtures/stores.js";

function limitExceeded(reason: string) {
  return (error: unknown) => error instanceof SilpError && error.code === "limit_exceeded" && (error.details as { reason?: string }).reason === reason;
}

async function withFixture(open: () => Promise<StoreFixture>, body: (f: StoreFixture) => Promise<void>): Promise<void> {
  const fixture = await open();
  try {
    await body(fixture);
  } finally {
    await fixture.dispose();
  }
}

for (const kind of STORE_KINDS) {
  describe(`turns in progress and the total ceiling on the ${kind.kind} store`, { skip: Boolean(kind.skip) }, () => {
    test("eviction skips the least recently used session while its turn is in progress", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store });
        const scope = { scope: "peer:p", maxSessions: 2 };
        const a = await manager.turnFor("a", "a0", scope); // in progress until endTurn
        const b = await manager.turnFor("b", "b0", scope);
        await manager.endTurn("b", { scope: "peer:p", sessionId: b.sessionId });
        // a is the least recently used, but busy: b goes.
        const c = await manager.turnFor("c", "c0", scope);
        assert.deepEqual(
          c.evicted.map((e) => e.owner),
          ["b"],
        );
        // a's turn ends; its next turn continues the same session with its context.
        await manager.endTurn("a", { scope: "peer:p", sessionId: a.sessionId });
        const a1 = await manager.turnFor("a", "a1", scope);
        assert.deepEqual([a1.sessionId, a1.opened, a1.turn, a1.context], [a.sessionId, false, 1, ["a0"]]);
      });
    });

    test("when every session of the scope has a turn in progress, a new conversation gets limit_exceeded and nothing is evicted", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store });
        const scope = { scope: "peer:q", maxSessions: 2 };
        const a = await manager.turnFor("a", "a0", scope);
        const b = await manager.turnFor("b", "b0", scope);
        await assert.rejects(manager.turnFor("c", "c0", scope), limitExceeded("scope_busy"));
        // Both conversations are intact; once one ends its turn, the new one evicts it.
        await manager.endTurn("b", { scope: "peer:q", sessionId: b.sessionId });
        const c = await manager.turnFor("c", "c0", scope);
        assert.deepEqual(
          c.evicted.map((e) => e.owner),
          ["b"],
        );
        await manager.endTurn("a", { scope: "peer:q", sessionId: a.sessionId });
        const a1 = await manager.turnFor("a", "a1", scope);
        assert.deepEqual([a1.opened, a1.turn], [false, 1]);
      });
    });

    test("two turns of one session in progress: the session stays busy until both end", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store });
        const scope = { scope: "peer:r", maxSessions: 1 };
        const first = await manager.turnFor("a", "a0", scope);
        await manager.turnFor("a", "a1", scope);
        await manager.endTurn("a", { scope: "peer:r", sessionId: first.sessionId });
        await assert.rejects(manager.turnFor("b", "b0", scope), limitExceeded("scope_busy"));
        await manager.endTurn("a", { scope: "peer:r", sessionId: first.sessionId });
        const b = await manager.turnFor("b", "b0", scope);
        assert.deepEqual(
          b.evicted.map((e) => e.owner),
          ["a"],
        );
      });
    });

    test("the in-progress mark lapses after busyMs when endTurn never comes (a crashed worker)", async () => {
      await withFixture(kind.open, async ({ store, elapse }) => {
        const manager = new SessionManager({ store });
        const scope = { scope: "peer:s", maxSessions: 1, busyMs: 150 };
        await manager.turnFor("a", "a0", scope);
        await assert.rejects(manager.turnFor("b", "b0", scope), limitExceeded("scope_busy"));
        await elapse(300);
        const b = await manager.turnFor("b", "b0", scope);
        assert.deepEqual(
          b.evicted.map((e) => e.owner),
          ["a"],
        );
      });
    });

    test("maxTotalSessions caps all scopes together: a new session beyond it is limit_exceeded, existing ones go on", async () => {
      await withFixture(kind.open, async ({ store, elapse }) => {
        const manager = new SessionManager({ store, ttlMs: 400 });
        const limits = { maxSessions: 4, maxTotalSessions: 3 };
        const open = async (scope: string, owner: string) => {
          const turn = await manager.turnFor(owner, `${owner}0`, { ...limits, scope });
          await manager.endTurn(owner, { scope, sessionId: turn.sessionId });
          return turn;
        };
        await open("peer:1", "a");
        await open("peer:1", "b");
        await open("peer:2", "c");
        await assert.rejects(manager.turnFor("d", "d0", { ...limits, scope: "peer:3" }), (error: unknown) => {
          assert.ok(limitExceeded("total_sessions")(error));
          assert.match((error as Error).message, /ceiling of 3 live sessions over all peers/);
          return true;
        });
        await assert.rejects(manager.turnFor("e", "e0", { ...limits, scope: "peer:1" }), limitExceeded("total_sessions"));
        // Conversations already open keep their sessions.
        const a1 = await manager.turnFor("a", "a1", { ...limits, scope: "peer:1" });
        assert.deepEqual([a1.opened, a1.turn], [false, 1]);
        // A scope at its own quota still evicts inside itself (the total does not grow).
        const small = { maxSessions: 1, maxTotalSessions: 3 };
        const c2 = await manager.turnFor("c2", "x", { ...small, scope: "peer:2" });
        assert.deepEqual(
          c2.evicted.map((e) => e.owner),
          ["c"],
        );
        // Expired sessions stop counting.
        await elapse(600);
        const d = await manager.turnFor("d", "d0", { ...limits, scope: "peer:3" });
        assert.equal(d.opened, true);
      });
    });
  });
}

test("maxTotalSessions must be a positive integer", async () => {
  const manager = new SessionManager();
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    await assert.rejects(manager.turnFor("a", 1, { scope: "s", maxTotalSessions: bad }), TypeError, String(bad));
  }
});
