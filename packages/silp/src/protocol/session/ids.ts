/**
 * Session ids (spec 5.2: "2-character session IDs").
 *
 * Alphabet: a lowercase ASCII letter followed by a lowercase letter or digit, `^[a-z][a-z0-9]$`,
 * 26 x 36 = 936 ids. A leading letter keeps every id a valid bare identifier in the code
 * frontend and a plain JSON string, and it admits the ids the study's cases use (`a1`, `a2`).
 * Ids are correlation conveniences, not secrets (draft -02 section 8.3), so they are allocated
 * by probing from a random start, not drawn from a CSPRNG one by one.
 */

export const SESSION_ID_FIRST_CHARS = "abcdefghijklmnopqrstuvwxyz";
export const SESSION_ID_SECOND_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

/** How many distinct session ids exist (936). */
export const SESSION_ID_SPACE = SESSION_ID_FIRST_CHARS.length * SESSION_ID_SECOND_CHARS.length;

const SESSION_ID_PATTERN = /^[a-z][a-z0-9]$/;

export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value);
}

/** The id at position `index` (taken modulo the id space) of the fixed allocation order. */
export function sessionIdAt(index: number): string {
  const i = ((index % SESSION_ID_SPACE) + SESSION_ID_SPACE) % SESSION_ID_SPACE;
  const width = SESSION_ID_SECOND_CHARS.length;
  return `${SESSION_ID_FIRST_CHARS[Math.floor(i / width)]}${SESSION_ID_SECOND_CHARS[i % width]}`;
}
