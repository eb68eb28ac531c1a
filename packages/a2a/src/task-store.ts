/**
 * A bounded TaskStore for the SDK's request handler: at most `maxTasks` tasks (the least
 * recently saved goes first) and none older than `maxAgeMs`. Tasks are kept per caller
 * (tenant and user name), so GetTask and ListTasks only see the caller's own tasks. SILP replies
 * are messages, not tasks; tasks come from a fallback executor or a failed execution.
 */
import type { ListTasksRequest, ListTasksResponse, Task } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";

export interface BoundedTaskStoreOptions {
  /** Most tasks kept; default 1000. */
  maxTasks?: number;
  /** Longest a task is kept after its last save, in ms; default 10 minutes. */
  maxAgeMs?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

export class BoundedTaskStore implements TaskStore {
  readonly #tasks = new Map<string, { task: Task; savedAt: number }>();
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
    this.#tasks.set(key, { task: structuredClone(task), savedAt: this.#now() });
    this.#sweep();
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    this.#sweep();
    const entry = this.#tasks.get(this.#key(taskId, context));
    return entry ? structuredClone(entry.task) : undefined;
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    this.#sweep();
    const prefix = this.#key("", context);
    const pageSize = params.pageSize || 50;
    const tasks = [...this.#tasks.entries()]
      .filter(([key, { task }]) => key.startsWith(prefix) && (!params.contextId || task.contextId === params.contextId))
      .map(([, { task }]) => task)
      .reverse();
    return {
      tasks: tasks.slice(0, pageSize).map((task) => ({ ...structuredClone(task), ...(params.includeArtifacts ? {} : { artifacts: [] }) })),
      nextPageToken: "",
      pageSize,
      totalSize: tasks.length,
    };
  }

  #key(taskId: string, context: ServerCallContext): string {
    return `${JSON.stringify([context?.tenant ?? "", context?.user?.userName ?? ""]).slice(0, -1)},${JSON.stringify(taskId)}`;
  }

  #sweep(): void {
    const oldest = this.#now() - this.#maxAgeMs;
    for (const [key, { savedAt }] of this.#tasks) {
      if (savedAt > oldest && this.#tasks.size <= this.#maxTasks) break;
      this.#tasks.delete(key);
    }
  }
}
