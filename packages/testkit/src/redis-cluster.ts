/**
 * A private Redis Cluster for the tests that need one: six redis-server processes on free
 * loopback ports (three primaries, three replicas), formed with
 * `redis-cli --cluster create ... --cluster-replicas 1 --cluster-yes`, each with an append-only
 * file fsynced on every write (so a replica promoted after a primary is killed has what was
 * replicated, and nothing of it is lost to the promoted node's own restart). Killed when the test
 * process exits. Needs redis-server and redis-cli (Debian's redis-server package has both).
 */
import { type ChildProcess, execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { REDIS_MISSING, exited, freePort, onTestExit, redisServerBinary, spawnRedis } from "./redis.js";
import { skipUnlessRequired } from "./require-all.js";

const run = promisify(execFile);

export const CLUSTER_MISSING = `${REDIS_MISSING} (the cluster tests also need redis-cli, in the same package)`;

/** The redis-cli command, or undefined when there is none. */
export function redisCliBinary(): string | undefined {
  const named = process.env.SILP_REDIS_CLI ?? "redis-cli";
  return spawnSync(named, ["--version"], { encoding: "utf8" }).status === 0 ? named : undefined;
}

/** Why the cluster tests cannot run here (a skip reason), or false; throws under SILP_REQUIRE_ALL=1. */
export function clusterSkip(): string | false {
  return redisServerBinary() !== undefined && redisCliBinary() !== undefined ? false : skipUnlessRequired(CLUSTER_MISSING);
}

export interface ClusterNodeProcess {
  port: number;
  /** Whether the node is running (false after kill). */
  running: boolean;
}

export interface RedisClusterForTests {
  /** Seed nodes for a client: every node, as { host, port }. */
  nodes: { host: string; port: number }[];
  /** The ports of the nodes that are primaries now (asked of a running node). */
  primaries(): Promise<number[]>;
  /** The port of the primary that serves `slot` now. */
  primaryOf(slot: number): Promise<number>;
  /** kill -9 of the node on `port`. */
  kill(port: number): Promise<void>;
  /** Waits until every slot is served again (cluster_state:ok) and `port` is no primary. */
  waitForFailover(port: number, timeoutMs?: number): Promise<void>;
  /** Starts a killed node again with its data and cluster config: it rejoins (a failed-over primary as a replica). */
  restart(port: number): Promise<void>;
  /** Waits until all six nodes are up and every replica is in sync with its primary. */
  waitForSync(timeoutMs?: number): Promise<void>;
  /** Runs redis-cli against a running node (e.g. ["cluster", "info"]) and returns its output. */
  cli(args: string[], port?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts and forms a 3 primaries + 3 replicas cluster; throws when the binaries are missing. */
export async function startRedisCluster(options: { nodeTimeoutMs?: number } = {}): Promise<RedisClusterForTests> {
  const server = redisServerBinary();
  const cli = redisCliBinary();
  if (server === undefined || cli === undefined) throw new Error(CLUSTER_MISSING);
  const root = mkdtempSync(join(tmpdir(), "silp-redis-cluster-"));
  onTestExit(() => rmSync(root, { recursive: true, force: true }));
  const nodeTimeout = options.nodeTimeoutMs ?? 1000;
  const children = new Map<number, ChildProcess>();
  const ports: number[] = [];
  const nodeArgs = new Map<number, { args: string[]; dir: string }>();
  const startNode = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      // A free port whose cluster bus port (port + 10000) is free as well.
      const port = await freePort();
      if (port >= 55_000 || ports.includes(port) || !(await portFree(port + 10_000))) continue;
      ports.push(port);
      const dir = join(root, String(port));
      mkdirSync(dir);
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"];
      args.push("--cluster-node-timeout", String(nodeTimeout), "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--protected-mode", "yes");
      try {
        children.set(port, await spawnRedis(server, args, dir));
        nodeArgs.set(port, { args, dir });
        return;
      } catch (error) {
        // Another process took the port between the probe and the bind: try another one.
        ports.splice(ports.indexOf(port), 1);
        if (attempt >= 5 || !String(error).includes("already in use")) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, () => startNode()));
  const cliOn = async (args: string[], port?: number): Promise<string> => {
    const target = port ?? [...children.keys()].find((p) => children.get(p)?.exitCode === null && children.get(p)?.signalCode === null);
    if (target === undefined) throw new Error("no running cluster node");
    const { stdout } = await run(cli, ["-h", "127.0.0.1", "-p", String(target), ...args], { timeout: 30_000 });
    return stdout;
  };
  await run(cli, ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-replicas", "1", "--cluster-yes"], { timeout: 60_000 });
  // Formed, and every replica in sync with its primary (WAIT counts only synced replicas).
  const inSync = async (): Promise<boolean> => {
    const states = await Promise.all(ports.map((p) => cliOn(["cluster", "info"], p)));
    const replication = await Promise.all(ports.map((p) => cliOn(["info", "replication"], p)));
    const replicas = replication.filter((info) => info.includes("role:slave"));
    return (
      states.every((info) => info.includes("cluster_state:ok")) && replicas.length === 3 && replicas.every((info) => info.includes("master_link_status:up"))
    );
  };
  await waitUntil(inSync, 30_000);

  /** The lines of `cluster nodes`: id, host:port@bus, flags, master id, ..., slot ranges from the ninth field. */
  const liveMasters = async (): Promise<{ port: number; ranges: string[] }[]> =>
    (await cliOn(["cluster", "nodes"]))
      .trim()
      .split("\n")
      .map((line) => line.split(" "))
      .filter((fields) => {
        const flags = (fields[2] ?? "").split(",");
        return flags.includes("master") && !flags.some((flag) => flag.startsWith("fail"));
      })
      .map((fields) => ({ port: Number(/:(\d+)@/.exec(fields[1] ?? "")?.[1]), ranges: fields.slice(8) }));
  const primaries = async (): Promise<number[]> =>
    (await liveMasters())
      .filter((node) => node.ranges.length > 0)
      .map((node) => node.port)
      .sort((a, b) => a - b);

  const cluster: RedisClusterForTests = {
    nodes: ports.map((port) => ({ host: "127.0.0.1", port })),
    primaries,
    async primaryOf(slot) {
      for (const node of await liveMasters()) {
        for (const range of node.ranges) {
          const [from, to] = range.split("-").map(Number) as [number, number | undefined];
          if (slot >= from && slot <= (to ?? from)) return node.port;
        }
      }
      throw new Error(`no primary serves slot ${slot}`);
    },
    async kill(port) {
      const child = children.get(port);
      if (child === undefined) throw new Error(`no cluster node on ${port}`);
      child.kill("SIGKILL");
      await exited(child);
    },
    async waitForFailover(port, timeoutMs = 30_000) {
      await waitUntil(async () => {
        const info = await cliOn(["cluster", "info"]);
        return info.includes("cluster_state:ok") && !(await primaries()).includes(port) && (await primaries()).length === 3;
      }, timeoutMs);
    },
    async restart(port) {
      const node = nodeArgs.get(port);
      if (node === undefined) throw new Error(`no cluster node on ${port}`);
      children.set(port, await spawnRedis(server, node.args, node.dir));
    },
    waitForSync: (timeoutMs = 30_000) => waitUntil(inSync, timeoutMs),
    cli: cliOn,
    async stop() {
      await Promise.all(
        [...children.values()].map(async (child) => {
          child.kill("SIGKILL");
          await exited(child);
        }),
      );
      rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await condition()) return;
    } catch {
      // a node still starting or just killed: ask again
    }
    if (Date.now() > until) throw new Error(`the Redis Cluster did not reach the expected state in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
