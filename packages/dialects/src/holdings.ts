/**
 * The dialects one peer holds, by content, and the two halves of dialect negotiation around the
 * core `//ping` rule (docs/dialect-negotiation.md):
 *
 * - the sender offers what it holds (`capabilities`), and sends the specs a `//pong` asked for
 *   (`toSend`), once, in the JSON form of the next ping;
 * - the receiver asks for offered dialects its policy allows (`answer`, `want`), and takes a spec
 *   only when it hashes to what was offered, is a valid dialect file within the size bound, its
 *   policy allows it, and its name is free in this process.
 *
 * A refusal is a typed error in the answer's `refused` list, never a thrown one: the negotiation
 * goes on with what both sides hold, as it would have without the offer.
 */
import { SilpError, getFrontend } from "silp";
import { type Answer, type Capabilities, MAX_DIALECT_OFFERS, type Ping, type Pong, answerPing, dialectRefName } from "silp/negotiation";
import { MAX_DIALECT_SPEC_BYTES, canonicalDialectText, dialectRef } from "./content.js";
import { SHIPPED_DIALECTS } from "./evolved.js";
import { registerDialect, registeredDialectRef, unregisterDialect } from "./register.js";
import { type DialectSpec, parseDialectSpec } from "./spec.js";

/** Which offered dialects a receiver takes: none (the default), any valid one, these references, or a function's verdict. */
export type DialectAcceptance = "none" | "any" | readonly string[] | ((ref: string) => boolean);

export interface HoldingsOptions {
  /** Default "none": a peer without this option never starts reading a dialect it was not configured with. */
  accept?: DialectAcceptance;
  /**
   * Most dialects taken from peers, all peers together (default 8). A new one past it lets go of
   * the one used longest ago; the operator's own (`hold`) do not count.
   */
  maxHeld?: number;
  /** Most dialects taken from one peer (its `scope` in `answer`; default 4, a ping's most offers). A new one past it lets go of that peer's oldest. */
  maxHeldPerPeer?: number;
}

export interface HoldingsAnswer extends Answer {
  /** References of the specs this answer took (they are in the pong). */
  received: string[];
  /** The specs it did not take, one typed error each (dialect_refused or limit_exceeded). */
  refused: SilpError[];
}

export const DEFAULT_MAX_HELD = 8;
export const DEFAULT_MAX_HELD_PER_PEER = MAX_DIALECT_OFFERS;
/** Most peers remembered as readers of one dialect taken from a peer. */
const MAX_PEERS_PER_DIALECT = 1024;
/** The scope of `answer` when the carrier names no peer. */
const ANY_PEER = "";

function refusal(reason: string, message: string, ref: string | undefined): SilpError {
  return new SilpError("dialect_refused", message, { details: { reason, ...(ref === undefined ? {} : { ref }) } });
}

/** A dialect taken from a peer: its spec, the peer's scope, and when it was last used (for letting go). */
interface Taken {
  spec: DialectSpec;
  scope: string;
  used: number;
  /** The peers that named it by its hash (the one that sent it first): only they may read it. */
  peers: Set<string>;
}

export class DialectHoldings {
  /** The operator's own (`hold`): offered to every peer, named without a hash. */
  private readonly own = new Map<string, DialectSpec>();
  /** Taken from peers, by reference: agreed only with a peer that names it by its hash. */
  private readonly taken = new Map<string, Taken>();
  private clock = 0;
  private readonly accept: DialectAcceptance;
  private readonly maxHeld: number;
  private readonly maxHeldPerPeer: number;

  constructor(options: HoldingsOptions = {}) {
    this.accept = options.accept ?? "none";
    this.maxHeld = positive(options.maxHeld ?? DEFAULT_MAX_HELD, "maxHeld");
    this.maxHeldPerPeer = positive(options.maxHeldPerPeer ?? DEFAULT_MAX_HELD_PER_PEER, "maxHeldPerPeer");
  }

