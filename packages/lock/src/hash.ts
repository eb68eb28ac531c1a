/**
 * Hashing for the compile lock. Every hash is written `sha256:<64 hex>`, the reference
 * implementation's notation, so legacy records and ours read alike.
 *
 * Structured values (the IR, a record) are hashed over their RFC 8785 JSON Canonicalization
 * Scheme form. Draft -02 section 4.6 says the IR has no canonical serialization of its own and
 * that audit binding MUST use an external mechanism; JCS is that mechanism (docs/lock.md).
 */
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { SilpError } from "silp";

export const HASH_PREFIX = "sha256:";
export const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** SHA-256 of the UTF-8 bytes of `text`, as `sha256:<hex>`. */
export function sha256(text: string): string {
  return HASH_PREFIX + createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The RFC 8785 serialization of a JSON value. Values JCS cannot represent (lone surrogates,
 * NaN, Infinity, cycles, nesting deep enough to exhaust the stack) raise `errorCode`.
 */
export function canonicalJson(value: unknown, errorCode: "invalid_ir" | "lock_violation"): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SilpError(errorCode, `value has no RFC 8785 canonical form: ${reason}`, { cause: error });
  }
  if (text === undefined) throw new SilpError(errorCode, "value has no JSON representation");
  return text;
}

/** SHA-256 over the JCS form of a JSON value. */
export function canonicalHash(value: unknown, errorCode: "invalid_ir" | "lock_violation"): string {
  return sha256(canonicalJson(value, errorCode));
}
