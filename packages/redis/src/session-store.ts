/**
 * Redis session store (`@silp/redis`), for deployments where several processes or machines serve
 * one session: on one Redis (ioredis `Redis`) or on a Redis Cluster (ioredis `Cluster`). Each
 * operation is one Lua script (scripts.ts), which Redis runs atomically. Expiry is Redis's own
 * (PEXPIRE).
 *
 * Keys, with the default prefix "silp:session:":
 *   owner-bound sessions (turnFor, what the A2A agent uses): under
 *     <prefix>{<sha256(scope)>}:  the scope's hash tag, so on a cluster every key of one scope,
 *     and so every key its scripts touch, is in one slot, and the scopes spread over the slots.
 *     Per scope and not per session because the scope's quota (evict its least recently used
 *     session, atomically with the turn that needs the room) spans its sessions.
 *   <prefix>owned-total (one Redis) or <prefix>{owned-total} (cluster): the total ceiling.
 *   sessions by id only (create/turn): <prefix><id> (one Redis) or <prefix>{ids}:<id> (cluster):
 *     one slot, because allocation probes all 936 ids in one script.
 *
 * Timeouts. A turn that answered `timeout` must never be recorded afterwards, yet a paused Redis
 * runs the scripts it had already received when it resumes, and ioredis resends unanswered
 * commands after a reconnect. So every script gets a deadline in Redis' own clock (TIME), which
 * it checks before writing anything: the caller's deadline, and the moment the client's command
 * timeout gives up on the reply, both translated with the clock offset measured on the last reply
 * from that slot (a lower bound, so the translated deadline is never later than the real one).
 */
import { randomUUID, createHash } from "node:crypto";
import generateSlot from "cluster-key-slot";
import type { Cluster, Redis } from "ioredis";
import { SilpError } from "silp";
import { NO_HEARTBEAT, assertHeartbeat } from "silp/session";
import { SESSION_ID_FIRST_CHARS, SESSION_ID_SECOND_CHARS, SESSION_ID_SPACE } from "silp/session";
import type { NewSessionRecord, OwnedSessionStore, OwnedTurnEnd, OwnedTurnOutcome, OwnedTurnRequest, StoredSession, TurnOutcome } from "silp/session";
import { defineScripts, type ScriptReply, type ScriptedRedis } from "./scripts.js";

export const DEFAULT_REDIS_KEY_PREFIX = "silp:session:";

/**
 * How much earlier than the client's own give-up moment a script stops accepting the turn: covers
 * a clock slewed by NTP between two replies. A turn refused in that margin is a `timeout` the
 * caller was about to report anyway.
 */
const CLOCK_MARGIN_MS = 50;

export interface RedisSessionStoreOptions {
  /** Key prefix; default "silp:session:". */
  keyPrefix?: string;
  /** Close the client in close(); default true when the store created it, false otherwise. */
  ownsClient?: boolean;
  /**
   * Replicas that must have an owner-bound turn before it is acknowledged (Redis WAIT after the
   * turn's script, on the same primary); default 0 (replication is asynchronous). With 1 and one
   * replica per primary, a turn acknowledged before its primary is killed is on the replica that
   * is promoted. When fewer replicas confirm within `replicaTimeoutMs`, the turn answers
   * `timeout`: it is recorded on the primary, but not known to survive a failover, and a retry
   * with the same req_id is answered as a replay (or, if it was lost, recorded once).
   */
  replicas?: number;
  /** How long WAIT waits for the replicas, in ms; default 1000. */
  replicaTimeoutMs?: number;
}

export class RedisSessionStore implements OwnedSessionStore {
  readonly kind: "redis" | "redis-cluster";
  readonly #client: Redis | Cluster;
  readonly #scripts: ScriptedRedis;
  readonly #prefix: string;
  readonly #idPrefix: string;
  readonly #totalKey: string;
  readonly #cluster: boolean;
  readonly #ownsClient: boolean;
  readonly #replicas: number;
  readonly #replicaTimeoutMs: number;
  /** Per slot (0 on one Redis): a lower bound of Redis' clock minus ours, from the last reply. */
  readonly #offsets = new Map<number, number>();

