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
import { createHash } from "node:crypto";
import { importOptional } from "silp/util";
import type { Redis, RedisOptions } from "ioredis";
import { SilpError } from "silp";
import { NO_HEARTBEAT, assertHeartbeat } from "silp/session";
import { SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, SESSION_ID_SPACE } from "silp/session";
import type { NewSessionRecord, OwnedSessionStore, OwnedTurnEnd, OwnedTurnOutcome, OwnedTurnRequest, StoredSession, TurnOutcome } from "silp/session";

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

/**
 * Owner-bound turn (OwnedSessionStore.ownedTurn), one atomic step. Keys of a scope live under
 * P = prefix .. scopeHash .. ":": P<id> (hash, with owner and ownkey fields), P<id>:ctx (list),
 * P"lru" (zset id -> last use, Redis clock), P"own:"<ownerHash> (string: the owner's session id,
 * "" once evicted; same TTL as the session).
 * The hash also holds inflight (turns in progress) and busy (when that mark lapses, Redis clock):
 * eviction skips a session with inflight > 0 and busy in the future. The store-wide zset
 * T = prefix .. "owned-total" maps every owner-bound session key to its expiry (the total ceiling).
 * ARGV: P, ownkey, owner, first, second, start, heartbeat, ttl, entry, deadline, no-heartbeat, max,
 * max total ("" for none), busy ms, T.
 * Returns {"timeout", now} | {"full"} | {"busy"} | {"total_full", total} |
 *   {"ok", id, opened, previous, turn, renewed, renewals, n, #evicted, (id, owner)..., context...}.
 */
const OWNED_TURN_SCRIPT = `
local P, ownkey, owner = ARGV[1], ARGV[2], ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[10] ~= '' and now > tonumber(ARGV[10]) then return {'timeout', now} end
local lru = P .. 'lru'
local id = redis.call('GET', ownkey)
local previous = ''
if id == '' then
  previous = 'evicted'
  id = false
end
if id and redis.call('HGET', P .. id, 'owner') ~= owner then id = false end
local opened = 0
local evicted = {}
if not id then
  local members = redis.call('ZRANGE', lru, 0, -1)
  local live = {}
  for i = 1, #members do
    if redis.call('EXISTS', P .. members[i]) == 0 then
      redis.call('ZREM', lru, members[i])
    else
      live[#live + 1] = members[i]
    end
  end
  local max = tonumber(ARGV[12])
  local victims = {}
  for i = 1, #live do
    if #live - #victims < max then break end
    local mark = redis.call('HMGET', P .. live[i], 'inflight', 'busy')
    if not (tonumber(mark[1] or '0') > 0 and now < tonumber(mark[2] or '0')) then victims[#victims + 1] = live[i] end
  end
  if #live - #victims >= max then return {'busy'} end
  redis.call('ZREMRANGEBYSCORE', ARGV[15], '-inf', now)
  if #victims == 0 and ARGV[13] ~= '' then
    local total = redis.call('ZCARD', ARGV[15])
    if total >= tonumber(ARGV[13]) then return {'total_full', total} end
  end
  for v = 1, #victims do
    local oldest = victims[v]
    local okey = P .. oldest
    redis.call('ZREM', ARGV[15], okey)
    local fields = redis.call('HMGET', okey, 'owner', 'ownkey')
    local left = redis.call('PTTL', okey)
    redis.call('DEL', okey, okey .. ':ctx')
    redis.call('ZREM', lru, oldest)
    if fields[1] then
      if left < 1 then left = 1 end
      redis.call('SET', fields[2], '', 'PX', left)
      evicted[#evicted + 1] = oldest
      evicted[#evicted + 1] = fields[1]
    end
  end
  local first, second = ARGV[4], ARGV[5]
  local start, space, width = tonumber(ARGV[6]), #ARGV[4] * #ARGV[5], #ARGV[5]
  for k = 0, space - 1 do
    local i = (start + k) % space
    local a = math.floor(i / width) + 1
    local b = (i % width) + 1
    local candidate = string.sub(first, a, a) .. string.sub(second, b, b)
    if redis.call('EXISTS', P .. candidate) == 0 then
      id = candidate
      break
    end
  end
  if not id then return {'full'} end
  redis.call('DEL', P .. id .. ':ctx')
  redis.call('HSET', P .. id, 'heartbeat', ARGV[7], 'turns', 0, 'renewals', 0, 'ttl', ARGV[8], 'owner', owner, 'ownkey', ownkey)
  opened = 1
end
local key = P .. id
local n = tonumber(redis.call('HGET', key, 'heartbeat'))
local ttl = redis.call('HGET', key, 'ttl')
local turn = redis.call('HINCRBY', key, 'turns', 1) - 1
local context = redis.call('LRANGE', key .. ':ctx', 0, -1)
local renewed = 0
if n ~= tonumber(ARGV[11]) and (turn + 1) % n == 0 then
  redis.call('DEL', key .. ':ctx')
  redis.call('HINCRBY', key, 'renewals', 1)
  renewed = 1
else
  redis.call('RPUSH', key .. ':ctx', ARGV[9])
  redis.call('PEXPIRE', key .. ':ctx', ttl)
end
local inflight = tonumber(redis.call('HGET', key, 'inflight') or '0')
local busy = tonumber(redis.call('HGET', key, 'busy') or '0')
if inflight > 0 and now < busy then inflight = inflight + 1 else inflight = 1 end
if busy < now + tonumber(ARGV[14]) then busy = now + tonumber(ARGV[14]) end
redis.call('HSET', key, 'inflight', inflight, 'busy', busy)
redis.call('PEXPIRE', key, ttl)
redis.call('SET', ownkey, id, 'PX', ttl)
redis.call('ZADD', ARGV[15], now + tonumber(ttl), key)
if redis.call('PTTL', ARGV[15]) < tonumber(ttl) then redis.call('PEXPIRE', ARGV[15], ttl) end
redis.call('ZADD', lru, now, id)
if redis.call('PTTL', lru) < tonumber(ttl) then redis.call('PEXPIRE', lru, ttl) end
local renewals = tonumber(redis.call('HGET', key, 'renewals'))
local out = {'ok', id, opened, previous, turn, renewed, renewals, n, #evicted / 2}
for i = 1, #evicted do out[#out + 1] = evicted[i] end
for i = 1, #context do out[#out + 1] = context[i] end
return out
`;

