/**
 * Redis session store (`silp/redis`), for deployments where several processes or machines serve
 * one session. Each operation is one Lua script, which Redis runs atomically: the turn
 * increment, the heartbeat decision and the context clear can never interleave with another
 * client's turn, so no turn is lost or counted twice. Expiry is Redis's own (PEXPIRE); the
 * deadline of a turn is checked inside the script against the Redis server clock (TIME).
 *
 * Keys, with the default prefix "silp:session:":
 *   silp:session:<id>      hash  heartbeat, turns, renewals, ttl
 *   silp:session:<id>:ctx  list  the current context window, one JSON text per entry
 * Both keys always carry the same TTL. The allocation script builds keys from the prefix, so on
 * Redis Cluster give the prefix a hash tag (e.g. "silp:{sessions}:") to keep them in one slot.
 */
import { importOptional } from "silp/util";
import type { Redis, RedisOptions } from "ioredis";
import { SilpError } from "silp";
import { NO_HEARTBEAT, assertHeartbeat } from "silp/session";
import { SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, SESSION_ID_SPACE } from "silp/session";
import type { NewSessionRecord, SessionStore, StoredSession, TurnOutcome } from "silp/session";

export const DEFAULT_REDIS_KEY_PREFIX = "silp:session:";

/** ARGV: prefix, first chars, second chars, start, heartbeat, ttl. Returns the id or false. */
const ALLOCATE_SCRIPT = `
local prefix, first, second = ARGV[1], ARGV[2], ARGV[3]
local start, space, width = tonumber(ARGV[4]), #ARGV[2] * #ARGV[3], #ARGV[3]
for k = 0, space - 1 do
  local i = (start + k) % space
  local a = math.floor(i / width) + 1
  local b = (i % width) + 1
  local id = string.sub(first, a, a) .. string.sub(second, b, b)
  local key = prefix .. id
  if redis.call('EXISTS', key) == 0 then
    redis.call('DEL', key .. ':ctx')
    redis.call('HSET', key, 'heartbeat', ARGV[5], 'turns', 0, 'renewals', 0, 'ttl', ARGV[6])
    redis.call('PEXPIRE', key, ARGV[6])
    return id
  end
end
return false
`;

/**
 * KEYS: hash, ctx. ARGV: entry, deadline ("" for none), no-heartbeat value.
 * Returns {"missing"} | {"timeout", now} | {"ok", turn, renewed, renewals, heartbeat, ...context}.
 */
const TURN_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
if ARGV[2] ~= '' then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  if now > tonumber(ARGV[2]) then return {'timeout', now} end
end
local n = tonumber(redis.call('HGET', KEYS[1], 'heartbeat'))
local ttl = redis.call('HGET', KEYS[1], 'ttl')
local turn = redis.call('HINCRBY', KEYS[1], 'turns', 1) - 1
local context = redis.call('LRANGE', KEYS[2], 0, -1)
local renewed = 0
if n ~= tonumber(ARGV[3]) and (turn + 1) % n == 0 then
  redis.call('DEL', KEYS[2])
  redis.call('HINCRBY', KEYS[1], 'renewals', 1)
  renewed = 1
