/**
 * A bounded TaskStore for the SDK's request handler: at most `maxTasks` tasks (the least
 * recently saved goes first) and none older than `maxAgeMs`. Tasks are kept per caller
 * (tenant and user name), so GetTask and ListTasks only see the caller's own tasks. SILP replies
 * are messages, not tasks; tasks come from a fallback executor or a failed execution.
 *
 * ListTasks (A2A 1.0, section 3.1.4): the caller's tasks, most recently saved first, filtered by
 * context, state and status time, a page at a time. A page token names the save after which the
 * next page starts, signed with a key of this store's, so a token another caller or a forger
 * wrote is refused (invalid params) instead of answered with an empty or someone else's list.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type ListTasksRequest, type ListTasksResponse, type Task, TaskState } from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";

export interface BoundedTaskStoreOptions {
  /** Most tasks kept; default 1000. */
  maxTasks?: number;
  /** Longest a task is kept after its last save, in ms; default 10 minutes. */
  maxAgeMs?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** A stored task: `seq` orders saves (a later save, a higher number), which pages follow. */
interface Stored {
  task: Task;
  savedAt: number;
  seq: number;
}

export class BoundedTaskStore implements TaskStore {
  readonly #tasks = new Map<string, Stored>();
  readonly #tokenKey = randomBytes(32);
  #seq = 0;
  readonly #maxTasks: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;

  constructor(options: BoundedTaskStoreOptions = {}) {
    this.#maxTasks = options.maxTasks ?? 1000;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60 * 1000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    this.#sweep();
    return this.#tasks.size;
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const key = this.#key(task.id, context);
    this.#tasks.delete(key);
    this.#tasks.set(key, { task: structuredClone(task), savedAt: this.#now(), seq: ++this.#seq });
    this.#sweep();
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    this.#sweep();
    const entry = this.#tasks.get(this.#key(taskId, context));
    return entry ? structuredClone(entry.task) : undefined;
  }

  /** The SDK's handler has checked pageSize (1 to 100, default 50), the state and the time's syntax. */
  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    this.#sweep();
    const scope = this.#scope(context);
    const before = params.pageToken ? this.#cursorOf(params.pageToken, scope) : Number.POSITIVE_INFINITY;
    const after = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
    const state = params.status === TaskState.TASK_STATE_UNSPECIFIED ? undefined : params.status;
    const matching: Stored[] = [];
    for (const [key, stored] of this.#tasks) {
      const { task } = stored;
      if (!key.startsWith(scope)) continue;
      if (params.contextId && task.contextId !== params.contextId) continue;
      if (state !== undefined && task.status?.state !== state) continue;
      if (after !== undefined && !(Date.parse(task.status?.timestamp ?? "") >= after)) continue;
      matching.push(stored);
    }
    // Saved last, listed first (the map keeps the order of the last save).
    matching.reverse();
    const pageSize = params.pageSize ?? 50;
    const from = matching.findIndex((stored) => stored.seq < before);
    const page = from === -1 ? [] : matching.slice(from, from + pageSize);
    const last = page[page.length - 1];
    const more = last !== undefined && from + page.length < matching.length;
    return {
      tasks: page.map(({ task }) => ({ ...structuredClone(task), ...(params.includeArtifacts ? {} : { artifacts: [] }) })),
      nextPageToken: more ? this.#tokenOf(last.seq, scope) : "",
      pageSize,
      totalSize: matching.length,
    };
  }

  /** The caller's scope: a whole JSON array, so no scope is the start of another's. */
  #scope(context: ServerCallContext): string {
    return JSON.stringify([context?.tenant ?? "", context?.user?.userName ?? ""]);
  }

  #key(taskId: string, context: ServerCallContext): string {
    return `${this.#scope(context)}${JSON.stringify(taskId)}`;
  }

  /** `<seq>.<signature>`: the page after the save numbered seq, for this scope only. */
  #tokenOf(seq: number, scope: string): string {
    return `${seq}.${this.#sign(seq, scope)}`;
  }

  #cursorOf(token: string, scope: string): number {
    const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    const seq = match ? Number(match[1]) : 0;
    const given = Buffer.from(match?.[2] ?? "", "base64url");
    const expected = Buffer.from(this.#sign(seq, scope), "base64url");
    if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new RequestMalformedError("Invalid pageToken: not a token this agent gave this caller.");
    }
    return seq;
  }

  #sign(seq: number, scope: string): string {
    return createHmac("sha256", this.#tokenKey).update(`${seq}\n${scope}`).digest("base64url");
  }

  #sweep(): void {
    const oldest = this.#now() - this.#maxAgeMs;
    for (const [key, { savedAt }] of this.#tasks) {
      if (savedAt > oldest && this.#tasks.size <= this.#maxTasks) break;
      this.#tasks.delete(key);
    }
  }
}
