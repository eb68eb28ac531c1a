/** Sessions (spec 5.2): the manager, the heartbeat rule, ids, and the in-memory store. Redis is in `silp/redis`. */
export {
  SessionManager,
  DEFAULT_SESSION_TTL_MS,
  DEFAULT_SCOPE_SESSIONS,
  DEFAULT_TOTAL_SESSIONS,
  type OwnedTurnOptions,
  type OwnedTurnResult,
  MAX_SESSION_TTL_MS,
  type SessionManagerOptions,
  type CreateSessionOptions,
  type TurnOptions,
  type SessionInfo,
  type TurnResult,
} from "./manager.js";
export {
  HEARTBEAT_VALUES,
  NO_HEARTBEAT,
  DEFAULT_HEARTBEAT,
  isHeartbeat,
  assertHeartbeat,
  renewsAfterTurn,
  type Heartbeat,
} from "./heartbeat.js";
export { SESSION_ID_SPACE, SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, isSessionId, sessionIdAt } from "./ids.js";
export { MemorySessionStore, TOMBSTONES_PER_SESSION, type MemorySessionStoreOptions, type MemoryStoreStats } from "./memory-store.js";
export type {
  SessionStore,
  NewSessionRecord,
  StoredSession,
  TurnOutcome,
  OwnedSessionStore,
  OwnedTurnRequest,
  OwnedTurnOutcome,
  OwnedTurnEnd,
} from "./store.js";
export { REPLAY_LOG_SIZE } from "./store.js";
