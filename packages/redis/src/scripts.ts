/**
 * The Lua scripts of the Redis session store. Redis runs each script atomically, so a turn's
 * checks (deadline, owner, replay), its counter increment, the heartbeat decision and the context
 * clear never interleave with another client's turn. Every script that a Redis Cluster must route
 * names a key of the slot it works in as KEYS[1]; all other keys it touches share that key's hash
 * tag (session-store.ts builds the names).
 */
import type { Cluster, Redis } from "ioredis";
import { REPLAY_LOG_SIZE } from "silp/session";

/** Redis' own clock in ms, from TIME: what every deadline is compared with. */
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * KEYS: a key of the id slot (routing only). ARGV: prefix, first chars, second chars, start,
 * heartbeat, ttl. Returns the id or false.
 */
export const ALLOCATE_SCRIPT = `
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
 * KEYS: hash, ctx. ARGV: entry, deadline (Redis clock, "" for none), no-heartbeat value.
 * Returns {"missing", now} | {"timeout", now} | {"ok", now, turn, renewed, renewals, heartbeat, ...context}.
 */
export const TURN_SCRIPT = `
${NOW}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing', now} end
if ARGV[2] ~= '' and now > tonumber(ARGV[2]) then return {'timeout', now} end
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
local out = {'ok', now, turn, renewed, renewals, n}
for i = 1, #context do out[#out + 1] = context[i] end
return out
`;

/** KEYS: hash, ctx. Returns false or {heartbeat, turns, renewals, ttl, pttl, ctxlen}. */
export const READ_SCRIPT = `
local fields = redis.call('HMGET', KEYS[1], 'heartbeat', 'turns', 'renewals', 'ttl')
if not fields[1] then return false end
return {fields[1], fields[2], fields[3], fields[4], redis.call('PTTL', KEYS[1]), redis.call('LLEN', KEYS[2])}
`;

/** KEYS: hash, ctx. Returns false for no session, else the context list. */
export const CONTEXT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('LRANGE', KEYS[2], 0, -1)
`;

/**
 * Owner-bound turn (OwnedSessionStore.ownedTurn), one atomic step. Keys of a scope live under
 * P (prefix, the scope's hash tag, ":"): P<id> (hash: heartbeat, turns, renewals, ttl, owner,
 * ownkey, inflight, busy), P<id>:ctx (list, the window), P<id>:prev (list, the window the last
 * renewal cleared, for replays), P<id>:req (hash: request id -> "turn renewed renewals-before
 * window-length-before"), P<id>:reqlog (list: those ids, oldest first, at most REPLAY_LOG_SIZE),
 * P"lru" (zset id -> last use), P"own:"<ownerHash> (string: the owner's session id, "" once
 * evicted: the tombstone; it lapses with the evicted session's TTL). KEYS[2], when given (one
 * Redis, not a cluster), is the store-wide zset of session key -> expiry behind the total ceiling.
 *
 * KEYS: P"lru", [total]. ARGV: P, ownkey, owner, first, second, start, heartbeat, ttl, entry,
 * deadline (Redis clock, "" none), no-heartbeat, max, max total ("" none), busy ms, request token
 * ("" none), expected session id ("" none), may open a session without evicting ("1"/"0": the
 * cluster's ceiling, checked outside).
 * Returns {"timeout", now} | {"lost", now, previous} | {"full", now} | {"busy", now} |
 *   {"total_full", now, total} | {"ok", now, id, opened, previous, turn, renewed, renewals, n,
 *   replayed, #evicted, (id, owner)..., context...}.
 */
