/**
 * The SILP wrapper fields inside a host protocol's parameter object (draft -02 section 7.2):
 *
 *   { "silp_encoding": "code", "silp_payload": "if !rain(t+1): start(hike)", ...other params }
 *
 * Draft -02 names only `silp_encoding` and `silp_payload`. We add the optional `silp_meta` (the
 * IR's meta, which the compact payload does not carry), `silp` (protocol version, "v1" when
 * absent) and `silp_ir_version`, the same names as the envelope (src/protocol/envelope.ts), so
 * a wrapped object round-trips the whole IR. Every other key is the host's and passes through
 * untouched. Used by silp/mcp (tool-call arguments) and silp/aidip (`inputs` / `outputs`).
 */
import type { DecodeResult } from "../codec.js";

import { isPlainObject } from "../ir/normalize.js";
import { DEFAULT_SILP_VERSION, type SilpIRInput } from "../ir/types.js";
import type { SilpOptions } from "../options.js";
import { fromEnvelope, isEnvelope, toEnvelope, type SilpEnvelope } from "./envelope.js";
import { SilpError } from "../errors.js";

/** The keys SILP owns inside a host object; every other key belongs to the host. */
export const WRAPPER_FIELDS: readonly string[] = Object.freeze(["silp", "silp_encoding", "silp_payload", "silp_meta", "silp_ir_version"]);
const wrapperFields = new Set(WRAPPER_FIELDS);

/** The host's parameters plus the SILP fields. */
export type SilpWrapped<P extends Record<string, unknown> = Record<string, unknown>> = P & SilpEnvelope;

export interface Unwrapped extends DecodeResult {
  /** The SILP fields as received (with `silp` defaulted to "v1"). */
  envelope: SilpEnvelope;
  /** Every other key of the host object, untouched. */
  params: Record<string, unknown>;
}

/**
 * Puts a SILP payload next to the host's own parameters. `payload` is an IR (compiled here with
 * `frontend`) or a ready envelope. A host parameter named like a SILP field would be silently
 * overwritten, so it is refused with a TypeError (it is the caller's bug, not peer input).
 */
export function wrapSilp<P extends Record<string, unknown>>(
  payload: SilpIRInput | SilpEnvelope,
  params: P = {} as P,
  options: SilpOptions & { frontend?: string } = {},
): SilpWrapped<P> {
  const clash = Object.keys(params).filter((key) => wrapperFields.has(key));
  if (clash.length > 0) {
    throw new TypeError(`host parameters may not use the SILP field names ${clash.join(", ")}`);
  }
  const { frontend = "code", ...codec } = options;
  const envelope = isEnvelope(payload) ? payload : toEnvelope(payload, frontend, codec);
  // The SILP fields first, as in the draft's example; fromEntries keeps a "__proto__" key an own property.
  return Object.fromEntries([...Object.entries(envelopeFields(envelope)), ...Object.entries(params)]) as SilpWrapped<P>;
}

/** Splits a host object into its SILP fields and the host's parameters, checking the field types. */
export function splitSilp(input: unknown, where = "the parameters"): { envelope: SilpEnvelope; params: Record<string, unknown> } {
  if (!isPlainObject(input)) {
    throw new SilpError("decode_failed", `${where} must be an object carrying silp_encoding and silp_payload`, { path: "" });
  }
  const silp: [string, unknown][] = [];
  const host: [string, unknown][] = [];
  for (const entry of Object.entries(input)) (wrapperFields.has(entry[0]) ? silp : host).push(entry);
  const fields: Record<string, unknown> = Object.fromEntries(silp);
  for (const name of ["silp_encoding", "silp_payload"]) {
    if (typeof fields[name] !== "string") {
      const got = fields[name] === undefined ? "missing" : `a ${typeOf(fields[name])}`;
      throw new SilpError("decode_failed", `${where}: ${name} must be a string, got ${got}`, { path: `/${name}` });
    }
  }
  if (fields.silp === undefined) fields.silp = DEFAULT_SILP_VERSION;
  else if (typeof fields.silp !== "string") throw new SilpError("decode_failed", `${where}: silp must be a string`, { path: "/silp" });
  if (fields.silp_meta !== undefined && !isPlainObject(fields.silp_meta)) {
    throw new SilpError("decode_failed", `${where}: silp_meta must be an object`, { path: "/silp_meta" });
  }
  if (fields.silp_ir_version !== undefined && typeof fields.silp_ir_version !== "string") {
    throw new SilpError("decode_failed", `${where}: silp_ir_version must be a string`, { path: "/silp_ir_version" });
  }
  return { envelope: fields as unknown as SilpEnvelope, params: Object.fromEntries(host) };
}

/** Splits and decodes (sanitize, parse, validate): a typed SilpError for anything wrong. */
export function unwrapSilp(input: unknown, options?: SilpOptions, where?: string): Unwrapped {
  const { envelope, params } = splitSilp(input, where);
  return { ...fromEnvelope(envelope, options), envelope, params };
}

/** True when `input` carries the two fields draft -02 requires. */
export function hasSilpFields(input: unknown): boolean {
  return isPlainObject(input) && typeof input.silp_encoding === "string" && typeof input.silp_payload === "string";
}

function envelopeFields(envelope: SilpEnvelope): Record<string, unknown> {
  const order = ["silp_encoding", "silp_payload", "silp", "silp_meta", "silp_ir_version"] as const;
  return Object.fromEntries(order.filter((key) => envelope[key] !== undefined).map((key) => [key, envelope[key]]));
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}
