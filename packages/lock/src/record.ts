/**
 * The records of a compile lock file (docs/lock.md, "Record format").
 *
 * Each line is one record. A `seal` record freezes the compiled text of one (IR, frontend); an
 * `unlock` record releases that freeze so a later seal may record a different text. Every record
 * carries `seq` (its index in the chain), `prev` (the previous record's `hash`, null for the
 * first) and `hash`: SHA-256 of the record's JCS form without `hash` itself. Changing any byte
 * of any field therefore changes `hash`, and every later `prev` depends on it.
 */
import type { SilpIR } from "silp";
import { assertValid } from "silp";
import type { SilpOptions } from "silp";
import { resolveOptions, isPlainObject } from "silp/util";
import { HASH_PATTERN, canonicalHash, sha256 } from "./hash.js";

interface RecordCommon {
  seq: number;
  frontend: string;
  /** SHA-256 of the JCS form of the IR in normal form, meta.req_id included. */
  ir_hash: string;
  /** ISO 8601 UTC time of writing (informative: ordering comes from the chain, not the clock). */
  timestamp: string;
  /** SILP protocol version. */
  silp: string;
  /** Version of the library that wrote the record. */
  library_version: string;
  prev: string | null;
  hash: string;
}

export interface SealRecord extends RecordCommon {
  kind: "seal";
  /** SHA-256 of `compiled`. */
  output_hash: string;
  compiled: string;
  /** The IR in normal form, kept so an auditor can recompute `ir_hash` and recompile. */
  ir: SilpIR;
}

export interface UnlockRecord extends RecordCommon {
  kind: "unlock";
  /** Why the freeze was released; free text, may be empty. */
  reason: string;
}

export type LockRecord = SealRecord | UnlockRecord;

/** A record before it is linked into the chain. */
export type UnlinkedRecord = Omit<SealRecord, "seq" | "prev" | "hash"> | Omit<UnlockRecord, "seq" | "prev" | "hash">;

/**
 * The hash that binds an IR: SHA-256 of the RFC 8785 form of its normal form (reached through
 * validation, which also reads the reference implementation's `null`s as absent). Throws
 * invalid_ir for an invalid IR.
 */
export function hashIr(ir: unknown, options?: SilpOptions): string {
  return hashNormalIr(assertValid(ir, resolveOptions(options)).ir);
}

export function hashNormalIr(ir: SilpIR): string {
  return canonicalHash(ir, "invalid_ir");
}

/** The freeze key: one frozen output per (IR hash, frontend). */
export function lockKey(irHash: string, frontend: string): string {
  return `${irHash} ${frontend}`;
}

/** SHA-256 of the JCS form of the record without its `hash` field. Throws lock_violation when not canonicalizable. */
export function computeRecordHash(record: Record<string, unknown>): string {
  const { hash: _hash, ...body } = record;
  return canonicalHash(body, "lock_violation");
}

/** Links a record after `previous` (or as the first record) and seals it with its hash. */
export function linkRecord(record: UnlinkedRecord, previous: LockRecord | undefined): LockRecord {
  // The hash does not depend on field order; the bytes written do (serialize.ts fixes them).
  const { kind, ...fields } = record;
  const linked = {
    kind,
    seq: previous === undefined ? 0 : previous.seq + 1,
    ...fields,
    prev: previous === undefined ? null : previous.hash,
  } as Omit<LockRecord, "hash">;
  return { ...linked, hash: computeRecordHash(linked) } as LockRecord;
}

export function outputHash(compiled: string): string {
  return sha256(compiled);
}

/**
 * Checks that a parsed line has the shape of a record. Returns the first defect found, or
 * undefined. Unknown extra fields are allowed (they are covered by `hash`).
 */
export function recordShapeDefect(value: unknown): string | undefined {
  if (!isPlainObject(value)) return "a record must be a JSON object";
  const kind = value.kind;
  if (kind !== "seal" && kind !== "unlock") return `unknown record kind ${JSON.stringify(kind)}`;
  if (!Number.isSafeInteger(value.seq) || (value.seq as number) < 0) return "seq must be a non-negative integer";
  for (const field of ["frontend", "timestamp", "silp", "library_version"]) {
    if (typeof value[field] !== "string") return `${field} must be a string`;
  }
  const hashes = kind === "seal" ? ["ir_hash", "hash", "output_hash"] : ["ir_hash", "hash"];
  for (const field of hashes) {
    if (typeof value[field] !== "string" || !HASH_PATTERN.test(value[field])) {
      return `${field} must be "sha256:" followed by 64 lowercase hex digits`;
    }
  }
  if (value.prev !== null && (typeof value.prev !== "string" || !HASH_PATTERN.test(value.prev))) {
    return "prev must be null or a sha256 hash";
  }
  if (kind === "seal") {
    if (typeof value.compiled !== "string") return "compiled must be a string";
    if (!isPlainObject(value.ir)) return "ir must be a JSON object";
  } else if (typeof value.reason !== "string") {
    return "reason must be a string";
  }
  return undefined;
}
