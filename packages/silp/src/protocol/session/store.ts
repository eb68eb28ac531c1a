/**
 * The storage contract behind the session manager. A store holds, per session id, the heartbeat
 * N, the turn counter, the renewal counter, the session's idle TTL and the accumulated context
 * (entries already serialized to JSON text by the manager, so no store can alias caller objects).
 *
 * Every method is one atomic step of the store: two callers, in one process or in several,
 * never observe a half-applied turn. Expiry is the store's own: the in-memory store compares
 * against its clock, the Redis store lets Redis drop keys by TTL.
 */
import type { Heartbeat } from "./heartbeat.js";

/**
 * Request ids remembered per session for replays: a retry of one of the session's last 64 turns
 * (same request id) is answered as the first attempt was, not counted again.
 */
export const REPLAY_LOG_SIZE = 64;

export interface NewSessionRecord {
  heartbeat: Heartbeat;
  /** Idle time-to-live in milliseconds; every recorded turn restarts it. */
  ttlMs: number;
}

export interface StoredSession {
  heartbeat: Heartbeat;
  /** Turns recorded so far, which is also the 0-based index of the next turn. */
  turns: number;
  /** How many times the context has been cleared. */
  renewals: number;
  ttlMs: number;
  /** Milliseconds left before the session expires (by the store's clock). */
  expiresInMs: number;
  /** Entries in the current context window. */
  contextLength: number;
}

export type TurnOutcome =
  | {
      status: "ok";
      /** 0-based index of the turn just recorded. */
      turn: number;
      /** The context cleared after this turn (the heartbeat fired). */
      renewed: boolean;
      renewals: number;
      heartbeat: Heartbeat;
      /** The serialized entries this turn saw: earlier turns of the current window, oldest first. */
      context: string[];
    }
  | { status: "missing" }
  | { status: "timeout"; storeNow: number };

export interface SessionStore {
  /** A short name for messages and test titles ("memory", "redis"). */
  readonly kind: string;
  /**
   * Creates a session under the first free id, probing the fixed id order (ids.ts) from
   * position `start`. Returns the id, or undefined when every id is held by a live session.
   */
  allocate(record: NewSessionRecord, start: number): Promise<string | undefined>;
  read(id: string): Promise<StoredSession | undefined>;
  /**
   * Atomically: check the session exists and the deadline (epoch ms, store clock) has not
   * passed, take the next turn number, append `entry`, clear the context when the heartbeat
   * fires, and restart the TTL. Nothing is written on "missing" or "timeout".
   */
  recordTurn(id: string, entry: string, deadline: number | undefined): Promise<TurnOutcome>;
  /** The serialized entries of the current context window, or undefined for no such session. */
  readContext(id: string): Promise<string[] | undefined>;
  /** Ends a session; true when it existed. */
  remove(id: string): Promise<boolean>;
  /** Releases connections the store opened itself. */
  close(): Promise<void>;
}

/**
 * One turn of the session an owner (a conversation, e.g. an A2A contextId) holds inside a scope
 * (a peer identity). Session ids are unique per scope: the store key is (scope, id).
 */
export interface OwnedTurnRequest {
  scope: string;
  owner: string;
  entry: string;
  deadline: number | undefined;
  /** Used when the owner has no live session: a new one is created. */
  record: NewSessionRecord;
  /** Allocation start in the id order (ids.ts). */
  start: number;
  /**
   * Most live sessions in the scope; the least recently used one without a turn in progress is
   * evicted to make room ("busy" when every one has a turn in progress).
   */
  maxSessions: number;
  /** Most live owner-bound sessions over all scopes of the store ("total_full" beyond it); undefined: no ceiling. */
  maxTotalSessions?: number;
  /**
   * The turn stays "in progress" (its session is not evicted) until endOwnedTurn, or at most this
   * long (a lease, so a process that died mid-turn cannot pin a session for ever). Default the
   * session's TTL.
   */
  busyMs?: number;
  /**
   * The request's id (the A2A executor passes the IR's meta.req_id). When the owner's session has
   * already counted a turn with this id (among its last REPLAY_LOG_SIZE turns), nothing is counted
   * again: the outcome is that turn's, with `replayed: true`.
   */
  requestId?: string;
  /**
   * The session id the caller believes it continues (from an earlier reply). When the owner's
   * live session is not that one (it expired, was evicted, or the store lost it), nothing is
   * written and the outcome is "lost": the caller is told, never silently given a new session.
   */
  sessionId?: string;
}

/** Ends the in-progress mark a turn of `owner` set on session `id` of `scope` (ownedTurn). */
export interface OwnedTurnEnd {
  scope: string;
  owner: string;
  id: string;
}

export type OwnedTurnOutcome =
  | {
      status: "ok";
      id: string;
      /** A new session was created for the owner by this turn. */
      opened: boolean;
      /** The owner's previous session was evicted (not expired) before this turn. */
      previous?: "evicted";
      /** The turn had been counted before under the same requestId: this is its outcome again, nothing was counted. */
      replayed?: true;
      /** Sessions of the scope evicted to make room, with the owners that held them. */
      evicted: { id: string; owner: string }[];
      turn: number;
      renewed: boolean;
      renewals: number;
      heartbeat: Heartbeat;
      context: string[];
    }
  | { status: "timeout"; storeNow: number }
  /** `sessionId` was given and is not the owner's live session; `previous` says when it was evicted. */
  | { status: "lost"; previous?: "evicted" }
  | { status: "full" }
  /** The scope is at maxSessions and every session in it has a turn in progress. */
  | { status: "busy" }
  /** A new session was needed and the store holds maxTotalSessions owner-bound sessions. */
  | { status: "total_full"; total: number };

/**
 * Stores that keep owner-bound sessions. `ownedTurn` is one atomic step: find the owner's live
 * session in the scope (the binding is stored with the session and expires with it; a session
 * whose recorded owner differs is never joined), or create one (evicting the scope's least
 * recently used session without a turn in progress when the scope holds `maxSessions`, refusing
 * when the whole store holds `maxTotalSessions`), then record the turn and mark it in progress
 * until `endOwnedTurn` (or `busyMs` later).
 */
export interface OwnedSessionStore extends SessionStore {
  ownedTurn(request: OwnedTurnRequest): Promise<OwnedTurnOutcome>;
  /** The turn is over: its session may be evicted again. A no-op when the session is gone or owned by another. */
  endOwnedTurn(end: OwnedTurnEnd): Promise<void>;
}
