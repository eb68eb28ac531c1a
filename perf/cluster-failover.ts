/**
 * Acknowledged turns lost or counted twice when a Redis Cluster primary is killed under load:
 * `node --import tsx perf/cluster-failover.ts [runs=5] [conversations=40] [turns=30]`.
 *
 * Each run starts a fresh local cluster (three primaries, three replicas, @silp/testkit), runs
 * the conversations of @silp/testkit/session-conversations.js (each turn retried with its request
 * id until acknowledged) and kills -9 the primary serving the most conversations, either in full
 * flight (when half of all turns are acknowledged, turns in progress) or when every conversation
 * is halfway (so every one of them meets the fault); while they go on, it waits for the replica
 * to be promoted and restarts the killed node (it rejoins as a replica). Without WAIT
 * (replication asynchronous, the store's default) and with `replicas: 1` (WAIT 1 before each
 * acknowledgement). Prints one line per run and the totals.
 */
import generateSlot from "cluster-key-slot";
import { connectRedisClusterSessionStore } from "@silp/redis";
import { startRedisCluster } from "@silp/testkit/redis-cluster.js";
import { runConversations } from "@silp/testkit/session-conversations.js";

const RUNS = Number(process.argv[2] ?? 5);
const CONVERSATIONS = Number(process.argv[3] ?? 40);
const TURNS = Number(process.argv[4] ?? 30);

console.log(`${RUNS} runs x ${CONVERSATIONS} conversations x ${TURNS} turns, a primary killed -9 halfway`);
console.log("replicas  kill         run  acknowledged  lost  doubled  retried  longest turn ms  failover ms");
for (const [replicas, mode] of [
  [0, "in flight"],
  [0, "all halfway"],
  [1, "in flight"],
  [1, "all halfway"],
] as const) {
  let lost = 0;
  let doubled = 0;
  let acknowledged = 0;
  for (let run = 1; run <= RUNS; run++) {
    const cluster = await startRedisCluster();
    let failoverMs = 0;
    let victim = 0;
    let killedAt = 0;
    try {
      const result = await runConversations({
        conversations: CONVERSATIONS,
        turnsEach: TURNS,
        keyPrefix: "failover:",
        slotOf: generateSlot,
        inFlight: mode === "in flight",
        openStore: () => connectRedisClusterSessionStore(cluster.nodes, { keyPrefix: "failover:", replicas }),
        inject: async (slots) => {
          const counts = new Map<number, number>();
          for (const slot of slots) {
            const port = await cluster.primaryOf(slot);
            counts.set(port, (counts.get(port) ?? 0) + 1);
          }
          victim = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
          killedAt = performance.now();
          await cluster.kill(victim);
        },
        recover: async () => {
          await cluster.waitForFailover(victim);
          failoverMs = performance.now() - killedAt;
          await cluster.restart(victim);
          await cluster.waitForSync();
        },
      });
      lost += result.lost;
      doubled += result.doubled;
      acknowledged += result.completed;
      console.log(
        `${String(replicas).padStart(8)}  ${mode.padEnd(11)}  ${String(run).padStart(3)}  ${String(result.completed).padStart(12)}  ${String(result.lost).padStart(4)}  ${String(result.doubled).padStart(7)}  ${String(result.errorsDuringFailover).padStart(7)}  ${String(result.longestTurnMs).padStart(15)}  ${failoverMs.toFixed(0).padStart(11)}`,
      );
    } finally {
      await cluster.stop();
    }
  }
  console.log(`replicas ${replicas}, kill ${mode}: ${lost} lost and ${doubled} doubled of ${acknowledged} acknowledged turns`);
}
