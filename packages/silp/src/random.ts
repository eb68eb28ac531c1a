/**
 * Randomness from the Web Crypto API (`globalThis.crypto`), which browsers, Deno, Bun and
 * Node.js >= 19 all provide, instead of `node:crypto`, so the codec runs on every platform.
 */

/** `count` cryptographically random bytes. */
export function randomBytes(count: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

/** A uniformly random integer in [0, max), max at most 2^32; rejection sampling avoids modulo bias. */
export function randomInt(max: number): number {
  if (!Number.isInteger(max) || max <= 0 || max > 2 ** 32) throw new RangeError(`randomInt: max must be an integer in 1..2^32, got ${max}`);
  const limit = 2 ** 32 - (2 ** 32 % max);
  const word = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(word);
    if ((word[0] as number) < limit) return (word[0] as number) % max;
  }
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
