/**
 * The default session store: a Map in this process. Each method runs synchronously inside its
 * promise, so concurrent async callers are serialized by the event loop and every turn is
 * atomic. Expired sessions are dropped when touched and swept when ids are allocated.
 */
import { renewsAfterTurn } from "./heartbeat.js";
import { SESSION_ID_SPACE, sessionIdAt } from "./ids.js";
import type { NewSessionRecord, SessionStore, StoredSession, TurnOutcome } from "./store.js";

interface MemorySession extends NewSessionRecord {
  turns: number;
  renewals: number;
  expiresAt: number;
  context: string[];
}

export interface MemorySessionStoreOptions {
  /** Clock in epoch milliseconds; tests inject one to expire sessions without waiting. */
  now?: () => number;
}

export class MemorySessionStore implements SessionStore {
  readonly kind = "memory";
  readonly #sessions = new Map<string, MemorySession>();
  readonly #now: () => number;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  async allocate(record: NewSessionRecord, start: number): Promise<string | undefined> {
    this.#sweep();
    for (let k = 0; k < SESSION_ID_SPACE; k++) {
      const id = sessionIdAt(start + k);
      if (this.#sessions.has(id)) continue;
      this.#sessions.set(id, { ...record, turns: 0, renewals: 0, expiresAt: this.#now() + record.ttlMs, context: [] });
      return id;
    }
    return undefined;
  }

  async read(id: string): Promise<StoredSession | undefined> {
    const session = this.#live(id);
    if (!session) return undefined;
    return {
      heartbeat: session.heartbeat,
      turns: session.turns,
      renewals: session.renewals,
      ttlMs: session.ttlMs,
      expiresInMs: session.expiresAt - this.#now(),
      contextLength: session.context.length,
    };
  }

  async recordTurn(id: string, entry: string, deadline: number | undefined): Promise<TurnOutcome> {
    const session = this.#live(id);
    if (!session) return { status: "missing" };
    const now = this.#now();
    if (deadline !== undefined && now > deadline) return { status: "timeout", storeNow: now };
    const turn = session.turns++;
    const context = session.context;
    const renewed = renewsAfterTurn(turn, session.heartbeat);
    session.context = renewed ? [] : [...context, entry];
    if (renewed) session.renewals++;
    session.expiresAt = now + session.ttlMs;
    return { status: "ok", turn, renewed, renewals: session.renewals, heartbeat: session.heartbeat, context };
  }

  async readContext(id: string): Promise<string[] | undefined> {
    const session = this.#live(id);
    return session ? [...session.context] : undefined;
  }

  async remove(id: string): Promise<boolean> {
    return this.#live(id) !== undefined && this.#sessions.delete(id);
  }

  async close(): Promise<void> {
    this.#sessions.clear();
  }

  #live(id: string): MemorySession | undefined {
    const session = this.#sessions.get(id);
    if (session && this.#now() >= session.expiresAt) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, session] of this.#sessions) if (now >= session.expiresAt) this.#sessions.delete(id);
  }
}
