/**
 * Several OS processes serving one Redis-backed session at once (the deployment the Redis store
 * exists for): no turn may be lost or counted twice, and renewals must fire exactly at the
 * heartbeat turns. Needs a real redis-server (started privately, see fixtures/stores.ts).
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { SessionManager } from "silp/session";
import { connectRedisSessionStore } from "../src/redis-store.js";
import { startBarrierKey } from "./fixtures/start-barrier.js";
import { REDIS_SKIP, REDIS_URL, uniquePrefix } from "./fixtures/stores.js";

const run = promisify(execFile);
const worker = fileURLToPath(new URL("./fixtures/redis-turn-worker.ts", import.meta.url));

const PROCESSES = 4;

/** Opens the start barrier once every worker is connected and waiting on it. */
async function releaseWorkers(keyPrefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const client = new Redis(REDIS_URL as string);
  try {
    // INFO counts blocked clients; wait until all workers block, then open the gate.
    for (let waited = 0; waited < 600; waited++) {
      const blocked = (await client.info("clients")).match(/blocked_clients:(\d+)/);
      if (Number(blocked?.[1] ?? 0) >= PROCESSES) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.rpush(startBarrierKey(keyPrefix), ...Array.from({ length: PROCESSES }, () => "go"));
  } finally {
    await client.quit();
  }
}
const TURNS_EACH = 50;

for (const n of [5, 20] as const) {
  test(`N=${n}: ${PROCESSES} processes x ${TURNS_EACH} turns on one Redis session`, { skip: Boolean(REDIS_SKIP) }, async (_ctx) => {
    const keyPrefix = uniquePrefix();
    const store = await connectRedisSessionStore(REDIS_URL as string, { keyPrefix });
    const manager = new SessionManager<string>({ store });
    try {
      const { id } = await manager.create({ heartbeat: n });
      const running = Promise.all(
        Array.from({ length: PROCESSES }, (_, p) =>
          run(process.execPath, ["--import", "tsx", worker, REDIS_URL as string, keyPrefix, id, String(TURNS_EACH), `p${p}`], {
            timeout: 60_000,
          }),
        ),
      );
      await releaseWorkers(keyPrefix);
      const outputs = await running;
      const perProcess = outputs.map(({ stdout }) =>
        stdout
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { turn: number; renewed: boolean; context: number }),
      );
      const turns = perProcess.flat();
      // How much the processes really overlapped (informational; scheduling decides it).
      const interleaved = perProcess.filter((mine) => mine.some((t, i) => i > 0 && t.turn !== (mine[i - 1]?.turn ?? 0) + 1));
      console.log(`${interleaved.length} of ${PROCESSES} processes saw other processes' turns between their own`);
      const total = PROCESSES * TURNS_EACH;
      assert.deepEqual(
        turns.map((t) => t.turn).sort((a, b) => a - b),
        Array.from({ length: total }, (_, t) => t),
        "every turn number taken exactly once",
      );
      const renewed = turns
        .filter((t) => t.renewed)
        .map((t) => t.turn)
        .sort((a, b) => a - b);
      assert.deepEqual(
        renewed,
        Array.from({ length: Math.floor(total / n) }, (_, k) => (k + 1) * n - 1),
      );
      for (const t of turns) assert.equal(t.context, t.turn % n, `context seen by turn ${t.turn}`);
      const info = await manager.get(id);
      assert.equal(info.turns, total);
      assert.equal(info.renewals, Math.floor(total / n));
      assert.equal(info.contextLength, total % n);
      // The context holds the entries of the last window, from whichever processes wrote them.
      const context = await manager.context(id);
      assert.equal(context.length, total % n);
      assert.ok(context.every((entry) => /^p[0-3]-\d+$/.test(entry)));
      await manager.end(id);
    } finally {
      await manager.close();
    }
  });
}
