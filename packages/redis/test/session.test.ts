/**
 * The session suite, run once per store (memory, and a real Redis when redis-server is there): renewal
 * at exactly the right turns for every N, expiry, unknown ids, deadlines, id exhaustion, and
 * concurrent turns from several clients.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { SilpError } from "silp";
import { HEARTBEAT_VALUES, SESSION_ID_SPACE, SessionManager, isSessionId, renewsAfterTurn, type Heartbeat } from "silp/session";
import { REDIS_URL, STORE_KINDS, type StoreFixture } from "./fixtures/stores.js";

function isSilpError(code: string) {
  return (error: unknown) => error instanceof SilpError && error.code === code;
}

/** Renewal turns listed independently of the rule's formula: N-1, 2N-1, 3N-1, ... below `turns`. */
function expectedRenewalTurns(n: Heartbeat, turns: number): number[] {
  if (n === 9999) return [];
  const out: number[] = [];
  for (let k = 1; k * n - 1 < turns; k++) out.push(k * n - 1);
  return out;
}

async function withFixture(open: () => Promise<StoreFixture>, body: (f: StoreFixture) => Promise<void>): Promise<void> {
  const fixture = await open();
  try {
    await body(fixture);
  } finally {
    await fixture.dispose();
  }
}

test("the heartbeat rule: (t+1) % N == 0 on 0-based turns, never for N = 9999", () => {
  assert.deepEqual(
    Array.from({ length: 12 }, (_, t) => t).filter((t) => renewsAfterTurn(t, 5)),
    [4, 9],
  );
  assert.ok(Array.from({ length: 30 }, (_, t) => t).every((t) => renewsAfterTurn(t, 1)));
  // The literal formula would fire at t = 9998 for N = 9999; "no heartbeat" must not.
  assert.equal(renewsAfterTurn(9998, 9999), false);
  assert.equal(renewsAfterTurn(19997, 9999), false);
});

test("heartbeat values other than 1, 5, 10, 15, 20, 9999 are refused", async () => {
  for (const bad of [0, 2, 4, 6, 25, 9998, 10000, -5, 5.5, Number.NaN, "5"]) {
    assert.throws(() => new SessionManager({ heartbeat: bad as number }), TypeError, String(bad));
    await assert.rejects(new SessionManager().create({ heartbeat: bad as number }), TypeError);
  }
  await assert.rejects(new SessionManager().create({ ttlMs: 0 }), TypeError);
  await assert.rejects(new SessionManager().create({ ttlMs: 1.5 }), TypeError);
});

test("an unreachable Redis is dependency_missing, with the password masked", async () => {
  const { connectRedisSessionStore } = await import("../src/redis-store.js");
  await assert.rejects(connectRedisSessionStore("redis://user:secret@127.0.0.1:1/0"), (error: unknown) => {
    return isSilpError("dependency_missing")(error) && !(error as Error).message.includes("secret");
  });
});

