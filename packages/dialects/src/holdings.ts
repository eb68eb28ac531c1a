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
import { type Answer, type Capabilities, type Ping, type Pong, answerPing, dialectRefName } from "silp/negotiation";
import { MAX_DIALECT_SPEC_BYTES, canonicalDialectText, dialectRef } from "./content.js";
import { registerDialect, registeredDialectRef } from "./register.js";
import { type DialectSpec, parseDialectSpec } from "./spec.js";

/** Which offered dialects a receiver takes: none (the default), any valid one, these references, or a function's verdict. */
export type DialectAcceptance = "none" | "any" | readonly string[] | ((ref: string) => boolean);

export interface HoldingsOptions {
  /** Default "none": a peer without this option never starts reading a dialect it was not configured with. */
  accept?: DialectAcceptance;
  /** Most dialects held (default 8); taking one more is `limit_exceeded`. */
  maxHeld?: number;
}

export interface HoldingsAnswer extends Answer {
  /** References of the specs this answer took (they are in the pong). */
  received: string[];
  /** The specs it did not take, one typed error each (dialect_refused or limit_exceeded). */
  refused: SilpError[];
}

export const DEFAULT_MAX_HELD = 8;

function refusal(reason: string, message: string, ref: string | undefined): SilpError {
  return new SilpError("dialect_refused", message, { details: { reason, ...(ref === undefined ? {} : { ref }) } });
}

export class DialectHoldings {
  private readonly held = new Map<string, DialectSpec>();
  private readonly accept: DialectAcceptance;
  private readonly maxHeld: number;

  constructor(options: HoldingsOptions = {}) {
    this.accept = options.accept ?? "none";
    this.maxHeld = options.maxHeld ?? DEFAULT_MAX_HELD;
    if (!Number.isInteger(this.maxHeld) || this.maxHeld < 1) throw new RangeError(`maxHeld must be a positive integer, got ${String(options.maxHeld)}`);
  }

  /** Holds one of our own dialects (an operator's file): registered as a frontend; returns its reference. */
  hold(spec: DialectSpec): string {
    const checked = parseDialectSpec(spec);
    const ref = dialectRef(checked);
    const problem = this.roomFor(checked.name, ref);
    if (problem !== undefined) throw problem;
    registerDialect(checked);
    this.held.set(ref, checked);
    return ref;
  }

  /** The references held, in the order taken. */
  get refs(): string[] {
    return [...this.held.keys()];
  }

  spec(ref: string): DialectSpec | undefined {
    return this.held.get(ref);
  }

  /**
   * `base` with the held dialects: their names before base's frontends (a dialect held was
   * chosen by the operator, or taken because the operator allowed it), their references in
   * `dialects`. The probe lists at most 4 dialects; the first 4 held are offered.
   */
  capabilities(base: Capabilities): Capabilities {
    const refs = this.refs.slice(0, 4);
    const names = refs.map(dialectRefName);
    return {
      ...base,
      frontends: [...names, ...base.frontends.filter((frontend) => !names.includes(frontend))],
      ...(refs.length === 0 ? {} : { dialects: refs }),
    };
  }

  /** Sender side: the references a pong asked for that the ping offered and we hold (anything else is ignored). */
  toSend(pong: Pong, ping: Ping): string[] {
    const offered = new Set(ping.dialects ?? []);
    return (pong.want ?? []).filter((ref) => offered.has(ref) && this.held.has(ref));
  }

  /**
   * Receiver side: takes the ping's specs that pass every check, then answers it with the core
   * rule over `base` and what is now held, asking (`want`) for offered dialects still missing
   * that the policy would take.
   */
  answer(ping: Ping, base: Capabilities): HoldingsAnswer {
    const received: string[] = [];
    const refused: SilpError[] = [];
    for (const value of ping.specs ?? []) {
      const outcome = this.receive(value, ping.dialects ?? []);
      if (outcome instanceof SilpError) refused.push(outcome);
      else if (outcome !== undefined) received.push(outcome);
    }
    const answer = answerPing(ping, this.capabilities(base), { want: (ref) => this.allows(ref) && this.roomFor(dialectRefName(ref), ref) === undefined });
    return { ...answer, received, refused };
  }

  /** One spec from a peer: its reference when taken (or already held), else the reason it is not. */
  private receive(value: unknown, offers: readonly string[]): string | SilpError | undefined {
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
    if (this.held.has(ref)) return ref;
    if (!this.allows(ref)) return refusal("policy", `this peer's operator does not allow the dialect ${ref}`, ref);
    const problem = this.roomFor(spec.name, ref);
    if (problem !== undefined) return problem;
    registerDialect(spec);
    this.held.set(ref, spec);
    return ref;
  }

  private allows(ref: string): boolean {
    const accept = this.accept;
    if (accept === "any") return true;
    if (accept === "none") return false;
    if (typeof accept === "function") return accept(ref) === true;
    return accept.includes(ref);
  }

  /** Why `name` cannot be held as `ref` here (another spec or another frontend has the name, or we hold enough), if it cannot. */
  private roomFor(name: string, ref: string): SilpError | undefined {
    const mine = [...this.held.values()].some((spec) => spec.name === name);
    const registered = registeredDialectRef(name);
    if (registered !== undefined ? registered !== ref : mine || isFrontend(name)) {
      return refusal("name_taken", `this process holds another spec, or a frontend that is no dialect, under the name ${name}`, ref);
    }
    if (!this.held.has(ref) && this.held.size >= this.maxHeld) {
      return new SilpError("limit_exceeded", `this peer holds ${this.held.size} dialects, its most (maxHeld)`, { details: { ref, limit: this.maxHeld } });
    }
    return undefined;
  }
}

function isFrontend(name: string): boolean {
  try {
    getFrontend(name);
    return true;
  } catch {
    return false;
  }
}
