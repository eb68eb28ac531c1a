/**
 * SILP sessions (spec 5.2) keyed by the A2A contextId. A2A groups the messages of one
 * conversation under a contextId; each SILP payload received in it is one turn of one SILP
 * session, whose 2-character id the session manager allocates. The heartbeat N renews the
 * session's context every N turns.
 *
 * Ids are scoped by the peer (its identity, see executor.ts): a session id is unique among the
 * sessions of one scope, each scope holds at most `maxSessionsPerScope` live sessions and evicts
 * its least recently used one beyond that, so a peer can only exhaust its own scope. The
 * contextId -> session binding is stored WITH the session in the manager's store (memory or
 * Redis) and expires with it; every turn checks that the session still belongs to the context,
 * so an expired context never joins a session that reused its id, and several agent processes on
 * one Redis serve one conversation as one session. Nothing about a context is kept in this
 * process except the queue that orders its in-flight turns.
 */
import type { JsonValue } from "silp";
import type { OwnedTurnResult, SessionManager, TurnOptions } from "silp/session";

export interface ContextSessionsOptions {
  /** Live sessions per scope (peer), 1..936; the least recently used is evicted beyond it. Default 256. */
  maxSessionsPerScope?: number;
}

export interface ContextTurn extends OwnedTurnResult {}

/** The scope used when the caller names none. */
export const DEFAULT_CONTEXT_SCOPE = "anonymous";

export class ContextSessions {
  readonly #queue = new Map<string, Promise<unknown>>();
  readonly #maxSessions: number | undefined;

  constructor(
    readonly manager: SessionManager,
    options: ContextSessionsOptions = {},
  ) {
    this.#maxSessions = options.maxSessionsPerScope;
  }

  /**
   * Records one turn of `contextId` in `scope`. Turns of one context run one after another, in
   * arrival order (in this process; across processes the store's atomic step orders them).
   */
  turn(contextId: string, entry: JsonValue, options: TurnOptions & { scope?: string } = {}): Promise<ContextTurn> {
    const scope = options.scope ?? DEFAULT_CONTEXT_SCOPE;
    const key = JSON.stringify([scope, contextId]);
    const previous = this.#queue.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() =>
        this.manager.turnFor(contextId, entry, {
          ...options,
          scope,
          ...(this.#maxSessions === undefined ? {} : { maxSessions: this.#maxSessions }),
        }),
      );
    this.#queue.set(key, next);
    void next
      .finally(() => {
        if (this.#queue.get(key) === next) this.#queue.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.manager.close();
  }
}