  /** Wraps a connected ioredis client: a `Redis`, or a `Cluster` for a Redis Cluster. */
  constructor(client: Redis | Cluster, options: RedisSessionStoreOptions = {}) {
    this.#client = client;
    this.#cluster = client.isCluster;
    this.kind = this.#cluster ? "redis-cluster" : "redis";
    this.#prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
    this.#idPrefix = this.#cluster ? `${this.#prefix}{ids}:` : this.#prefix;
    this.#totalKey = this.#cluster ? `${this.#prefix}{owned-total}` : `${this.#prefix}owned-total`;
    this.#ownsClient = options.ownsClient ?? false;
    this.#replicas = options.replicas ?? 0;
    this.#replicaTimeoutMs = options.replicaTimeoutMs ?? 1000;
    if (!Number.isInteger(this.#replicas) || this.#replicas < 0)
      throw new TypeError(`replicas must be a non-negative integer, got ${String(options.replicas)}`);
    this.#scripts = defineScripts(client);
  }

  async allocate(record: NewSessionRecord, start: number): Promise<string | undefined> {
    const begin = ((start % SESSION_ID_SPACE) + SESSION_ID_SPACE) % SESSION_ID_SPACE;
    const id = await this.#call(() =>
      this.#scripts.silpAllocate(
        `${this.#idPrefix}ids`,
        this.#idPrefix,
        SESSION_ID_FIRST_CHARS,
        SESSION_ID_SECOND_CHARS,
        begin,
        record.heartbeat,
        record.ttlMs,
      ),
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
    const [hash, ctx] = this.#keys(id);
    const redisDeadline = await this.#deadline(hash, deadline);
    const reply = await this.#call(() => this.#scripts.silpTurn(hash, ctx, entry, redisDeadline, String(NO_HEARTBEAT)));
    this.#observe(hash, reply);
    if (!Array.isArray(reply) || reply[0] === "missing") return { status: "missing" };
    if (reply[0] === "timeout") return { status: "timeout", storeNow: Number(reply[1]) };
    const [, , turn, renewed, renewals, heartbeat, ...context] = reply;
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
    const scopePrefix = this.#scopePrefix(request.scope);
    const lru = `${scopePrefix}lru`;
    const begin = ((request.start % SESSION_ID_SPACE) + SESSION_ID_SPACE) % SESSION_ID_SPACE;
    const ttl = request.record.ttlMs;
    // On a cluster the ceiling lives in another slot: checked before (approximately: turns that
    // open sessions at the same moment can pass it together), kept up to date after.
    let mayOpen = "1";
    if (this.#cluster && request.maxTotalSessions !== undefined) {
      const live = await this.#call(() => this.#client.zcount(this.#totalKey, Date.now(), "+inf"));
      if (live >= request.maxTotalSessions) mayOpen = "0";
    }
    const redisDeadline = await this.#deadline(lru, request.deadline);
    // Every script call carries a token, so one that ioredis resends after a reconnect, having
    // run before the connection dropped, is answered as a replay instead of counted twice. The
    // request's own id makes a retry by the peer a replay too.
    const token = request.requestId === undefined ? `c:${randomUUID()}` : `r:${request.requestId}`;
    const args: Array<string | number> = [
      scopePrefix,
      `${scopePrefix}own:${digest(request.owner)}`,
      request.owner,
      SESSION_ID_FIRST_CHARS,
      SESSION_ID_SECOND_CHARS,
      begin,
      request.record.heartbeat,
      ttl,
      request.entry,
      redisDeadline,
      String(NO_HEARTBEAT),
      request.maxSessions,
      request.maxTotalSessions === undefined || this.#cluster ? "" : request.maxTotalSessions,
      request.busyMs ?? ttl,
      token,
      request.sessionId ?? "",
      mayOpen,
    ];
    const reply = await this.#call(() => (this.#replicas > 0 ? this.#ownedTurnReplicated(lru, args) : this.#ownedTurnScript(this.#scripts, lru, args)));
    this.#observe(lru, reply);
    if (!Array.isArray(reply)) throw new SilpError("decode_failed", "unexpected reply from the Redis session script");
    const [status, now] = reply;
    if (status === "timeout") return { status: "timeout", storeNow: Number(now) };
    if (status === "lost") return { status: "lost", ...(reply[2] === "evicted" ? { previous: "evicted" as const } : {}) };
    if (status === "full") return { status: "full" };
    if (status === "busy") return { status: "busy" };
    if (status === "total_full") {
      const total = Number(reply[2]);
      return { status: "total_full", total: total >= 0 ? total : (request.maxTotalSessions ?? 0) };
    }
    const [, , id, opened, previous, turn, renewed, renewals, heartbeat, replayed, evictedCount, ...rest] = reply;
    const count = Number(evictedCount);
    const evicted: { id: string; owner: string }[] = [];
    for (let i = 0; i < count; i++) evicted.push({ id: String(rest[2 * i]), owner: String(rest[2 * i + 1]) });
    if (this.#cluster)
      await this.#trackTotal(
        `${scopePrefix}${String(id)}`,
        ttl,
        evicted.map((e) => `${scopePrefix}${e.id}`),
      );
    return {
      status: "ok",
      id: String(id),
      opened: Number(opened) === 1,
      ...(previous === "evicted" ? { previous: "evicted" as const } : {}),
      ...(Number(replayed) === 1 ? { replayed: true as const } : {}),
      evicted,
      turn: Number(turn),
      renewed: Number(renewed) === 1,
      renewals: Number(renewals),
      heartbeat: assertHeartbeat(Number(heartbeat)),
      context: rest.slice(2 * count).map(String),
    };
  }

  #ownedTurnScript(target: ScriptedRedis, lru: string, args: Array<string | number>): Promise<ScriptReply> {
    return this.#cluster ? target.silpOwnedTurnInSlot(lru, ...args) : target.silpOwnedTurn(lru, this.#totalKey, ...args);
  }