else
  redis.call('RPUSH', KEYS[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[2], ttl)
end
redis.call('PEXPIRE', KEYS[1], ttl)
local renewals = tonumber(redis.call('HGET', KEYS[1], 'renewals'))
local out = {'ok', turn, renewed, renewals, n}
for i = 1, #context do out[#out + 1] = context[i] end
return out
`;

/** KEYS: hash, ctx. Returns false or {heartbeat, turns, renewals, ttl, pttl, ctxlen}. */
const READ_SCRIPT = `
local fields = redis.call('HMGET', KEYS[1], 'heartbeat', 'turns', 'renewals', 'ttl')
if not fields[1] then return false end
return {fields[1], fields[2], fields[3], fields[4], redis.call('PTTL', KEYS[1]), redis.call('LLEN', KEYS[2])}
`;

/** KEYS: hash, ctx. Returns false for no session, else the context list. */
const CONTEXT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('LRANGE', KEYS[2], 0, -1)
`;

type ScriptReply = Array<string | number> | string | null;

interface ScriptedRedis {
  silpAllocate(...args: Array<string | number>): Promise<string | null>;
  silpTurn(hash: string, ctx: string, ...args: string[]): Promise<ScriptReply>;
  silpRead(hash: string, ctx: string): Promise<ScriptReply>;
  silpContext(hash: string, ctx: string): Promise<string[] | null>;
}

export interface RedisSessionStoreOptions {
  /** Key prefix; default "silp:session:". */
  keyPrefix?: string;
  /** Close the client in close(); default true when the store created it, false otherwise. */
  ownsClient?: boolean;
}

export class RedisSessionStore implements SessionStore {
  readonly kind = "redis";
  readonly #client: Redis;
  readonly #scripts: ScriptedRedis;
  readonly #prefix: string;
  readonly #ownsClient: boolean;

  /** Wraps a connected ioredis client. */
  constructor(client: Redis, options: RedisSessionStoreOptions = {}) {
    this.#client = client;
    this.#prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
    this.#ownsClient = options.ownsClient ?? false;
    defineScripts(client);
    this.#scripts = client as unknown as ScriptedRedis;
  }

  async allocate(record: NewSessionRecord, start: number): Promise<string | undefined> {
    const begin = ((start % SESSION_ID_SPACE) + SESSION_ID_SPACE) % SESSION_ID_SPACE;
    const id = await this.#scripts.silpAllocate(this.#prefix, SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, begin, record.heartbeat, record.ttlMs);
    return typeof id === "string" ? id : undefined;
  }

  async read(id: string): Promise<StoredSession | undefined> {
    const reply = await this.#scripts.silpRead(...this.#keys(id));
    if (!Array.isArray(reply)) return undefined;
    const [heartbeat, turns, renewals, ttl, pttl, contextLength] = reply.map(Number);
    return {
      heartbeat: assertHeartbeat(heartbeat),
      turns: turns ?? 0,
      renewals: renewals ?? 0,
      ttlMs: ttl ?? 0,
      expiresInMs: pttl ?? 0,
      contextLength: contextLength ?? 0,
    };
  }

  async recordTurn(id: string, entry: string, deadline: number | undefined): Promise<TurnOutcome> {
    const reply = await this.#scripts.silpTurn(...this.#keys(id), entry, deadline === undefined ? "" : String(Math.floor(deadline)), String(NO_HEARTBEAT));
    if (!Array.isArray(reply) || reply[0] === "missing") return { status: "missing" };
    if (reply[0] === "timeout") return { status: "timeout", storeNow: Number(reply[1]) };
    const [, turn, renewed, renewals, heartbeat, ...context] = reply;
    return {
      status: "ok",
      turn: Number(turn),
      renewed: Number(renewed) === 1,
      renewals: Number(renewals),
      heartbeat: assertHeartbeat(Number(heartbeat)),
      context: context.map(String),
    };
  }

  async readContext(id: string): Promise<string[] | undefined> {
    const reply = await this.#scripts.silpContext(...this.#keys(id));
    return Array.isArray(reply) ? reply.map(String) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.#client.del(...this.#keys(id));
    return removed > 0;
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await this.#client.quit();
  }

  #keys(id: string): [string, string] {
    const hash = `${this.#prefix}${id}`;
    return [hash, `${hash}:ctx`];
  }
}

function defineScripts(client: Redis): void {
  // defineCommand is idempotent per name; ioredis sends EVALSHA and falls back to EVAL itself.
  client.defineCommand("silpAllocate", { numberOfKeys: 0, lua: ALLOCATE_SCRIPT });
  client.defineCommand("silpTurn", { numberOfKeys: 2, lua: TURN_SCRIPT });
  client.defineCommand("silpRead", { numberOfKeys: 2, lua: READ_SCRIPT });
  client.defineCommand("silpContext", { numberOfKeys: 2, lua: CONTEXT_SCRIPT });
}

/**
 * Connects to Redis (e.g. "redis://127.0.0.1:6379/0") and returns a store that owns the
 * connection. Fails with `dependency_missing` when ioredis is not installed or the server
 * cannot be reached.
 */
export async function connectRedisSessionStore(url: string, options: RedisSessionStoreOptions & { redis?: RedisOptions } = {}): Promise<RedisSessionStore> {
  const { Redis: RedisClient } = await importOptional("ioredis", "the Redis session store", () => import("ioredis"));
  const client = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3, ...options.redis });
  // Connection errors surface as rejected commands; without a listener ioredis would print them
  // itself, and a library must not print.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (cause) {
    client.disconnect();
    throw new SilpError("dependency_missing", `cannot reach Redis at ${redactUrl(url)}`, { cause });
  }
  return new RedisSessionStore(client, { ...options, ownsClient: options.ownsClient ?? true });
}

/** Hides a password in a connection URL before it goes into an error message. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