  /** Holds one of our own dialects (an operator's file): registered as a frontend; returns its reference. */
  hold(spec: DialectSpec): string {
    const checked = parseDialectSpec(spec);
    const ref = dialectRef(checked);
    if (this.own.has(ref)) return ref;
    const problem = this.nameProblem(checked.name, ref);
    if (problem !== undefined) throw problem;
    registerDialect(checked);
    this.own.set(ref, checked);
    return ref;
  }

  /** The references held: our own, then those taken from peers, each in the order taken. */
  get refs(): string[] {
    return [...this.own.keys(), ...this.taken.keys()];
  }

  spec(ref: string): DialectSpec | undefined {
    return this.own.get(ref) ?? this.taken.get(ref)?.spec;
  }

  /**
   * Whether the peer `scope` may send payloads in the dialect `name`: one of our own, or one taken
   * from a peer that this peer named by its hash. A carrier checks it before decoding, so a peer
   * cannot use a name another peer proposed.
   */
  reads(name: string, scope: string = ANY_PEER): boolean {
    for (const spec of this.own.values()) if (spec.name === name) return true;
    for (const taken of this.taken.values()) if (taken.spec.name === name) return taken.peers.has(scope);
    return false;
  }

  /**
   * `base` with our own dialects: their names before base's frontends (a dialect held was chosen
   * by the operator), their references in `dialects`. The probe lists at most 4 dialects; the
   * first 4 held are offered. What a sender offers, and what a receiver tells a peer that names
   * no dialect by its hash.
   */
  capabilities(base: Capabilities): Capabilities {
    return withDialects(base, [...this.own.keys(), ...this.taken.keys()].slice(0, MAX_DIALECT_OFFERS));
  }

  /** Sender side: the references a pong asked for that the ping offered and we hold (anything else is ignored). */
  toSend(pong: Pong, ping: Ping): string[] {
    const offered = new Set(ping.dialects ?? []);
    return (pong.want ?? []).filter((ref) => offered.has(ref) && this.spec(ref) !== undefined);
  }

  /**
   * Receiver side: takes the ping's specs that pass every check, then answers it with the core
   * rule over `base` and what this ping may use, asking (`want`) for offered dialects still
   * missing that the policy would take. `scope` names the peer (a session, a user, a connection:
   * what the carrier knows), for the bound per peer.
   *
   * What a ping may use: every dialect of our own, and a dialect taken from a peer only when this
   * ping offers it by its hash. A name a peer proposed stands for that peer's spec, so a peer that
   * names it without the hash is never matched to it. Every dialect the ping offers and we hold
   * is listed in the pong, before our own.
   */
  answer(ping: Ping, base: Capabilities, scope: string = ANY_PEER): HoldingsAnswer {
    const received: string[] = [];
    const refused: SilpError[] = [];
    for (const value of ping.specs ?? []) {
      const outcome = this.receive(value, ping.dialects ?? [], scope);
      if (outcome instanceof SilpError) refused.push(outcome);
      else if (outcome !== undefined) received.push(outcome);
    }
    const offeredHeld = (ping.dialects ?? []).filter((ref) => this.spec(ref) !== undefined);
    for (const ref of offeredHeld) this.use(ref, scope);
    const usable = [...offeredHeld, ...[...this.own.keys()].filter((ref) => !offeredHeld.includes(ref))].slice(0, MAX_DIALECT_OFFERS);
    const answer = answerPing(ping, withDialects(base, usable), {
      want: (ref) => this.allows(ref) && this.refusalOf(dialectRefName(ref), ref) === undefined,
    });
    return { ...answer, received, refused };
  }