  /**
   * The turn's script and WAIT in one pipeline: both go to the primary of the scope's slot (WAIT
   * names no key; in a pipeline it follows the script's node), and WAIT counts the replicas that
   * have everything that connection wrote, the turn included.
   */
  async #ownedTurnReplicated(lru: string, args: Array<string | number>): Promise<ScriptReply> {
    const pipeline = this.#client.pipeline();
    void this.#ownedTurnScript(pipeline as unknown as ScriptedRedis, lru, args);
    pipeline.call("WAIT", this.#replicas, this.#replicaTimeoutMs);
    const results = (await withTimeout(pipeline.exec(), this.#commandTimeout() + this.#replicaTimeoutMs)) ?? [];
    const [script, wait] = results;
    if (script?.[0]) throw script[0];
    if (wait?.[0]) throw wait[0];
    const reply = script?.[1] as ScriptReply;
    const confirmed = Number(wait?.[1]);
    if (Array.isArray(reply) && reply[0] === "ok" && confirmed < this.#replicas) {
      throw new SilpError(
        "timeout",
        `the turn reached ${confirmed} of ${this.#replicas} replica(s) within ${this.#replicaTimeoutMs} ms: it is recorded but may not survive a failover (a retry with the same req_id is counted once)`,
        { details: { replicas: this.#replicas, confirmed } },
      );
    }
    return reply;
  }

  async endOwnedTurn(end: OwnedTurnEnd): Promise<void> {
    await this.#call(() => this.#scripts.silpEndTurn(`${this.#scopePrefix(end.scope)}${end.id}`, end.owner));
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await this.#client.quit().catch(() => this.#client.disconnect());
  }

  /** The cluster's ceiling, outside the turn's slot: the session's expiry, evicted ones removed. */
  async #trackTotal(key: string, ttl: number, evicted: string[]): Promise<void> {
    await this.#call(() => this.#scripts.silpTrackTotal(this.#totalKey, key, ttl, ...evicted));
  }

  /**
   * The script's deadline in Redis' clock ("" for none): the earlier of the caller's deadline and
   * the moment the client gives up on the reply (its command timeout), less CLOCK_MARGIN_MS.
   */
  /** The client's command timeout in ms (0: none). A cluster's nodes use the options of each node's connection. */
  #commandTimeout(): number {
    const timeout = this.#cluster ? (this.#client as Cluster).options.redisOptions?.commandTimeout : (this.#client as Redis).options.commandTimeout;
    return typeof timeout === "number" && timeout > 0 ? timeout : 0;
  }

  async #deadline(routeKey: string, deadline: number | undefined): Promise<string> {
    const timeout = this.#commandTimeout();
    const giveUp = timeout > 0 ? Date.now() + timeout - CLOCK_MARGIN_MS : undefined;
    if (deadline === undefined && giveUp === undefined) return "";
    const slot = this.#slot(routeKey);
    let offset = this.#offsets.get(slot);
    if (offset === undefined) {
      const asked = await this.#call(() => this.#scripts.silpTime(routeKey));
      const received = Date.now();
      const [seconds, micros] = asked.map(Number) as [number, number];
      offset = seconds * 1000 + Math.floor(micros / 1000) - received;
      this.#offsets.set(slot, offset);
    }
    const at = Math.min(deadline ?? Number.POSITIVE_INFINITY, giveUp ?? Number.POSITIVE_INFINITY);
    return String(Math.floor(at + offset));
  }

  /**
   * Every owned-turn and turn reply carries Redis' TIME at the script's start; its receipt is
   * later, so their difference is a lower bound of the offset. The latest one is kept: it follows
   * a stepped clock or a failover to another machine.
   */
  #observe(routeKey: string, reply: ScriptReply): void {
    if (!Array.isArray(reply)) return;
    const now = Number(reply[1]);
    if (Number.isFinite(now)) this.#offsets.set(this.#slot(routeKey), now - Date.now());
  }

  #slot(key: string): number {
    return this.#cluster ? generateSlot(key) : 0;
  }

  #scopePrefix(scope: string): string {
    return `${this.#prefix}{${digest(scope)}}:`;
  }

  /**
   * Runs one Redis command. Failures of the connection become SilpErrors: `timeout` when the
   * command timed out, `dependency_missing` when Redis is unreachable. The client's own message
   * (which may name hosts or retry counts) is kept only as the cause.
   */
  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (cause) {
      if (cause instanceof SilpError) throw cause;
      if (cause instanceof Error && /timed? ?out/i.test(cause.message)) {
        throw new SilpError(
          "timeout",
          "the session store (Redis) did not answer in time; the turn was recorded before the deadline or never will be (a retry with the same req_id is counted once)",
          { cause },
        );
      }
      throw new SilpError("dependency_missing", "the session store (Redis) is not available", { cause });
    }
  }

  #keys(id: string): [string, string] {
    const hash = `${this.#idPrefix}${id}`;
    return [hash, `${hash}:ctx`];
  }
}

/**
 * One bound for the script and its WAIT together (the command timeout plus the time WAIT may
 * take), so the caller's wait never depends on how the client times out commands inside a
 * pipeline: past it the turn is a `timeout`, whose script, if it runs later, refuses itself by
 * its deadline.
 */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Command timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}