export const OWNED_TURN_SCRIPT = `
${NOW}
if ARGV[10] ~= '' and now > tonumber(ARGV[10]) then return {'timeout', now} end
local P, ownkey, owner, token = ARGV[1], ARGV[2], ARGV[3], ARGV[15]
local lru, total = KEYS[1], KEYS[2]
local busyms = tonumber(ARGV[14])
local SUFFIXES = {'', ':ctx', ':prev', ':req', ':reqlog'}

local function mark_busy(key)
  local inflight = tonumber(redis.call('HGET', key, 'inflight') or '0')
  local busy = tonumber(redis.call('HGET', key, 'busy') or '0')
  if inflight > 0 and now < busy then inflight = inflight + 1 else inflight = 1 end
  if busy < now + busyms then busy = now + busyms end
  redis.call('HSET', key, 'inflight', inflight, 'busy', busy)
end

local function touch(key, id, ttl)
  for _, suffix in ipairs(SUFFIXES) do redis.call('PEXPIRE', key .. suffix, ttl) end
  redis.call('SET', ownkey, id, 'PX', ttl)
  if total then
    redis.call('ZADD', total, now + ttl, key)
    if redis.call('PTTL', total) < ttl then redis.call('PEXPIRE', total, ttl) end
  end
  redis.call('ZADD', lru, now, id)
  if redis.call('PTTL', lru) < ttl then redis.call('PEXPIRE', lru, ttl) end
end

local id = redis.call('GET', ownkey)
local previous = ''
if id == '' then
  previous = 'evicted'
  id = false
end
if id and redis.call('HGET', P .. id, 'owner') ~= owner then id = false end
if ARGV[16] ~= '' and id ~= ARGV[16] then return {'lost', now, previous} end

if id and token ~= '' then
  local key = P .. id
  local mark = redis.call('HGET', key .. ':req', token)
  if mark then
    local turn, renewed, gen, pos = string.match(mark, '^(%d+) (%d) (%d+) (%d+)$')
    turn, renewed, gen, pos = tonumber(turn), tonumber(renewed), tonumber(gen), tonumber(pos)
    local fields = redis.call('HMGET', key, 'heartbeat', 'ttl', 'renewals')
    local n, ttl, renewals = tonumber(fields[1]), tonumber(fields[2]), tonumber(fields[3])
    local source = false
    if renewed == 1 then
      if renewals == gen + 1 then source = key .. ':prev' end
    elseif renewals == gen then
      source = key .. ':ctx'
    elseif renewals == gen + 1 then
      source = key .. ':prev'
    end
    local context = {}
    if source and pos > 0 then context = redis.call('LRANGE', source, 0, pos - 1) end
    mark_busy(key)
    touch(key, id, ttl)
    local out = {'ok', now, id, 0, '', turn, renewed, renewals, n, 1, 0}
    for i = 1, #context do out[#out + 1] = context[i] end
    return out
  end
end

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
  if #live - #victims >= max then return {'busy', now} end
  if total then redis.call('ZREMRANGEBYSCORE', total, '-inf', now) end
  if #victims == 0 then
    if total and ARGV[13] ~= '' then
      local count = redis.call('ZCARD', total)
      if count >= tonumber(ARGV[13]) then return {'total_full', now, count} end
    elseif ARGV[17] == '0' then
      return {'total_full', now, -1}
    end
  end
  for v = 1, #victims do
    local oldest = victims[v]
    local okey = P .. oldest
    if total then redis.call('ZREM', total, okey) end
    local fields = redis.call('HMGET', okey, 'owner', 'ownkey')
    local left = redis.call('PTTL', okey)
    for _, suffix in ipairs(SUFFIXES) do redis.call('DEL', okey .. suffix) end
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
  if not id then return {'full', now} end
  for _, suffix in ipairs(SUFFIXES) do redis.call('DEL', P .. id .. suffix) end
  redis.call('HSET', P .. id, 'heartbeat', ARGV[7], 'turns', 0, 'renewals', 0, 'ttl', ARGV[8], 'owner', owner, 'ownkey', ownkey)
  opened = 1
end

local key = P .. id
local fields = redis.call('HMGET', key, 'heartbeat', 'ttl', 'renewals')
local n, ttl, gen = tonumber(fields[1]), tonumber(fields[2]), tonumber(fields[3])
local pos = redis.call('LLEN', key .. ':ctx')
local turn = redis.call('HINCRBY', key, 'turns', 1) - 1
local context = redis.call('LRANGE', key .. ':ctx', 0, -1)
local renewed = 0
if n ~= tonumber(ARGV[11]) and (turn + 1) % n == 0 then
  if pos > 0 then redis.call('RENAME', key .. ':ctx', key .. ':prev') else redis.call('DEL', key .. ':prev') end
  redis.call('HINCRBY', key, 'renewals', 1)
  renewed = 1
else
  redis.call('RPUSH', key .. ':ctx', ARGV[9])
end
if token ~= '' then
  redis.call('HSET', key .. ':req', token, turn .. ' ' .. renewed .. ' ' .. gen .. ' ' .. pos)
  redis.call('RPUSH', key .. ':reqlog', token)
  if redis.call('LLEN', key .. ':reqlog') > ${REPLAY_LOG_SIZE} then redis.call('HDEL', key .. ':req', redis.call('LPOP', key .. ':reqlog')) end
end
mark_busy(key)
touch(key, id, ttl)
local out = {'ok', now, id, opened, previous, turn, renewed, gen + renewed, n, 0, #evicted / 2}
for i = 1, #evicted do out[#out + 1] = evicted[i] end
for i = 1, #context do out[#out + 1] = context[i] end
return out
`;

