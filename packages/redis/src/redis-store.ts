/**
 * `@silp/redis`: SILP sessions in Redis, on one server or a Redis Cluster (docs/protocol.md,
 * "Stores"). The store is session-store.ts, its Lua scripts scripts.ts, connecting connect.ts.
 */
export { DEFAULT_REDIS_KEY_PREFIX, RedisSessionStore, type RedisSessionStoreOptions } from "./session-store.js";
export { connectRedisClusterSessionStore, connectRedisSessionStore, type RedisClusterStoreOptions } from "./connect.js";
