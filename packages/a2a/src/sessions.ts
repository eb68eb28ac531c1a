/**
 * SILP sessions (spec 5.2) keyed by the A2A contextId. A2A groups the messages of one
 * conversation under a contextId; each SILP payload received in it is one turn of one SILP
 * session, whose 2-character id the session manager allocates. The heartbeat N renews the
 * session's context every N turns.
 *
 * The contextId -> session id map lives in this process (a bounded LRU); the sessions themselves
 * live in the manager's store (in memory, or Redis through silp/redis). A context whose session
 * expired gets a new session on its next turn.
 */
import { SilpError } from "silp";
import type { JsonValue } from "silp";
import type { SessionManager, TurnResult } from "silp/session";

export interface ContextSessionsOptions {
  /** Most contexts remembered at once; the least recently used is forgotten first. Default 4096. */
  maxContexts?: number;
}

export interface ContextTurn extends TurnResult {
  /** True when this turn opened a new SILP session for the context. */
  opened: boolean;
}

export class ContextSessions {
  readonly #byContext = new Map<string, string>();
  readonly #queue = new Map<string, Promise<unknown>>();
  readonly #maxContexts: number;

  constructor(
    readonly manager: SessionManager,
    options: ContextSessionsOptions = {},
  ) {
    this.#maxContexts = options.maxContexts ?? 4096;
  }

  /** The session id of a context, if it has one. */
  sessionOf(contextId: string): string | undefined {
    return this.#byContext.get(contextId);
  }

  /** Records one turn of `contextId`. Turns of one context run one after another, in arrival order. */
  turn(contextId: string, entry: JsonValue): Promise<ContextTurn> {
    const previous = this.#queue.get(contextId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.#turn(contextId, entry));
    this.#queue.set(contextId, next);
    void next
      .finally(() => {
        if (this.#queue.get(contextId) === next) this.#queue.delete(contextId);
      })
      .catch(() => undefined);
    return next;
  }

  async #turn(contextId: string, entry: JsonValue): Promise<ContextTurn> {
    const known = this.#byContext.get(contextId);
    if (known !== undefined) {
      try {
        const result = await this.manager.turn(known, entry);
        this.#remember(contextId, known);
        return { ...result, opened: false };
      } catch (error) {
        if (!(error instanceof SilpError && error.code === "session_expired")) throw error;
        this.#byContext.delete(contextId);
      }
    }
    const session = await this.manager.create();
    this.#remember(contextId, session.id);
    return { ...(await this.manager.turn(session.id, entry)), opened: true };
  }

  #remember(contextId: string, sessionId: string): void {
    this.#byContext.delete(contextId);
    this.#byContext.set(contextId, sessionId);
    while (this.#byContext.size > this.#maxContexts) {
      const oldest = this.#byContext.keys().next().value as string;
      this.#byContext.delete(oldest);
    }
  }

  async close(): Promise<void> {
    await this.manager.close();
  }
}