/** KEYS: P<id>. ARGV: owner. Ends one turn in progress on the session if owner still holds it. */
export const END_TURN_SCRIPT = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
local n = tonumber(redis.call('HGET', KEYS[1], 'inflight') or '0')
if n > 0 then redis.call('HSET', KEYS[1], 'inflight', n - 1) end
return 1
`;

/**
 * A cluster's total ceiling, in its own slot (after the turn, so not atomic with it). KEYS: the
 * total zset. ARGV: session key, ttl, evicted session keys... Records the session's expiry, drops
 * the evicted and the expired, and keeps the zset alive as long as its longest session.
 */
export const TRACK_TOTAL_SCRIPT = `
${NOW}
local ttl = tonumber(ARGV[2])
for i = 3, #ARGV do redis.call('ZREM', KEYS[1], ARGV[i]) end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return redis.call('ZCARD', KEYS[1])
`;

/** KEYS: any key of the slot to ask. Returns Redis' TIME there. */
export const TIME_SCRIPT = "return redis.call('TIME')";

export type ScriptReply = Array<string | number> | string | null;

export interface ScriptedRedis {
  silpAllocate(route: string, ...args: Array<string | number>): Promise<string | null>;
  silpTurn(hash: string, ctx: string, ...args: string[]): Promise<ScriptReply>;
  silpRead(hash: string, ctx: string): Promise<ScriptReply>;
  silpContext(hash: string, ctx: string): Promise<string[] | null>;
  /** One Redis: KEYS lru, total. */
  silpOwnedTurn(lru: string, total: string, ...args: Array<string | number>): Promise<ScriptReply>;
  /** A cluster: KEYS lru only (the total lives in another slot). */
  silpOwnedTurnInSlot(lru: string, ...args: Array<string | number>): Promise<ScriptReply>;
  silpEndTurn(key: string, owner: string): Promise<number>;
  silpTrackTotal(total: string, key: string, ttl: number, ...evicted: string[]): Promise<number>;
  silpTime(route: string): Promise<[string, string]>;
}

/** Registers the scripts on the client; ioredis sends EVALSHA and falls back to EVAL itself. */
export function defineScripts(client: Redis | Cluster): ScriptedRedis {
  // defineCommand is idempotent per name.
  client.defineCommand("silpAllocate", { numberOfKeys: 1, lua: ALLOCATE_SCRIPT });
  client.defineCommand("silpTurn", { numberOfKeys: 2, lua: TURN_SCRIPT });
  client.defineCommand("silpRead", { numberOfKeys: 2, lua: READ_SCRIPT });
  client.defineCommand("silpContext", { numberOfKeys: 2, lua: CONTEXT_SCRIPT });
  client.defineCommand("silpOwnedTurn", { numberOfKeys: 2, lua: OWNED_TURN_SCRIPT });
  client.defineCommand("silpOwnedTurnInSlot", { numberOfKeys: 1, lua: OWNED_TURN_SCRIPT });
  client.defineCommand("silpEndTurn", { numberOfKeys: 1, lua: END_TURN_SCRIPT });
  client.defineCommand("silpTrackTotal", { numberOfKeys: 1, lua: TRACK_TOTAL_SCRIPT });
  client.defineCommand("silpTime", { numberOfKeys: 1, lua: TIME_SCRIPT });
  return client as unknown as ScriptedRedis;
}
