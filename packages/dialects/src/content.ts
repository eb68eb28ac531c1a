/**
 * A dialect's identity is its content: the SHA-256 of its canonical file (RFC 8785, the JSON
 * Canonicalization Scheme the compile lock hashes with), written `x-name@sha256:<64 hex>`. Two
 * specs with one name and different genes or argument orders have different references, so a
 * peer never takes one for the other (docs/dialect-negotiation.md).
 */
import canonicalize from "canonicalize";
import { invalidOption } from "silp";
import { sha256Hex } from "silp/util";
import type { DialectSpec } from "./spec.js";

/**
 * Largest canonical spec a receiver takes from a peer, in bytes (the canonical text is ASCII).
 * x-evolved is 470; one with an order for each of the whitelist's 13 verbs at 8 argument names
 * is 984, so this leaves room for a deployment's extra verbs (about 200 verbs of 8 names). Past
 * it a spec is refused before it is hashed or registered.
 */
export const MAX_DIALECT_SPEC_BYTES = 16_384;

/** The canonical text of a checked spec (parseDialectSpec's result): what its hash is over. */
export function canonicalDialectText(spec: DialectSpec): string {
  const text = canonicalize(spec);
  if (text === undefined) throw invalidOption("dialect", "a dialect spec has no canonical form");
  return text;
}

/** `x-name@sha256:<hex>` of a checked spec. */
export function dialectRef(spec: DialectSpec): string {
  return `${spec.name}@sha256:${sha256Hex(canonicalDialectText(spec))}`;
}
