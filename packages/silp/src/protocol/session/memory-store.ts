/**
 * The default session store: a Map in this process. Each method runs synchronously inside its
 * promise, so concurrent async callers are serialized by the event loop and every turn is
 * atomic. Expired sessions are dropped when touched and swept when ids are allocated.
 */
import { ExpiryQueue } from "./expiry-queue.js";
import { renewsAfterTurn } from "./heartbeat.js";
import { SESSION_ID_SPACE, sessionIdAt } from "./ids.js";
import { REPLAY_LOG_SIZE } from "./store.js";
import type { NewSessionRecord, OwnedSessionStore, OwnedTurnEnd, OwnedTurnOutcome, OwnedTurnRequest, StoredSession, TurnOutcome } from "./store.js";

interface MemorySession extends NewSessionRecord {
  turns: number;
  renewals: number;
  expiresAt: number;
  context: string[];
  owner?: string;
  /** Turns of this session in progress (ownedTurn without endOwnedTurn yet). */
  inflight?: number;
  /** When the in-progress mark lapses even without endOwnedTurn. */
  busyUntil?: number;
  /** The turns of the last REPLAY_LOG_SIZE request ids, oldest first (ownedTurn with requestId). */
  replays?: Map<string, ReplayMark>;
  /** The window the last renewal cleared: what a replay of a turn before it saw. */
  previousContext?: string[];
}

/** What a counted turn needs to be answered again: its numbers and where its window was. */
interface ReplayMark {
  turn: number;
  renewed: boolean;
  /** Renewals before the turn: which window it saw. */
  generation: number;
  /** Entries in that window before the turn: how much of it the turn saw. */
  position: number;
}

/**
 * The context a replayed turn saw, while its window is the current one or the one the last
 * renewal cleared; [] when it is older than that.
 */
function replayContext(session: MemorySession, mark: ReplayMark): string[] {
  const current = mark.renewed ? false : session.renewals === mark.generation;
  const cleared = session.renewals === mark.generation + 1;
  if (current) return session.context.slice(0, mark.position);
  if (cleared) return (session.previousContext ?? []).slice(0, mark.position);
  return [];
}

/** A turn is in progress on the session: it must not be evicted under it. */
function busy(session: MemorySession, now: number): boolean {
  return (session.inflight ?? 0) > 0 && now < (session.busyUntil ?? 0);
}

/** The owner-bound sessions of one scope: ids unique inside it, kept in least recently used order. */
interface MemoryScope {
  sessions: Map<string, MemorySession>;
  /** owner -> session id; checked against the session's own owner on every turn. */
  owners: Map<string, string>;
  /** owner -> when the tombstone of its evicted session lapses. At most TOMBSTONES_PER_SESSION x maxSessions. */
  evicted: Map<string, number>;
  /** The sessions by expiry, so a turn sweeps only what has expired. */
  sessionExpiry: ExpiryQueue<string>;
  /** The tombstones by when they lapse: swept in that order, and the soonest dropped first beyond the bound. */
  tombstoneExpiry: ExpiryQueue<string>;
}

/**
 * How many evicted conversations a scope remembers per session of its quota. A tombstone only
 * tells a returning conversation that its session was evicted rather than expired, so losing the
 * oldest is harmless, while keeping every one let a peer that churns through conversations grow
 * the store and slow every turn of its scope (each turn scanned them all).
 */
export const TOMBSTONES_PER_SESSION = 4;

function newScope(): MemoryScope {
  const scope: MemoryScope = {
    sessions: new Map(),
    owners: new Map(),
    evicted: new Map(),
    sessionExpiry: new ExpiryQueue((id) => scope.sessions.get(id)?.expiresAt),
    tombstoneExpiry: new ExpiryQueue((owner) => scope.evicted.get(owner)),
  };
  return scope;
}

