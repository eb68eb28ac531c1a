/**
 * Request ids (spec 3.6 / draft -02 3.7): 4-8 lowercase hex. New ids are 8 hex (the spec's
 * MUST); 4 hex only for a caller-declared scope-limited session. On decode the id is derived
 * from the payload text by SHA-256 truncation (spec 4.6).
 */
import { randomBytes, toHex } from "../random.js";
import { setField } from "./fields.js";
import { sha256Hex } from "./sha256.js";
import type { Meta } from "./types.js";

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

/**
 * `meta` with `reqId` as its req_id, as a new object (the caller's or a frontend's meta is not
 * changed): a literal that starts with req_id, then the other own fields in order. Not a spread
 * copy (`{ ...meta, req_id }`): on Node 20 such copies mostly got a shape of their own (the
 * study's 27 code payloads reached validation in 21 shapes of meta, its json payloads in 7), too
 * many for V8 to keep validation's property reads fast; this gives 4, as the spread does on Node
 * 22. On Node 20 it took a third off decoding the study's payloads with default options, and a
 * fifth off their round trip (docs/performance.md); Node 22 and 24 are as fast either way.
 */
export function withReqId(meta: Partial<Meta> | undefined, reqId: string): Meta {
  const out: Meta = { req_id: reqId };
  for (const key in meta) if (key !== "req_id" && Object.hasOwn(meta, key)) setField(out, key, meta[key]);
  return out;
}
