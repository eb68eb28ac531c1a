/**
 * Connecting the Redis session store: to one Redis by URL, or to a Redis Cluster by its seed
 * nodes. Both clients are configured alike: fail fast while Redis is down (no offline queue:
 * commands fail at once instead of waiting for a reconnect), bounded connect and command times,
 * reconnects in the background, and no printing (a library must not print).
 */
import type { ClusterNode, ClusterOptions, RedisOptions } from "ioredis";
import { SilpError } from "silp";
import { importOptional } from "silp/util";
import { RedisSessionStore, type RedisSessionStoreOptions } from "./session-store.js";

/** The client options both stores start from; `options.redis` overrides them. */
const CLIENT_DEFAULTS = {
  enableOfflineQueue: false,
  connectTimeout: 2000,
  commandTimeout: 2000,
  maxRetriesPerRequest: 1,
  retryStrategy: (times: number) => Math.min(times * 100, 1000),
} satisfies RedisOptions;

/**
 * Connects to Redis (e.g. "redis://127.0.0.1:6379/0") and returns a store that owns the
 * connection. Fails with `dependency_missing` when ioredis is not installed or the server
 * cannot be reached.
 */
export async function connectRedisSessionStore(url: string, options: RedisSessionStoreOptions & { redis?: RedisOptions } = {}): Promise<RedisSessionStore> {
  const { Redis: RedisClient } = await importOptional("ioredis", "the Redis session store", () => import("ioredis"));
  const client = new RedisClient(url, { lazyConnect: true, ...CLIENT_DEFAULTS, ...options.redis });
  // Connection errors surface as rejected commands; without a listener ioredis would print them.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (cause) {
    client.disconnect();
    throw new SilpError("dependency_missing", `cannot reach Redis at ${redactUrl(url)}`, { cause });
  }
  return new RedisSessionStore(client, { ...options, ownsClient: options.ownsClient ?? true });
}

export interface RedisClusterStoreOptions extends RedisSessionStoreOptions {
  /** Options of each node's connection (password, TLS, timeouts), over the store's defaults. */
  redis?: RedisOptions;
  /** Options of the ioredis Cluster client itself. */
  cluster?: Omit<ClusterOptions, "redisOptions">;
}

/**
 * Connects to a Redis Cluster through any of its nodes (e.g. [{ host: "10.0.0.1", port: 7000 }])
 * and returns a store that owns the connection. The cluster's slot map is read at connect and
 * refreshed on MOVED replies and after a failover. Fails with `dependency_missing` when ioredis
 * is missing or no node can be reached.
 */
export async function connectRedisClusterSessionStore(nodes: ClusterNode[], options: RedisClusterStoreOptions = {}): Promise<RedisSessionStore> {
  const { Cluster } = await importOptional("ioredis", "the Redis Cluster session store", () => import("ioredis"));
  const { retryStrategy: _single, ...perNode } = CLIENT_DEFAULTS;
  const client = new Cluster(nodes, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // A failover takes seconds: a command that meets a moved or failing slot is retried that long.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    clusterRetryStrategy: (times: number) => Math.min(times * 100, 1000),
    ...options.cluster,
    redisOptions: { ...perNode, ...options.redis },
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (cause) {
    client.disconnect();
    throw new SilpError("dependency_missing", `cannot reach the Redis Cluster at ${nodes.map(describeNode).join(", ")}`, {
      cause,
    });
  }
  return new RedisSessionStore(client, { ...options, ownsClient: options.ownsClient ?? true });
}

function describeNode(node: ClusterNode): string {
  if (typeof node === "string") return redactUrl(node);
  if (typeof node === "number") return `127.0.0.1:${node}`;
  return `${node.host ?? "127.0.0.1"}:${node.port ?? 6379}`;
}

/** Hides a password in a connection URL before it goes into an error message. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
