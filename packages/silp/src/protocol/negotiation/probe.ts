/**
 * The `//ping` probe and its `//pong` reply (spec 5.3, defined here where the spec is partial;
 * grammar in docs/protocol.md). A ping lists the sender's SILP versions and frontends in
 * priority order; a pong lists the receiver's, plus the frontend it chose (`prefer`), or no
 * `prefer` when the two sides share no version or frontend.
 */

export interface Ping {
  kind: "ping";
  /** SILP protocol versions (`v1`, ...), most preferred first. */
  versions: string[];
  /** Frontend names, most preferred first. */
  frontends: string[];
}

export interface Pong {
  kind: "pong";
  versions: string[];
  frontends: string[];
  /** The frontend the receiver chose; absent when there is no common version or frontend. */
  prefer?: string;
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

const NAME_PATTERN = new RegExp(`^[a-z][a-z0-9_-]{0,${MAX_NAME_LENGTH - 1}}$`);
const VERSION_PATTERN = new RegExp(`^v[0-9]{1,${MAX_VERSION_DIGITS}}$`);

export function isFrontendName(value: unknown): value is string {
  return typeof value === "string" && NAME_PATTERN.test(value);
}

export function isVersion(value: unknown): value is string {
  return typeof value === "string" && VERSION_PATTERN.test(value);
}
