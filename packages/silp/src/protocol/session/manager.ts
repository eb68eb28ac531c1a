/**
 * Session management of spec 5.2: allocates 2-character ids, counts turns, and renews the
 * context by the heartbeat rule (heartbeat.ts). It owns the policy (validation, JSON
 * serialization of entries, error codes); the store owns atomicity and expiry.
 */
import { SilpError } from "../../errors.js";
import { randomInt } from "../../random.js";
import type { JsonValue } from "../../ir/types.js";
import { DEFAULT_HEARTBEAT, assertHeartbeat, type Heartbeat } from "./heartbeat.js";
import { SESSION_ID_SPACE, isSessionId } from "./ids.js";
import { MemorySessionStore } from "./memory-store.js";
import type { OwnedSessionStore, SessionStore, StoredSession } from "./store.js";

/** Default idle TTL: 30 minutes without a turn ends a session (the spec names no value). */
export const DEFAULT_SESSION_TTL_MS = 30 * 60 * 1000;
/** Default quota of live owner-bound sessions per scope (turnFor); the least recently used is evicted beyond it. */
export const DEFAULT_SCOPE_SESSIONS = 256;
/**
 * Default ceiling of live owner-bound sessions over all scopes of one store (turnFor): a peer
 * can only evict its own sessions, so without a ceiling many identities would grow the store
 * without bound. 256 peers at their full quota.
 */
export const DEFAULT_TOTAL_SESSIONS = 65_536;
/** Largest accepted TTL: 30 days. */
export const MAX_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionManagerOptions {
  /** Where sessions live; default a new MemorySessionStore. */
  store?: SessionStore;
  /** Heartbeat N for sessions created without one; default 20. */
  heartbeat?: number;
  /** Idle TTL in ms for sessions created without one; default 30 minutes. */
  ttlMs?: number;
}

export interface CreateSessionOptions {
  heartbeat?: number;
  ttlMs?: number;
}

export interface TurnOptions {
  /** Absolute deadline (epoch ms or Date), compared with the store's clock when the turn commits. */
  deadline?: number | Date;
  /** Relative deadline: now + timeoutMs. Ignored when `deadline` is given. */
  timeoutMs?: number;
}

export interface OwnedTurnOptions extends TurnOptions {
  /**
   * The namespace of the ids (e.g. the peer's identity): a session id is unique among the
   * sessions of one scope, so one scope filling up never touches another. Non-empty.
   */
  scope: string;
  /**
   * Live sessions the scope may hold, 1..936; default 256. Beyond it the least recently used
   * session without a turn in progress is evicted; when all have one, `limit_exceeded`.
   */
  maxSessions?: number;
  /** Live owner-bound sessions over all scopes of the store; default 65536. A new session beyond it is `limit_exceeded`. */
  maxTotalSessions?: number;
  /**
   * How long the turn counts as in progress at most, in ms, if `endTurn` is never called (a
   * crashed worker); default the session TTL. While in progress, its session is never evicted.
   */
  busyMs?: number;
  /**
   * The request's id (e.g. the IR's meta.req_id): a turn is counted at most once per (owner,
   * requestId); a retry gets the first attempt's turn back with `replayed: true`. At most 128
   * characters.
   */
  requestId?: string;
  /**
   * The session the caller continues (the id an earlier reply gave it). If the owner's live
   * session is not that one, the turn is refused with `session_expired` and nothing is recorded.
   */
  sessionId?: string;
}

export interface OwnedTurnResult<E extends JsonValue = JsonValue> extends TurnResult<E> {
  /** This turn opened a new session for the owner. */
  opened: boolean;
  /** The owner's previous session had been evicted by the scope's quota. */
  previous?: "evicted";
  /** Sessions of the scope this turn evicted to make room, with their owners. */
  evicted: { id: string; owner: string }[];
  /** This turn had been counted before under the same requestId: its outcome again, counted once. */
  replayed?: true;
}

/** A session's counters (see StoredSession) under its id. */
export interface SessionInfo extends StoredSession {
  id: string;
}

export interface TurnResult<E extends JsonValue = JsonValue> {
  sessionId: string;
  /** 0-based index of this turn, as in the study's phase3_heartbeat records. */
  turn: number;
  /** What this turn sees: entries of earlier turns since the last renewal, oldest first. */
  context: E[];
  /** The heartbeat fired after this turn: the next turn starts with an empty context. */
  renewed: boolean;
  /** Renewals so far, this one included. */
  renewals: number;
  heartbeat: Heartbeat;
}

export class SessionManager<E extends JsonValue = JsonValue> {
  readonly store: SessionStore;
  readonly #heartbeat: Heartbeat;
  readonly #ttlMs: number;

