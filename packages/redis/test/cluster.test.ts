/**
 * The session store on a real Redis Cluster (three primaries, three replicas, started by
 * @silp/testkit/redis-cluster.js): keys are hash-tagged per scope, so sessions spread over the
 * primaries while each scope's keys and scripts stay in one slot; and a primary killed under load
 * is replaced by its replica while conversations go on, with no acknowledged turn lost or counted
 * twice when the store waits for one replica (WAIT). The figures without WAIT come from
 * perf/cluster-failover.ts.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import generateSlot from "cluster-key-slot";
import { SessionManager } from "silp/session";
import { clusterSkip, startRedisCluster, type RedisClusterForTests } from "@silp/testkit/redis-cluster.js";
import { connectRedisClusterSessionStore, type RedisSessionStore } from "../src/redis-store.js";
import { runConversations } from "@silp/testkit/session-conversations.js";

const SKIP = clusterSkip();

describe("sessions on a Redis Cluster", { skip: Boolean(SKIP) }, () => {
  let cluster: RedisClusterForTests;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(async () => {
    await cluster.stop();
  });

  test("1,000 sessions of 200 peers land on all three primaries; one scope's keys share one slot", async () => {
    const store = await connectRedisClusterSessionStore(cluster.nodes, { keyPrefix: "spread:" });
    const manager = new SessionManager<string>({ store });
    try {
      for (let peer = 0; peer < 200; peer++) {
        await Promise.all(
          Array.from({ length: 5 }, async (_, c) => {
            const turn = await manager.turnFor(`conversation-${c}`, "hello", { scope: `peer:${peer}`, requestId: `0000${peer}${c}` });
            await manager.endTurn(`conversation-${c}`, { scope: `peer:${peer}`, sessionId: turn.sessionId });
          }),
        );
      }
      const primaries = await cluster.primaries();
      assert.equal(primaries.length, 3);
      const perPrimary = await Promise.all(primaries.map(async (port) => Number((await cluster.cli(["dbsize"], port)).trim())));
      const total = perPrimary.reduce((a, b) => a + b, 0);
      for (const [i, keys] of perPrimary.entries()) {
        assert.ok(keys > total * 0.2, `primary ${primaries[i]} holds ${keys} of ${total} keys`);
      }
      // Every key of one scope is in the slot of its hash tag, whatever its session.
      const keys = (await cluster.cli(["--scan", "--pattern", "spread:{*"], await cluster.primaryOf(generateSlot("spread:{x}")))).trim().split("\n");
      const byTag = new Map<string, Set<number>>();
      for (const key of keys.filter((k) => k !== "")) {
        const tag = /\{([^}]*)\}/.exec(key)?.[1] ?? "";
        const slots = byTag.get(tag) ?? new Set<number>();
        slots.add(generateSlot(key));
        byTag.set(tag, slots);
      }
      assert.ok(byTag.size > 0);
      for (const slots of byTag.values()) assert.equal(slots.size, 1);
    } finally {
      await store.close();
    }
  });

  test("a primary killed under load: its replica is promoted, conversations go on, no acknowledged turn is lost or doubled (WAIT 1)", async () => {
    const stores: RedisSessionStore[] = [];
    let victim = 0;
    try {
      const result = await runConversations({
        conversations: 40,
        turnsEach: 30,
        keyPrefix: "failover:",
        slotOf: generateSlot,
        openStore: async () => {
          const store = await connectRedisClusterSessionStore(cluster.nodes, { keyPrefix: "failover:", replicas: 1 });
          stores.push(store);
          return store;
        },
        inject: async (slots) => {
          // kill -9 of the primary that serves the most conversations.
          const counts = new Map<number, number>();
          for (const slot of slots) {
            const port = await cluster.primaryOf(slot);
            counts.set(port, (counts.get(port) ?? 0) + 1);
          }
          victim = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
          await cluster.kill(victim);
          return victim;
        },
        recover: async () => {
          await cluster.waitForFailover(victim);
          // The promoted replica has no replica of its own, so WAIT 1 cannot succeed on its slots
          // until the killed node is back: restarted (as an orchestrator would), it rejoins as one.
          await cluster.restart(victim);
          await cluster.waitForSync();
        },
      });
      assert.equal(result.completed, 40 * 30, "every conversation finished all its turns");
      assert.ok(result.errorsDuringFailover > 0, "the kill was felt: some turns failed and were retried");
      assert.deepEqual({ lost: result.lost, doubled: result.doubled }, { lost: 0, doubled: 0 });
      assert.equal((await cluster.primaries()).length, 3);
    } finally {
      for (const store of stores) await store.close().catch(() => undefined);
    }
  });
});
