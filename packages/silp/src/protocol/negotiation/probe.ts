/**
 * The `//ping` probe and its `//pong` reply (spec 5.3, defined here where the spec is partial;
 * grammar in docs/protocol.md). A ping lists the sender's SILP versions and frontends in
 * priority order; a pong lists the receiver's, plus the frontend it chose (`prefer`), or no
 * `prefer` when the two sides share no version or frontend.
 */

/**
 * The dialect extension's fields (docs/dialect-negotiation.md), optional in both probes: a peer
 * that knows none of them sends none and ignores them (they are unknown parameters to it).
 */
export interface ProbeDialectFields {
  /**
   * Dialects by content, `name@sha256:<64 hex>`: in a ping those the sender offers, in a pong
   * those the receiver holds. Every name is also in `frontends`, which gives its priority.
   */
  dialects?: string[];
  /** The tokenizer family this side's model reads with (a census name such as gpt-4o, or unknown). */
  tokenizer?: string;
  /** How this side, as a reader, ranks what it is sent: by its `frontends` order (the draft's rule) or by token cost. */
  order?: ReaderOrder;
}

export type ReaderOrder = "listed" | "cost";

export interface Ping extends ProbeDialectFields {
  kind: "ping";
  /** SILP protocol versions (`v1`, ...), most preferred first. */
  versions: string[];
  /** Frontend names, most preferred first. */
  frontends: string[];
  /**
   * Dialect specs the receiver asked for (JSON form only): raw, untrusted values, checked by the
   * receiver against the hash it was offered (@silp/dialects).
   */
  specs?: unknown[];
}

export interface Pong extends ProbeDialectFields {
  kind: "pong";
  versions: string[];
  frontends: string[];
  /** The frontend the receiver chose; absent when there is no common version or frontend. */
  prefer?: string;
  /** Offered dialects the receiver lacks and asks the sender to send (their specs, once). */
  want?: string[];
}

export type Probe = Ping | Pong;

/** Longest probe line accepted, in UTF-16 code units (terminator excluded). */
export const MAX_PROBE_LINE = 1024;
/** Most entries in one version or frontend list. */
export const MAX_LIST_ITEMS = 16;
/** Longest frontend or parameter name. */
export const MAX_NAME_LENGTH = 32;
/** Longest version digit run (`v` + up to 9 digits). */
export const MAX_VERSION_DIGITS = 9;

/** Most dialects in one `dialects` or `want` list, and most specs in one ping. */
export const MAX_DIALECT_OFFERS = 4;
/** Longest tokenizer family name. */
export const MAX_TOKENIZER_LENGTH = 32;
export const READER_ORDERS: readonly ReaderOrder[] = Object.freeze(["listed", "cost"]);

/** `x-evolved@sha256:<64 lowercase hex>`: a private frontend name and the SHA-256 of its canonical spec. */
export const DIALECT_REF_PATTERN = /^(x-[a-z0-9_-]{1,30})@sha256:([0-9a-f]{64})$/;
const TOKENIZER_PATTERN = new RegExp(`^[a-z0-9][a-z0-9._-]{0,${MAX_TOKENIZER_LENGTH - 1}}$`);

export function isDialectRef(value: unknown): value is string {
  return typeof value === "string" && DIALECT_REF_PATTERN.test(value);
}

/** The frontend name of a dialect reference (`x-evolved` of `x-evolved@sha256:...`). */
export function dialectRefName(ref: string): string {
  return ref.slice(0, ref.indexOf("@"));
}

export function isTokenizerFamily(value: unknown): value is string {
  return typeof value === "string" && TOKENIZER_PATTERN.test(value);
}

const NAME_PATTERN = new RegExp(`^[a-z][a-z0-9_-]{0,${MAX_NAME_LENGTH - 1}}$`);
const VERSION_PATTERN = new RegExp(`^v[0-9]{1,${MAX_VERSION_DIGITS}}$`);

export function isFrontendName(value: unknown): value is string {
  return typeof value === "string" && NAME_PATTERN.test(value);
}

export function isVersion(value: unknown): value is string {
  return typeof value === "string" && VERSION_PATTERN.test(value);
}
