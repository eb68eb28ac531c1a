/**
 * Conversations under a fault, for the Redis Cluster failover test and perf/cluster-failover.ts:
 * N conversations (each in its own scope, so they spread over the cluster's slots) each send M
 * turns one after another, every turn with its own request id, retried with the same id until it
 * is acknowledged. When every conversation has done half its turns, `inject` causes the fault
 * (e.g. kills a node); then the conversations go on, meeting it, while `recover` runs beside them
 * (e.g. waits for the failover and restarts the node).
 *
 * The oracle is the order itself: a conversation's k-th request must be acknowledged as turn k.
 * An acknowledged number above k means an earlier request was counted twice (doubled); below k,
 * that acknowledged turns were lost (the counter went back, or a new session started at 0).
 * The final count of each session is checked the same way.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { SilpError } from "silp";
import { SessionManager, type SessionStore } from "silp/session";

export interface ConversationRun {
  conversations: number;
  turnsEach: number;
  /** Key prefix of the store (for the slots `midway` is told about). */
  keyPrefix?: string;
  openStore(): Promise<SessionStore>;
  /** Called once every conversation is halfway, with the cluster slot of each conversation's scope; they go on when it resolves. */
  inject(slots: number[]): Promise<unknown>;
  /** Started right after `inject`, beside the conversations. */
  recover?(): Promise<unknown>;
  /**
   * Inject the fault in full flight instead: when half of all turns are acknowledged, without
   * holding anyone back (conversations on the faulty node may by chance be done by then).
   */
  inFlight?: boolean;
  /** The cluster slot of a key (cluster-key-slot); default: 0 for every key. */
  slotOf?: (key: string) => number;
}

export interface ConversationOutcome {
  /** Acknowledged turns. */
  completed: number;
  /** Acknowledged turns whose count was lost afterwards. */
  lost: number;
  /** Requests counted more than once. */
  doubled: number;
  /** Attempts that failed (timeout, unreachable) and were retried. */
  errorsDuringFailover: number;
  /** Longest time one turn took to be acknowledged, retries included (ms). */
  longestTurnMs: number;
  /** What `inject` returned. */
  fault: unknown;
}

export async function runConversations(run: ConversationRun): Promise<ConversationOutcome> {
  const store = await run.openStore();
  const manager = new SessionManager<string>({ store });
  const total = run.conversations * run.turnsEach;
  const prefix = run.keyPrefix ?? "failover:";
  const slotOf = run.slotOf ?? (() => 0);
  // The scope's hash tag, as the Redis store builds it (docs/protocol.md, "Stores").
  const slots = Array.from({ length: run.conversations }, (_, c) =>
    slotOf(`${prefix}{${createHash("sha256").update(`peer:${c}`, "utf8").digest("hex").slice(0, 32)}}:lru`),
  );
  let acknowledged = 0;
  let errors = 0;
  let longest = 0;
  let fault: unknown;
  let recovered: Promise<unknown> | undefined;
  const drifts: number[][] = [];
  let halfway = 0;
  let releaseAll: () => void = () => undefined;
  const allHalfway = new Promise<void>((resolve) => (releaseAll = resolve));

  await Promise.all(
    Array.from({ length: run.conversations }, async (_, c) => {
      const scope = `peer:${c}`;
      const owner = `conversation-${c}`;
      const numbers: number[] = [];
      for (let k = 0; k < run.turnsEach; k++) {
        if (!run.inFlight && k === Math.floor(run.turnsEach / 2)) {
          if (++halfway === run.conversations) {
            fault = await run.inject(slots);
            recovered = run.recover?.();
            releaseAll();
          }
          await allHalfway;
        }
        const started = Date.now();
        for (let attempt = 0; ; attempt++) {
          try {
            const turn = await manager.turnFor(owner, `c${c}-t${k}`, { scope, requestId: `c${c}-t${k}` });
            await manager.endTurn(owner, { scope, sessionId: turn.sessionId }).catch(() => undefined);
            numbers.push(turn.turn);
            break;
          } catch (error) {
            if (!(error instanceof SilpError) || attempt > 600) throw error;
            errors++;
            await sleep(50);
          }
        }
        longest = Math.max(longest, Date.now() - started);
        if (++acknowledged === Math.floor(total / 2) && run.inFlight) {
          recovered = run.inject(slots).then((injected) => {
            fault = injected;
            return run.recover?.();
          });
        }
      }
      // One more turn reads the count the session ended with: it must be turnsEach.
      const last = await retrying(() => manager.turnFor(owner, "final", { scope, requestId: `c${c}-final` }));
      numbers.push(last.turn);
      drifts.push(numbers.map((turn, k) => turn - k));
    }),
  );
  let lost = 0;
  let doubled = 0;
  for (const drift of drifts) {
    let previous = 0;
    for (const d of drift) {
      if (d > previous) doubled += d - previous;
      if (d < previous) lost += previous - d;
      previous = d;
    }
  }
  await recovered;
  await store.close();
  return { completed: acknowledged, lost, doubled, errorsDuringFailover: errors, longestTurnMs: longest, fault };
}

async function retrying<T>(body: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await body();
    } catch (error) {
      if (!(error instanceof SilpError) || attempt > 600) throw error;
      await sleep(50);
    }
  }
}
