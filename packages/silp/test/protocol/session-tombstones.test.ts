/**
 * The memory store remembers each evicted conversation (a tombstone) so that its next turn is told
 * `previous: "evicted"`. Tombstones are bounded per scope (4 x maxSessions, the soonest to lapse
 * dropped first) and swept in expiry order, so a peer that churns through conversations can
 * neither grow the store nor slow the turns of the conversations it keeps.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { performance } from "node:perf_hooks";
import { MemorySessionStore, SessionManager } from "silp/session";

const TTL_MS = 30 * 60 * 1000;

/** One turn of `owner`, ended at once (so its session may be evicted by the next newcomer). */
async function turn(manager: SessionManager, owner: string, scope: string, maxSessions: number) {
  const result = await manager.turnFor(owner, owner, { scope, maxSessions });
  await manager.endTurn(owner, { scope, sessionId: result.sessionId });
  return result;
}

async function timedTurns(manager: SessionManager, owner: string, scope: string, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await turn(manager, owner, scope, 8);
  return performance.now() - start;
}

describe("eviction tombstones of the memory store", () => {
  test("60,000 evicted conversations: the tombstones stay at their bound and unrelated turns keep their speed", async () => {
    const now = Date.now();
    const store = new MemorySessionStore({ now: () => now });
    const manager = new SessionManager({ store, ttlMs: TTL_MS });
    const baseline = await timedTurns(manager, "quiet", "peer:quiet", 1000);
    // 60,000 one-turn conversations in a scope of 8: each newcomer evicts the least recently used.
    for (let i = 0; i < 60_000; i++) await turn(manager, `churn-${i}`, "peer:churn", 8);
    const loaded = await timedTurns(manager, "kept", "peer:churn", 1000);
    // A bound far above linear: before, each turn scanned every tombstone of its scope (25x slower).
    assert.ok(loaded < baseline * 8 + 150, `1000 turns took ${loaded.toFixed(0)} ms beside 60,000 evictions, ${baseline.toFixed(0)} ms without`);
    const stats = store.stats();
    assert.ok(stats.tombstones <= 4 * 8, `${stats.tombstones} tombstones kept for a scope of 8 sessions`);
    assert.equal(stats.tombstones, 32, "the bound is filled, not emptied");
    assert.equal(stats.ownedSessions, 9, "8 in the churning scope, 1 in the quiet one");
  });

  test("over the bound, the tombstone that lapses soonest is dropped first; the newest are still told", async () => {
    let now = 1_000_000;
    const store = new MemorySessionStore({ now: () => now });
    const manager = new SessionManager({ store, ttlMs: TTL_MS });
    // Scope of 1 session: each new owner evicts the previous one; tombstones lapse in eviction order.
    for (let i = 0; i <= 10; i++) {
      await turn(manager, `o${i}`, "peer:p", 1);
      now += 1;
    }
    assert.equal(store.stats().tombstones, 4);
    const newest = await turn(manager, "o9", "peer:p", 1);
    assert.equal(newest.previous, "evicted");
    const oldest = await turn(manager, "o0", "peer:p", 1);
    assert.equal(oldest.previous, undefined, "o0's tombstone was the first to lapse, so it was dropped");
  });

  test("tombstones are swept when they lapse, and a scope with nothing left keeps none", async () => {
    let now = 1_000_000;
    const store = new MemorySessionStore({ now: () => now });
    const manager = new SessionManager({ store, ttlMs: TTL_MS });
    for (let i = 0; i < 3; i++) {
      await turn(manager, `o${i}`, "peer:p", 1);
      now += 60_000;
    }
    assert.equal(store.stats().tombstones, 2);
    // o0's tombstone lapses TTL after its last turn, o1's a minute later.
    now = 1_000_000 + TTL_MS + 30_000;
    await turn(manager, "o2", "peer:p", 1);
    assert.equal(store.stats().tombstones, 1);
    now += 10 * TTL_MS;
    await turn(manager, "late", "peer:p", 1);
    assert.deepEqual(store.stats(), { scopes: 1, ownedSessions: 1, tombstones: 0 });
  });
});
