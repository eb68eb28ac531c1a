/**
 * A vitest pool whose workers run on the lab's Node 22 (scripts/node22.mjs), for the tests of the
 * OpenAI Agents SDK: `openai` 7, which every `@openai/agents` from 0.15 on depends on, declares
 * `engines.node >= 22`, so those tests run on Node 22 and never on the project's Node 20. vitest
 * itself (the run, its reporters, the other projects) stays on the Node that started it; only
 * these test files run in a child process of another binary, so `npm test` stays one run of one
 * runner.
 *
 * The worker is vitest's own `forks` worker (the child process entry `workers/forks.js` and its
 * messages), started with `execPath` set: the `forks` pool has `execArgv` but no option for the
 * binary. This follows vitest's ForksPoolWorker (vitest 4.1, "Custom Pool" in its docs; the
 * root package.json pins vitest's exact version). Messages use `advanced` (V8) serialization, as
 * vitest's do, which Node 20 and Node 22 read alike. When the binary is missing, the worker fails
 * to start, and so does every file of the project: a failure, never a skip.
 */
import { type ChildProcess, fork } from "node:child_process";
import { resolve } from "node:path";
import type { Writable } from "node:stream";
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from "vitest/node";
import { requireNode22 } from "./node22.mjs";

/** The pool's name, which vitest shows for its files ("pool": the worker's name). */
export const NODE22_POOL = "node22";

const SIGKILL_AFTER_MS = 500;

class Node22ForksWorker implements PoolWorker {
  readonly name = NODE22_POOL;
  readonly cacheFs = true;
  private readonly entrypoint: string;
  private readonly execArgv: string[];
  private readonly env: Partial<NodeJS.ProcessEnv>;
  private readonly stdout: Writable;
  private readonly stderr: Writable;
  private child?: ChildProcess;

  constructor(options: PoolOptions) {
    this.entrypoint = resolve(options.distPath, "workers/forks.js");
    this.execArgv = options.execArgv;
    this.env = options.env;
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.process.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.process.off(event, callback);
  }

  send(message: WorkerRequest): void {
    this.process.send(message);
  }

  async start(): Promise<void> {
    if (this.child !== undefined) return;
    this.child = fork(this.entrypoint, [], {
      execPath: requireNode22(),
      env: this.env,
      execArgv: this.execArgv,
      stdio: "pipe",
      serialization: "advanced",
    });
    // The child's output into vitest's, as its own workers do (one more listener per running worker).
    for (const [from, to] of [
      [this.child.stdout, this.stdout],
      [this.child.stderr, this.stderr],
    ] as const) {
      if (!from) continue;
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to, { end: false });
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child === undefined) return; // never started (no Node 22: start threw, which fails the files)
    const exited = new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once("exit", () => done())));
    const kill = setTimeout(() => child.kill("SIGKILL"), SIGKILL_AFTER_MS);
    child.kill();
    await exited;
    clearTimeout(kill);
    for (const [from, to] of [
      [child.stdout, this.stdout],
      [child.stderr, this.stderr],
    ] as const) {
      if (!from) continue;
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    this.child = undefined;
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  private get process(): ChildProcess {
    if (this.child === undefined) throw new Error("the Node 22 test worker is not running");
    return this.child;
  }
}

/** The pool for a vitest project (`pool: node22Pool()`). */
export function node22Pool(): PoolRunnerInitializer {
  return { name: NODE22_POOL, createPoolWorker: (options) => new Node22ForksWorker(options) };
}