  /** One spec from a peer: its reference when taken (or already held), else the reason it is not. */
  private receive(value: unknown, offers: readonly string[], scope: string): string | SilpError | undefined {
    let spec: DialectSpec;
    try {
      spec = parseDialectSpec(value);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return refusal("invalid", `a peer's dialect spec is not a valid dialect file: ${why}`, undefined);
    }
    const offered = offers.find((ref) => dialectRefName(ref) === spec.name);
    if (offered === undefined) return refusal("not_offered", `the ping sends a spec for ${spec.name}, which it does not offer`, undefined);
    const text = canonicalDialectText(spec);
    if (text.length > MAX_DIALECT_SPEC_BYTES) {
      return new SilpError(
        "limit_exceeded",
        `the dialect spec for ${spec.name} is ${text.length} bytes in canonical form; at most ${MAX_DIALECT_SPEC_BYTES} are taken from a peer`,
        {
          details: { ref: offered, limit: MAX_DIALECT_SPEC_BYTES, value: text.length },
        },
      );
    }
    const ref = dialectRef(spec);
    if (ref !== offered)
      return refusal(
        "hash_mismatch",
        `the spec sent for ${spec.name} hashes to ${ref.slice(spec.name.length + 1)}, not to the offered ${offered.slice(spec.name.length + 1)}`,
        offered,
      );
    if (this.spec(ref) !== undefined) return ref;
    const problem = this.refusalOf(spec.name, ref);
    if (problem !== undefined) return problem;
    this.makeRoom(scope);
    registerDialect(spec);
    this.taken.set(ref, { spec, scope, used: ++this.clock, peers: new Set([scope]) });
    return ref;
  }

  /** Why a peer's `ref` under `name` is not taken here (policy aside), if it is not. */
  private refusalOf(name: string, ref: string): SilpError | undefined {
    if (!this.allows(ref)) return refusal("policy", `this peer's operator does not allow the dialect ${ref}`, ref);
    const shipped = SHIPPED_DIALECTS[name];
    if (shipped !== undefined && dialectRef(shipped) !== ref) {
      return refusal("name_taken", `${name} is the name of a dialect this package ships; only its shipped spec goes by it`, ref);
    }
    return this.nameProblem(name, ref);
  }

  /** Another spec, or a frontend that is no dialect, has `name` in this process. */
  private nameProblem(name: string, ref: string): SilpError | undefined {
    const registered = registeredDialectRef(name);
    if (registered !== undefined ? registered !== ref : isFrontend(name)) {
      return refusal("name_taken", `this process holds another spec, or a frontend that is no dialect, under the name ${name}`, ref);
    }
    return undefined;
  }

  /**
   * Lets go of what a new spec from `scope` needs gone: that peer's least recently used one when
   * it holds its most, then the least recently used of all when all peers together hold the most.
   * A peer that floods the holdings replaces its own, and only its most recent few stay.
   */
  private makeRoom(scope: string): void {
    const mine = [...this.taken].filter(([, taken]) => taken.scope === scope);
    if (mine.length >= this.maxHeldPerPeer) this.release(oldest(mine));
    if (this.taken.size >= this.maxHeld) this.release(oldest([...this.taken]));
  }

  private release(ref: string): void {
    const taken = this.taken.get(ref) as Taken;
    this.taken.delete(ref);
    unregisterDialect(taken.spec.name, ref);
  }

  /** `scope` named `ref` by its hash: it may read it, and it was used now. */
  private use(ref: string, scope: string): void {
    const taken = this.taken.get(ref);
    if (taken === undefined) return;
    taken.used = ++this.clock;
    // The peers kept per dialect are bounded (a peer past them re-offers it in vain: it is told so by unsupported_frontend).
    if (taken.peers.size < MAX_PEERS_PER_DIALECT) taken.peers.add(scope);
  }

  private allows(ref: string): boolean {
    const accept = this.accept;
    if (accept === "any") return true;
    if (accept === "none") return false;
    if (typeof accept === "function") return accept(ref) === true;
    return accept.includes(ref);
  }
}

/** `base` with `refs`: their names first in `frontends`, the references in `dialects`. */
function withDialects(base: Capabilities, refs: readonly string[]): Capabilities {
  const names = refs.map(dialectRefName);
  return {
    ...base,
    frontends: [...names, ...base.frontends.filter((frontend) => !names.includes(frontend))],
    ...(refs.length === 0 ? {} : { dialects: [...refs] }),
  };
}

/** The reference used longest ago among `entries`. */
function oldest(entries: readonly (readonly [string, Taken])[]): string {
  let found = entries[0] as readonly [string, Taken];
  for (const entry of entries) if (entry[1].used < found[1].used) found = entry;
  return found[0];
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
  return value;
}

function isFrontend(name: string): boolean {
  try {
    getFrontend(name);
    return true;
  } catch {
    return false;
  }
}