  constructor(options: SessionManagerOptions = {}) {
    this.store = options.store ?? new MemorySessionStore();
    this.#heartbeat = assertHeartbeat(options.heartbeat ?? DEFAULT_HEARTBEAT);
    this.#ttlMs = checkTtl(options.ttlMs ?? DEFAULT_SESSION_TTL_MS);
  }

  /** Starts a session; `limit_exceeded` when all 936 ids are held by live sessions. */
  async create(options: CreateSessionOptions = {}): Promise<SessionInfo> {
    const heartbeat = assertHeartbeat(options.heartbeat ?? this.#heartbeat);
    const ttlMs = checkTtl(options.ttlMs ?? this.#ttlMs);
    const id = await this.store.allocate({ heartbeat, ttlMs }, randomInt(SESSION_ID_SPACE));
    if (id === undefined) {
      throw new SilpError("limit_exceeded", `no free session id: all ${SESSION_ID_SPACE} two-character ids are held by live sessions`, {
        details: { idSpace: SESSION_ID_SPACE, store: this.store.kind },
      });
    }
    return { id, heartbeat, turns: 0, renewals: 0, ttlMs, expiresInMs: ttlMs, contextLength: 0 };
  }

  /** The session's counters; `session_expired` when it is unknown or expired. */
  async get(id: string): Promise<SessionInfo> {
    checkId(id);
    const stored = await this.store.read(id);
    if (!stored) throw expired(id);
    return { id, ...stored };
  }

  /**
   * Records one turn: appends `entry` to the context (or clears the context when the heartbeat
   * fires after this turn) and returns what the turn saw. `session_expired` for an unknown or
   * expired session, `timeout` when the deadline passed before the turn could commit (nothing
   * is recorded then).
   */
  async turn(id: string, entry: E, options: TurnOptions = {}): Promise<TurnResult<E>> {
    checkId(id);
    const serialized = JSON.stringify(entry);
    if (serialized === undefined) throw new TypeError("a context entry must be a JSON value");
    const deadline = resolveDeadline(options);
    const outcome = await this.store.recordTurn(id, serialized, deadline);
    if (outcome.status === "missing") throw expired(id);
    if (outcome.status === "timeout") {
      throw new SilpError("timeout", `turn of session ${id} missed its deadline; nothing was recorded`, {
        details: { sessionId: id, deadline, storeNow: outcome.storeNow },
      });
    }
    return {
      sessionId: id,
      turn: outcome.turn,
      context: outcome.context.map((text) => JSON.parse(text) as E),
      renewed: outcome.renewed,
      renewals: outcome.renewals,
      heartbeat: outcome.heartbeat,
    };
  }

  /**
   * One turn of the session `owner` (e.g. an A2A contextId) holds in `options.scope`: the
   * owner's live session, or a new one bound to it. The binding is stored with the session and
   * expires with it, and a session bound to another owner is never joined, so a reused id can
   * never carry one conversation's turn into another. When the scope holds `maxSessions` live
   * sessions, its least recently used one is evicted (reported in `evicted`). Needs a store with
   * `ownedTurn` (the memory and Redis stores have it).
   */
  async turnFor(owner: string, entry: E, options: OwnedTurnOptions): Promise<OwnedTurnResult<E>> {
    const store = this.store as Partial<OwnedSessionStore>;
    if (typeof store.ownedTurn !== "function") throw new TypeError(`the ${this.store.kind} session store does not keep owner-bound sessions (ownedTurn)`);
    if (typeof owner !== "string" || owner === "") throw new TypeError("owner must be a non-empty string");
    if (typeof options.scope !== "string" || options.scope === "") throw new TypeError("scope must be a non-empty string");
    const maxSessions = options.maxSessions ?? DEFAULT_SCOPE_SESSIONS;
    if (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > SESSION_ID_SPACE) {
      throw new TypeError(`maxSessions must be an integer in 1..${SESSION_ID_SPACE}, got ${String(maxSessions)}`);
    }
    const maxTotalSessions = options.maxTotalSessions ?? DEFAULT_TOTAL_SESSIONS;
    if (!Number.isInteger(maxTotalSessions) || maxTotalSessions < 1) {
      throw new TypeError(`maxTotalSessions must be a positive integer, got ${String(maxTotalSessions)}`);
    }
    const busyMs = options.busyMs === undefined ? this.#ttlMs : checkTtl(options.busyMs);
    if (options.requestId !== undefined && (typeof options.requestId !== "string" || options.requestId === "" || options.requestId.length > 128)) {
      throw new TypeError("requestId must be a string of 1..128 characters");
    }
    if (options.sessionId !== undefined) checkId(options.sessionId);
    const serialized = JSON.stringify(entry);
    if (serialized === undefined) throw new TypeError("a context entry must be a JSON value");
    const deadline = resolveDeadline(options);
    const outcome = await store.ownedTurn.call(this.store, {
      scope: options.scope,
      owner,
      entry: serialized,
      deadline,
      record: { heartbeat: this.#heartbeat, ttlMs: this.#ttlMs },
      start: randomInt(SESSION_ID_SPACE),
      maxSessions,
      maxTotalSessions,
      busyMs,
      ...(options.requestId === undefined ? {} : { requestId: options.requestId }),
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    });
    if (outcome.status === "lost") {
      const sessionId = options.sessionId as string;
      const why = outcome.previous === "evicted" ? "was evicted by this peer's session quota" : "expired or was lost by the session store";
      throw new SilpError(
        "session_expired",
        `session ${sessionId} of this conversation ${why}; nothing was recorded: send without a session id to open a new one`,
        {
          details: { sessionId, reason: outcome.previous === "evicted" ? "evicted" : "unknown" },
        },
      );
    }
    if (outcome.status === "timeout") {
      throw new SilpError("timeout", "the session turn missed its deadline; nothing was recorded", { details: { deadline, storeNow: outcome.storeNow } });
    }
    if (outcome.status === "busy") {
      throw new SilpError(
        "limit_exceeded",
        `this scope holds its quota of ${maxSessions} sessions and every one has a turn in progress; retry when a turn ends`,
        { details: { reason: "scope_busy", maxSessions, store: this.store.kind } },
      );
    }
    if (outcome.status === "total_full") {
      throw new SilpError("limit_exceeded", `the agent holds its ceiling of ${maxTotalSessions} live sessions over all peers; no new session can open`, {
        details: { reason: "total_sessions", maxTotalSessions, store: this.store.kind },
      });
    }
    if (outcome.status === "full") {
      throw new SilpError("limit_exceeded", `no free session id in this scope: all ${SESSION_ID_SPACE} ids are held by live sessions`, {
        details: { idSpace: SESSION_ID_SPACE, store: this.store.kind },
      });
    }
    return {
      sessionId: outcome.id,
      turn: outcome.turn,
      context: outcome.context.map((text) => JSON.parse(text) as E),
      renewed: outcome.renewed,
      renewals: outcome.renewals,
      heartbeat: outcome.heartbeat,
      opened: outcome.opened,
      ...(outcome.previous ? { previous: outcome.previous } : {}),
      ...(outcome.replayed ? { replayed: true as const } : {}),
      evicted: outcome.evicted,
    };
  }

  /**
   * Ends the turn `turnFor` started: its session counts as idle again and may be evicted. Call it
   * when the turn's work is done (replied or failed); a session that is gone is fine.
   */
  async endTurn(owner: string, turn: { scope: string; sessionId: string }): Promise<void> {
    const store = this.store as Partial<OwnedSessionStore>;
    if (typeof store.endOwnedTurn !== "function") return;
    await store.endOwnedTurn.call(this.store, { scope: turn.scope, owner, id: turn.sessionId });
  }

  /** The current context window (what the next turn will see). */
  async context(id: string): Promise<E[]> {
    checkId(id);
    const entries = await this.store.readContext(id);
    if (!entries) throw expired(id);
    return entries.map((text) => JSON.parse(text) as E);
  }

  /** Ends a session; `session_expired` if it was not live. */
  async end(id: string): Promise<void> {
    checkId(id);
    if (!(await this.store.remove(id))) throw expired(id);
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

function expired(id: string): SilpError {
  return new SilpError("session_expired", `session ${id} is unknown or has expired`, { details: { sessionId: id } });
}

/** A malformed id can never name a live session; it is reported like an unknown one. */
function checkId(id: unknown): asserts id is string {
  if (!isSessionId(id)) {
    const shown = typeof id === "string" ? JSON.stringify(id.slice(0, 16)) : String(id);
    throw new SilpError("session_expired", `${shown} is not a session id (two characters, [a-z][a-z0-9])`, {
      details: { reason: "malformed_id" },
    });
  }
}

function checkTtl(ttlMs: number): number {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > MAX_SESSION_TTL_MS) {
    throw new TypeError(`ttlMs must be an integer in 1..${MAX_SESSION_TTL_MS}, got ${String(ttlMs)}`);
  }
  return ttlMs;
}

function resolveDeadline(options: TurnOptions): number | undefined {
  if (options.deadline !== undefined) {
    const at = options.deadline instanceof Date ? options.deadline.getTime() : options.deadline;
    if (!Number.isFinite(at)) throw new TypeError(`deadline must be a finite time, got ${String(options.deadline)}`);
    return at;
  }
  if (options.timeoutMs !== undefined) {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs < 0) {
      throw new TypeError(`timeoutMs must be a non-negative number, got ${String(options.timeoutMs)}`);
    }
    return Date.now() + options.timeoutMs;
  }
  return undefined;
}
