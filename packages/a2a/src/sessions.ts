/**
 * SILP sessions (spec 5.2) keyed by the A2A contextId. A2A groups the messages of one
 * conversation under a contextId; each SILP payload received in it is one turn of one SILP
 * session, whose 2-character id the session manager allocates. The heartbeat N renews the
 * session's context every N turns.
 *
 * Ids are scoped by the peer (its identity, see executor.ts): a session id is unique among the
 * sessions of one scope, each scope holds at most `maxSessionsPerScope` live sessions and evicts
 * its least recently used one without a turn in progress beyond that, so a peer can only exhaust
 * its own scope; `maxTotalSessions` caps all scopes together (memory), refusing new sessions. The
 * contextId -> session binding is stored WITH the session in the manager's store (memory or
 * Redis) and expires with it; every turn checks that the session still belongs to the context,
 * so an expired context never joins a session that reused its id, and several agent processes on
 * one Redis serve one conversation as one session. Nothing about a context is kept in this
 * process except the queue that orders its in-flight turns.
 */
import type { JsonValue } from "silp";
import type { OwnedTurnOptions, OwnedTurnResult, SessionManager, TurnOptions } from "silp/session";

export interface ContextSessionsOptions {
  /**
   * Live sessions per scope (peer), 1..936; the least recently used one without a turn in
   * progress is evicted beyond it (`limit_exceeded` when all have one). Default 256.
   */
  maxSessionsPerScope?: number;
  /** Live sessions over all scopes; a new session beyond it is `limit_exceeded`. Default 65536. */
  maxTotalSessions?: number;
  /** Longest a turn counts as in progress if `end` is never called (ms); default the session TTL. */
  busyMs?: number;
}

export interface ContextTurn extends OwnedTurnResult {
  /** The scope the turn ran in (give the turn back to `end`). */
  scope: string;
}

/** The scope used when the caller names none. */
export const DEFAULT_CONTEXT_SCOPE = "anonymous";

export class ContextSessions {
  readonly #queue = new Map<string, Promise<unknown>>();
  readonly #limits: Pick<OwnedTurnOptions, "maxSessions" | "maxTotalSessions" | "busyMs">;

  constructor(
    readonly manager: SessionManager,
    options: ContextSessionsOptions = {},
  ) {
    this.#limits = {
      ...(options.maxSessionsPerScope === undefined ? {} : { maxSessions: options.maxSessionsPerScope }),
      ...(options.maxTotalSessions === undefined ? {} : { maxTotalSessions: options.maxTotalSessions }),
      ...(options.busyMs === undefined ? {} : { busyMs: options.busyMs }),
    };
  }

  /**
   * Records one turn of `contextId` in `scope`. Turns of one context run one after another, in
   * arrival order (in this process; across processes the store's atomic step orders them).
   * The turn is in progress (its session is not evicted) until `end(contextId, turn)`.
   */
  turn(
    contextId: string,
    entry: JsonValue,
    options: TurnOptions & Pick<OwnedTurnOptions, "requestId" | "sessionId"> & { scope?: string } = {},
  ): Promise<ContextTurn> {
    const scope = options.scope ?? DEFAULT_CONTEXT_SCOPE;
    const key = JSON.stringify([scope, contextId]);
    const previous = this.#queue.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async (): Promise<ContextTurn> => ({ ...(await this.manager.turnFor(contextId, entry, { ...this.#limits, ...options, scope })), scope }));
    this.#queue.set(key, next);
    void next
      .finally(() => {
        if (this.#queue.get(key) === next) this.#queue.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  /** The turn's work is done (replied or failed): its session may be evicted again. */
  async end(contextId: string, turn: Pick<ContextTurn, "scope" | "sessionId">): Promise<void> {
    await this.manager.endTurn(contextId, turn);
  }

  async close(): Promise<void> {
    await this.manager.close();
  }
}
