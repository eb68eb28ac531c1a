/**
 * The heartbeat parameter N of spec 5.2 and the renewal rule the spec author's study used
 * (scripts/run_heartbeat_n.py of the reference repository): turns are numbered from 0, and the
 * accumulated context is cleared after turn t when (t + 1) % N == 0. N = 9999 means "no
 * heartbeat" and never clears, even at turn 9998 (the study guards the rule with N < 9999).
 */

export const HEARTBEAT_VALUES = [1, 5, 10, 15, 20, 9999] as const;
export type Heartbeat = (typeof HEARTBEAT_VALUES)[number];

/** N = 9999: stateful throughout, the context is never cleared. */
export const NO_HEARTBEAT: Heartbeat = 9999;

/**
 * Default N when a session is created without one. The spec gives none. The study's sessions
 * were 15 turns long, so N = 15, 20 and 9999 behaved identically there (no renewal) and
 * scored best; 20 is the largest value that still bounds the context.
 */
export const DEFAULT_HEARTBEAT: Heartbeat = 20;

export function isHeartbeat(value: unknown): value is Heartbeat {
  return typeof value === "number" && (HEARTBEAT_VALUES as readonly number[]).includes(value);
}

/** Throws a TypeError naming the allowed values when `value` is not one of them. */
export function assertHeartbeat(value: unknown): Heartbeat {
  if (!isHeartbeat(value)) {
    throw new TypeError(`heartbeat must be one of ${HEARTBEAT_VALUES.join(", ")}, got ${String(value)}`);
  }
  return value;
}

/** True when the context is cleared after the 0-based turn `turn` under heartbeat `n`. */
export function renewsAfterTurn(turn: number, n: Heartbeat): boolean {
  return n !== NO_HEARTBEAT && (turn + 1) % n === 0;
}
