/**
 * Private redis-server processes for the tests that need one: started on a free loopback port when
 * the binary is on PATH (or at $SILP_REDIS_SERVER), killed when the test process exits.
 *
 * `REDIS` is the shared server of a test process (no persistence); $SILP_REDIS_URL points the
 * tests at a server of your own instead, and without either `REDIS.skip` is the one line the
 * skipped tests print. `startRedisServer` starts a server of the test's own, which it may pause
 * (SIGSTOP), kill and restart on the same port: the fault tests use it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { skipUnlessRequired } from "./require-all.js";

export type RedisForTests = { url: string; skip: false } | { url: undefined; skip: string };

export const REDIS_MISSING = "redis-server not found: install it (apt-get install redis-server) or set SILP_REDIS_URL to run the Redis tests";

/** The redis-server command, or undefined when there is none. */
export function redisServerBinary(): string | undefined {
  const named = process.env.SILP_REDIS_SERVER ?? "redis-server";
  return spawnSync(named, ["--version"], { encoding: "utf8" }).status === 0 ? named : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RedisServerOptions {
  /** Keep an append-only file (fsync every write), so a restart keeps the data. Default no persistence. */
  appendOnly?: boolean;
  /** Extra `--name value` arguments. */
  args?: string[];
  port?: number;
}

/** A redis-server this test controls. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Its data directory (the append-only file lives there). */
  readonly dir: string;
  pid(): number;
  /** SIGSTOP: the server keeps its connections but answers nothing. */
  pause(): void;
  /** SIGCONT: it runs the commands that arrived meanwhile. */
  resume(): void;
  /** kill -9, and waits until the process is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory (after kill). */
  restart(): Promise<void>;
  /** Kills it and removes its directory. */
  stop(): Promise<void>;
}

/** What to undo when the test process exits: one listener for all servers and folders. */
const atExit = new Set<() => void>();
process.once("exit", () => {
  for (const undo of atExit) undo();
});

/**
 * Lists a running server in the run's folder (scripts/test-servers.mjs), so that the run's
 * teardown kills it even when vitest ends this process by a signal, which runs no exit handler.
 */
function listServer(child: ChildProcess): void {
  const registry = process.env.SILP_TEST_SERVERS;
  if (registry === undefined || child.pid === undefined) return;
  const entry = join(registry, String(child.pid));
  writeFileSync(entry, "");
  child.once("exit", () => rmSync(entry, { force: true }));
}

/** Runs `undo` when the test process exits (kills, removals); returns a function that cancels it. */
export function onTestExit(undo: () => void): () => void {
  atExit.add(undo);
  return () => atExit.delete(undo);
}

/** Spawns redis-server with `args` and waits for "Ready to accept connections". */
export async function spawnRedis(command: string, args: string[], cwd: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const cancel = onTestExit(() => child.kill("SIGKILL"));
  child.once("exit", cancel);
  listServer(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start (${args.join(" ")}): ${output}`)), 15_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}: ${output}`));
    });
  });
  child.stdout?.removeAllListeners("data").resume();
  child.stderr?.resume();
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  return child;
}

/** Waits until `child` has exited (after a kill). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // The child is unref'd so a test process can end while it runs; waiting for it must hold the loop.
  child.ref();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts a private redis-server; throws when there is no binary (check `redisServerBinary` or `REDIS.skip` first). */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const command = redisServerBinary();
  if (command === undefined) throw new Error(REDIS_MISSING);
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "silp-redis-"));
  onTestExit(() => rmSync(dir, { recursive: true, force: true }));
  const persistence = options.appendOnly ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", ...persistence, "--protected-mode", "yes", ...(options.args ?? [])];
  let child = await spawnRedis(command, args, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    pid: () => child.pid ?? -1,
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async restart() {
      child = await spawnRedis(command, args, dir);
    },
    async stop() {
      child.kill("SIGKILL");
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function locate(): Promise<RedisForTests> {
  const given = process.env.SILP_REDIS_URL;
  if (given !== undefined && given !== "") return { url: given, skip: false };
  if (redisServerBinary() === undefined) return { url: undefined, skip: skipUnlessRequired(REDIS_MISSING) };
  return { url: (await startRedisServer()).url, skip: false };
}

/** The Redis of this test process (started once, on first import). */
export const REDIS: RedisForTests = await locate();