for (const kind of STORE_KINDS) {
  describe(`sessions on the ${kind.kind} store`, { skip: Boolean(kind.skip) }, () => {
    for (const n of HEARTBEAT_VALUES) {
      test(`N=${n}: the context is cleared after exactly the right turns`, async () => {
        await withFixture(kind.open, async ({ store }) => {
          const manager = new SessionManager<{ t: number; payload: string }>({ store });
          const session = await manager.create({ heartbeat: n });
          assert.equal(session.heartbeat, n);
          const turns = n === 9999 ? 45 : Math.max(3 * n + 2, 12);
          const renewalTurns = expectedRenewalTurns(n, turns);
          const seen: number[] = [];
          let window: Array<{ t: number; payload: string }> = [];
          for (let t = 0; t < turns; t++) {
            const entry = { t, payload: `if !rain(t+${t}): start(hike)` };
            const result = await manager.turn(session.id, entry);
            assert.equal(result.turn, t);
            assert.deepEqual(result.context, window, `context seen by turn ${t}`);
            if (result.renewed) seen.push(t);
            window = result.renewed ? [] : [...window, entry];
            assert.equal(result.renewals, seen.length);
          }
          assert.deepEqual(seen, renewalTurns);
          const info = await manager.get(session.id);
          assert.equal(info.turns, turns);
          assert.equal(info.renewals, renewalTurns.length);
          assert.equal(info.contextLength, window.length);
          assert.deepEqual(await manager.context(session.id), window);
        });
      });
    }

    test("N=9999 never renews, also at and past turn 9998", async () => {
      await withFixture(kind.open, async ({ store, keyPrefix }) => {
        const manager = new SessionManager<string>({ store });
        const { id } = await manager.create({ heartbeat: 9999 });
        const first = 9990;
        if (kind.kind === "redis") {
          // White-box: move the counter close to 9999 instead of recording ten thousand turns.
          const { Redis } = await import("ioredis");
          const client = new Redis(REDIS_URL as string);
          await client.hset(`${keyPrefix}${id}`, "turns", first);
          await client.quit();
        } else {
          for (let t = 0; t < first; t++) assert.equal((await store.recordTurn(id, '"x"', undefined)).status, "ok");
        }
        for (let t = first; t < 10_010; t++) {
          const result = await manager.turn(id, "y");
          assert.equal(result.turn, t);
          assert.equal(result.renewed, false, `turn ${t}`);
        }
        assert.equal((await manager.get(id)).renewals, 0);
      });
    });

    test("sessions get distinct two-character ids and keep their own counters", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store, heartbeat: 5 });
        const a = await manager.create();
        const b = await manager.create({ heartbeat: 1 });
        assert.ok(isSessionId(a.id) && isSessionId(b.id));
        assert.notEqual(a.id, b.id);
        await manager.turn(a.id, "x");
        await manager.turn(a.id, "y");
        const onB = await manager.turn(b.id, "z");
        assert.equal(onB.turn, 0);
        assert.equal(onB.renewed, true);
        assert.deepEqual(await manager.context(a.id), ["x", "y"]);
        assert.deepEqual(await manager.context(b.id), []);
        assert.equal((await manager.get(a.id)).heartbeat, 5);
      });
    });

    test("the returned context is a copy; entries round-trip as JSON", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store, heartbeat: 10 });
        const { id } = await manager.create();
        const entry = { intent: "!CANCEL", entities: [{ id: "flight", value: "CA1234" }], note: "ünïcødé ✓ 中文" };
        await manager.turn(id, entry);
        const result = await manager.turn(id, null);
        assert.deepEqual(result.context, [entry]);
        (result.context[0] as { intent: string }).intent = "!MUTATED";
        assert.deepEqual(await manager.context(id), [entry, null]);
      });
    });

    test("unknown, malformed and ended sessions raise session_expired", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store });
        const { id } = await manager.create();
        const unknown = id === "zz" ? "zy" : "zz";
        await assert.rejects(manager.turn(unknown, 1), isSilpError("session_expired"));
        await assert.rejects(manager.get(unknown), isSilpError("session_expired"));
        await assert.rejects(manager.context(unknown), isSilpError("session_expired"));
        for (const bad of ["", "a", "abc", "A1", "1a", "a-", "é1", "a\u200b", "x".repeat(100_000)]) {
          await assert.rejects(manager.turn(bad, 1), (error: unknown) => {
            return isSilpError("session_expired")(error) && (error as SilpError).details?.reason === "malformed_id";
          });
        }
        await manager.end(id);
        await assert.rejects(manager.turn(id, 1), isSilpError("session_expired"));
        await assert.rejects(manager.end(id), isSilpError("session_expired"));
      });
    });

    test("an idle session expires after its TTL, and every turn restarts the TTL", async () => {
      await withFixture(kind.open, async ({ store, elapse }) => {
        const manager = new SessionManager({ store });
        const short = await manager.create({ ttlMs: 40 });
        const sliding = await manager.create({ ttlMs: 600 });
        await elapse(350);
        await manager.turn(sliding.id, "keeps it alive");
        await elapse(350);
        // 700 ms after creation but only 350 ms after its last turn: still live.
        assert.equal((await manager.turn(sliding.id, "again")).turn, 1);
        await assert.rejects(manager.turn(short.id, 1), isSilpError("session_expired"));
        await assert.rejects(manager.get(short.id), isSilpError("session_expired"));
        await elapse(700);
        await assert.rejects(manager.context(sliding.id), isSilpError("session_expired"));
      });
    });

    test("a turn past its deadline raises timeout and records nothing", async () => {
      await withFixture(kind.open, async ({ store }) => {
        const manager = new SessionManager({ store, heartbeat: 5 });
        const { id } = await manager.create();
        await manager.turn(id, "first");
        const past = Date.now() - 60_000;
        await assert.rejects(manager.turn(id, "late", { deadline: past }), (error: unknown) => {
          return isSilpError("timeout")(error) && (error as SilpError).details?.deadline === past;
        });
        await assert.rejects(manager.turn(id, "late", { deadline: new Date(past) }), isSilpError("timeout"));
        const info = await manager.get(id);
        assert.equal(info.turns, 1);
        assert.deepEqual(await manager.context(id), ["first"]);
        const onTime = await manager.turn(id, "second", { deadline: Date.now() + 60_000 });
        assert.equal(onTime.turn, 1);
        assert.equal((await manager.turn(id, "third", { timeoutMs: 60_000 })).turn, 2);
        // An expired session is session_expired even when the deadline also passed.
        await assert.rejects(manager.turn("zz" === id ? "zy" : "zz", 1, { deadline: past }), isSilpError("session_expired"));
      });
    });

    test(`all ${SESSION_ID_SPACE} ids in use: limit_exceeded; an ended or expired session frees its id`, async () => {
      await withFixture(kind.open, async ({ store, elapse }) => {
        const manager = new SessionManager({ store });
        const ids = new Set<string>();
        for (let i = 0; i < SESSION_ID_SPACE - 1; i++) ids.add((await manager.create()).id);
        const last = await manager.create({ ttlMs: 40 });
        ids.add(last.id);
        assert.equal(ids.size, SESSION_ID_SPACE);
        assert.ok([...ids].every(isSessionId));
        await assert.rejects(manager.create(), (error: unknown) => {
          return isSilpError("limit_exceeded")(error) && /936/.test((error as SilpError).message);
        });
        const freed = [...ids][123] as string;
        await manager.end(freed);
        assert.equal((await manager.create()).id, freed);
        await elapse(120);
        assert.equal((await manager.create()).id, last.id);
        await assert.rejects(manager.create(), isSilpError("limit_exceeded"));
      });
    });

    for (const n of [5, 15, 9999] as const) {
      test(`N=${n}: 4 concurrent clients x 50 turns count exactly 200 turns`, async () => {
        // Four managers over four store instances (four Redis connections, or one shared Map).
        const fixtures = [await kind.open()];
        try {
          const first = fixtures[0] as StoreFixture;
          const clients = [new SessionManager<string>({ store: first.store })];
          if (kind.kind === "redis") {
            const { connectRedisSessionStore } = await import("../src/redis-store.js");
            for (let c = 1; c < 4; c++) {
              const store = await connectRedisSessionStore(REDIS_URL as string, { keyPrefix: first.keyPrefix });
              clients.push(new SessionManager<string>({ store }));
            }
          } else {
            for (let c = 1; c < 4; c++) clients.push(clients[0] as SessionManager<string>);
          }
          const { id } = await (clients[0] as SessionManager<string>).create({ heartbeat: n });
          const results = await Promise.all(
            clients.map(async (client, c) => {
              const mine = [];
              for (let i = 0; i < 50; i++) mine.push(await client.turn(id, `c${c}-${i}`));
              return mine;
            }),
          );
          const all = results.flat();
          assert.deepEqual(
            all.map((r) => r.turn).sort((a, b) => a - b),
            Array.from({ length: 200 }, (_, t) => t),
          );
          const renewalTurns = all
            .filter((r) => r.renewed)
            .map((r) => r.turn)
            .sort((a, b) => a - b);
          assert.deepEqual(renewalTurns, expectedRenewalTurns(n, 200));
          // Each turn saw exactly the entries of the turns since the last renewal.
          for (const r of all) {
            const windowStart = n === 9999 ? 0 : r.turn - (r.turn % n);
            assert.equal(r.context.length, r.turn - windowStart, `turn ${r.turn}`);
          }
          const info = await (clients[0] as SessionManager<string>).get(id);
          assert.equal(info.turns, 200);
          assert.equal(info.renewals, expectedRenewalTurns(n, 200).length);
          assert.equal(info.contextLength, n === 9999 ? 200 : 200 % n);
          if (kind.kind === "redis") for (const client of clients.slice(1)) await client.close();
        } finally {
          for (const fixture of fixtures) await fixture.dispose();
        }
      });
    }
  });
}
