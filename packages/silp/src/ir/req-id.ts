/**
 * Request ids (spec 3.6 / draft -02 3.7): 4-8 lowercase hex. New ids are 8 hex (the spec's
 * MUST); 4 hex only for a caller-declared scope-limited session. On decode the id is derived
 * from the payload text by SHA-256 truncation (spec 4.6).
 */
import { randomBytes, toHex } from "../random.js";
import { sha256Hex } from "./sha256.js";

export const REQ_ID_PATTERN = /^[a-f0-9]{4,8}$/;

export function reqIdLength(scopeLimited: boolean): 4 | 8 {
  return scopeLimited ? 4 : 8;
}

/** A fresh random id for a new request. */
export function newReqId(scopeLimited = false): string {
  return toHex(randomBytes(4)).slice(0, reqIdLength(scopeLimited));
}

/** The id a decoder assigns to a payload that carries none: SHA-256 of its UTF-8 text, truncated. */
export function deriveReqId(payloadText: string, scopeLimited = false): string {
  return sha256Hex(payloadText).slice(0, reqIdLength(scopeLimited));
}