/** ARGV: P, id, owner. Ends one turn in progress on P<id> if owner still holds it. */
const END_TURN_SCRIPT = `
local key = ARGV[1] .. ARGV[2]
if redis.call('HGET', key, 'owner') ~= ARGV[3] then return 0 end
local n = tonumber(redis.call('HGET', key, 'inflight') or '0')
if n > 0 then redis.call('HSET', key, 'inflight', n - 1) end
return 1
`;

type ScriptReply = Array<string | number> | string | null;

interface ScriptedRedis {
  silpAllocate(...args: Array<string | number>): Promise<string | null>;
  silpTurn(hash: string, ctx: string, ...args: string[]): Promise<ScriptReply>;
  silpRead(hash: string, ctx: string): Promise<ScriptReply>;
  silpContext(hash: string, ctx: string): Promise<string[] | null>;
  silpOwnedTurn(...args: Array<string | number>): Promise<ScriptReply>;
  silpEndTurn(...args: string[]): Promise<number>;
}

export interface RedisSessionStoreOptions {
  /** Key prefix; default "silp:session:". */
  keyPrefix?: string;
  /** Close the client in close(); default true when the store created it, false otherwise. */
  ownsClient?: boolean;
}

export class RedisSessionStore implements OwnedSessionStore {
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
    const id = await this.#call(() =>
      this.#scripts.silpAllocate(this.#prefix, SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, begin, record.heartbeat, record.ttlMs),
    );
    return typeof id === "string" ? id : undefined;
  }

  async read(id: string): Promise<StoredSession | undefined> {
    const reply = await this.#call(() => this.#scripts.silpRead(...this.#keys(id)));
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
    const reply = await this.#call(() =>
      this.#scripts.silpTurn(...this.#keys(id), entry, deadline === undefined ? "" : String(Math.floor(deadline)), String(NO_HEARTBEAT)),
    );
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
    const reply = await this.#call(() => this.#scripts.silpContext(...this.#keys(id)));
    return Array.isArray(reply) ? reply.map(String) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.#call(() => this.#client.del(...this.#keys(id)));
    return removed > 0;
  }

  async ownedTurn(request: OwnedTurnRequest): Promise<OwnedTurnOutcome> {
    // Scope and owner are peer-controlled text: they enter key names only as hashes.
    const scopePrefix = `${this.#prefix}${digest(request.scope)}:`;
    const begin = ((request.start % SESSION_ID_SPACE) + SESSION_ID_SPACE) % SESSION_ID_SPACE;
    const reply = await this.#call(() =>
      this.#scripts.silpOwnedTurn(
        scopePrefix,
        `${scopePrefix}own:${digest(request.owner)}`,
        request.owner,
        SESSION_ID_FIRST_CHARS,
        SESSION_ID_SECOND_CHARS,
        begin,
        request.record.heartbeat,
        request.record.ttlMs,
        request.entry,
        request.deadline === undefined ? "" : String(Math.floor(request.deadline)),
        String(NO_HEARTBEAT),
        request.maxSessions,
        request.maxTotalSessions === undefined ? "" : request.maxTotalSessions,
        request.busyMs ?? request.record.ttlMs,
        `${this.#prefix}owned-total`,
      ),
    );
    if (!Array.isArray(reply)) throw new SilpError("decode_failed", "unexpected reply from the Redis session script");
    if (reply[0] === "timeout") return { status: "timeout", storeNow: Number(reply[1]) };
    if (reply[0] === "full") return { status: "full" };
    if (reply[0] === "busy") return { status: "busy" };
    if (reply[0] === "total_full") return { status: "total_full", total: Number(reply[1]) };
    const [, id, opened, previous, turn, renewed, renewals, heartbeat, evictedCount, ...rest] = reply;
    const count = Number(evictedCount);
    const evicted: { id: string; owner: string }[] = [];
    for (let i = 0; i < count; i++) evicted.push({ id: String(rest[2 * i]), owner: String(rest[2 * i + 1]) });
    return {
      status: "ok",
      id: String(id),
      opened: Number(opened) === 1,
      ...(previous === "evicted" ? { previous: "evicted" as const } : {}),
      evicted,
      turn: Number(turn),
      renewed: Number(renewed) === 1,
      renewals: Number(renewals),
      heartbeat: assertHeartbeat(Number(heartbeat)),
      context: rest.slice(2 * count).map(String),
    };
  }

  async endOwnedTurn(end: OwnedTurnEnd): Promise<void> {
    await this.#call(() => this.#scripts.silpEndTurn(`${this.#prefix}${digest(end.scope)}:`, end.id, end.owner));
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await this.#client.quit();
  }

  /**
   * Runs one Redis command. Failures of the connection become SilpErrors: `timeout` when the
   * command timed out (its outcome is unknown), `dependency_missing` when Redis is unreachable.
   * The client's own message (which may name hosts or retry counts) is kept only as the cause.
   */
  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (cause) {
      if (cause instanceof SilpError) throw cause;
      if (cause instanceof Error && /timed? ?out/i.test(cause.message)) {
        throw new SilpError("timeout", "the session store (Redis) did not answer in time; the outcome of the operation is unknown", { cause });
      }
      throw new SilpError("dependency_missing", "the session store (Redis) is not available", { cause });
    }
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
  client.defineCommand("silpOwnedTurn", { numberOfKeys: 0, lua: OWNED_TURN_SCRIPT });
  client.defineCommand("silpEndTurn", { numberOfKeys: 0, lua: END_TURN_SCRIPT });
}

/**
 * Connects to Redis (e.g. "redis://127.0.0.1:6379/0") and returns a store that owns the
 * connection. Fails with `dependency_missing` when ioredis is not installed or the server
 * cannot be reached.
 */
export async function connectRedisSessionStore(url: string, options: RedisSessionStoreOptions & { redis?: RedisOptions } = {}): Promise<RedisSessionStore> {
  const { Redis: RedisClient } = await importOptional("ioredis", "the Redis session store", () => import("ioredis"));
  // Fail fast while Redis is down: no offline queue (commands fail at once instead of waiting
  // for a reconnect), bounded connect and command times, reconnects in the background.
  const client = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(times * 100, 1000),
    ...options.redis,
  });
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

function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}

/** Hides a password in a connection URL before it goes into an error message. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