/** What the store holds now (expired entries not yet swept included). */
export interface MemoryStoreStats {
  /** Scopes with owner-bound sessions or tombstones. */
  scopes: number;
  ownedSessions: number;
  /** Evicted conversations remembered (their next turn is told `previous: "evicted"`). */
  tombstones: number;
}

export interface MemorySessionStoreOptions {
  /** Clock in epoch milliseconds; tests inject one to expire sessions without waiting. */
  now?: () => number;
}

export class MemorySessionStore implements OwnedSessionStore {
  readonly kind = "memory";
  readonly #sessions = new Map<string, MemorySession>();
  readonly #scopes = new Map<string, MemoryScope>();
  /** Owner-bound sessions over all scopes, expired ones not yet swept included. */
  #ownedCount = 0;
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

  stats(): MemoryStoreStats {
    let tombstones = 0;
    for (const scope of this.#scopes.values()) tombstones += scope.evicted.size;
    return { scopes: this.#scopes.size, ownedSessions: this.#ownedCount, tombstones };
  }

  async close(): Promise<void> {
    this.#sessions.clear();
    this.#scopes.clear();
    this.#ownedCount = 0;
  }

  async endOwnedTurn(end: OwnedTurnEnd): Promise<void> {
    const session = this.#scopes.get(end.scope)?.sessions.get(end.id);
    if (session?.owner === end.owner && (session.inflight ?? 0) > 0) session.inflight = (session.inflight ?? 0) - 1;
  }

  async ownedTurn(request: OwnedTurnRequest): Promise<OwnedTurnOutcome> {
    const now = this.#now();
    if (request.deadline !== undefined && now > request.deadline) return { status: "timeout", storeNow: now };
    let scope = this.#scopes.get(request.scope);
    if (!scope) {
      scope = newScope();
      this.#scopes.set(request.scope, scope);
    }
    this.#sweepScope(scope, now);
    let id = scope.owners.get(request.owner);
    let session = id === undefined ? undefined : scope.sessions.get(id);
    if (session && session.owner !== request.owner) session = undefined;
    if (request.sessionId !== undefined && (session === undefined || id !== request.sessionId)) {
      return { status: "lost", ...(scope.evicted.has(request.owner) ? { previous: "evicted" as const } : {}) };
    }
    const mark = session && request.requestId !== undefined ? session.replays?.get(request.requestId) : undefined;
    if (session && id !== undefined && mark) {
      this.#markInProgress(scope, id, session, request, now);
      return {
        status: "ok",
        id,
        opened: false,
        replayed: true,
        evicted: [],
        turn: mark.turn,
        renewed: mark.renewed,
        renewals: session.renewals,
        heartbeat: session.heartbeat,
        context: replayContext(session, mark),
      };
    }
    const evicted: { id: string; owner: string }[] = [];
    let previous: "evicted" | undefined;
    let opened = false;
    if (!session || id === undefined) {
      // Least recently used first (the map's order), skipping sessions with a turn in progress.
      const victims: [string, MemorySession][] = [];
      for (const entry of scope.sessions) {
        if (scope.sessions.size - victims.length < request.maxSessions) break;
        if (!busy(entry[1], now)) victims.push(entry);
      }
      if (scope.sessions.size - victims.length >= request.maxSessions) return { status: "busy" };
      if (victims.length === 0 && request.maxTotalSessions !== undefined && this.#ownedCount >= request.maxTotalSessions) {
        this.#sweepAll(now);
        this.#scopes.set(request.scope, scope);
        if (this.#ownedCount >= request.maxTotalSessions) return { status: "total_full", total: this.#ownedCount };
      }
      if (scope.evicted.delete(request.owner)) previous = "evicted";
      for (const [oldId, old] of victims) {
        scope.sessions.delete(oldId);
        this.#ownedCount--;
        if (old.owner !== undefined) {
          scope.owners.delete(old.owner);
          scope.evicted.set(old.owner, old.expiresAt);
          scope.tombstoneExpiry.push(old.owner, old.expiresAt, scope.evicted.size);
          evicted.push({ id: oldId, owner: old.owner });
        }
      }
      const maxTombstones = TOMBSTONES_PER_SESSION * request.maxSessions;
      while (scope.evicted.size > maxTombstones) {
        const soonest = scope.tombstoneExpiry.shift();
        if (soonest === undefined) break;
        scope.evicted.delete(soonest.key);
      }
      id = undefined;
      for (let k = 0; k < SESSION_ID_SPACE; k++) {
        const candidate = sessionIdAt(request.start + k);
        if (!scope.sessions.has(candidate)) {
          id = candidate;
          break;
        }
      }
      if (id === undefined) return { status: "full" };
      session = { ...request.record, turns: 0, renewals: 0, expiresAt: now + request.record.ttlMs, context: [], owner: request.owner };
      scope.owners.set(request.owner, id);
      this.#ownedCount++;
      opened = true;
    }
    const generation = session.renewals;
    const turn = session.turns++;
    const context = session.context;
    const renewed = renewsAfterTurn(turn, session.heartbeat);
    session.context = renewed ? [] : [...context, request.entry];
    if (renewed) {
      session.renewals++;
      session.previousContext = context;
    }
    if (request.requestId !== undefined) {
      session.replays ??= new Map();
      session.replays.set(request.requestId, { turn, renewed, generation, position: context.length });
      if (session.replays.size > REPLAY_LOG_SIZE) session.replays.delete(session.replays.keys().next().value as string);
    }
    this.#markInProgress(scope, id, session, request, now);
    return {
      status: "ok",
      id,
      opened,
      ...(previous ? { previous } : {}),
      evicted,
      turn,
      renewed,
      renewals: session.renewals,
      heartbeat: session.heartbeat,
      context,
    };
  }

  /** The turn is in progress on the session (not evictable), which is now the most recently used, and its TTL restarts. */
  #markInProgress(scope: MemoryScope, id: string, session: MemorySession, request: OwnedTurnRequest, now: number): void {
    session.inflight = busy(session, now) ? (session.inflight ?? 0) + 1 : 1;
    session.busyUntil = Math.max(session.busyUntil ?? 0, now + (request.busyMs ?? request.record.ttlMs));
    // Re-inserting keeps the map in least recently used order.
    scope.sessions.delete(id);
    scope.sessions.set(id, session);
    session.expiresAt = now + session.ttlMs;
    scope.sessionExpiry.push(id, session.expiresAt, scope.sessions.size);
  }

  #live(id: string): MemorySession | undefined {
    const session = this.#sessions.get(id);
    if (session && this.#now() >= session.expiresAt) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** Drops the scope's expired sessions and lapsed eviction notes, looking only at those (in expiry order). */
  #sweepScope(scope: MemoryScope, now: number): void {
    for (let next = scope.sessionExpiry.peek(); next !== undefined && next.at <= now; next = scope.sessionExpiry.peek()) {
      scope.sessionExpiry.shift();
      const session = scope.sessions.get(next.key);
      if (session === undefined) continue;
      scope.sessions.delete(next.key);
      this.#ownedCount--;
      if (session.owner !== undefined && scope.owners.get(session.owner) === next.key) scope.owners.delete(session.owner);
    }
    for (let next = scope.tombstoneExpiry.peek(); next !== undefined && next.at <= now; next = scope.tombstoneExpiry.peek()) {
      scope.tombstoneExpiry.shift();
      scope.evicted.delete(next.key);
    }
  }

  /** Sweeps every scope (only when the total ceiling is reached) and forgets the empty ones. */
  #sweepAll(now: number): void {
    for (const [name, scope] of this.#scopes) {
      this.#sweepScope(scope, now);
      if (scope.sessions.size === 0 && scope.evicted.size === 0) this.#scopes.delete(name);
    }
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, session] of this.#sessions) if (now >= session.expiresAt) this.#sessions.delete(id);
  }
}
