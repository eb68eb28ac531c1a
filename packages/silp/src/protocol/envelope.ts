/**
 * The SILP envelope: a compact payload plus the meta it does not carry, with the field names of
 * draft -02 section 7.2 (`silp_encoding`, `silp_payload`) and `silp_meta` for meta. It round-trips
 * the whole IR, meta included; the spec's compact surface alone carries no meta.
 *
 * `silp_meta` holds the req_id and only the fields that differ from their defaults
 * (frontends/meta-carriage.ts), and `silp` is left out for the default "v1". Reading fills the
 * defaults back in, so the round trip is the whole normal form. The envelope's own payload is the
 * compact one, so a JSON carrier (a data part, tool arguments) holds the meta once; a carrier
 * that shows a model the payload alone sends `envelopeText` (model-text.ts), which carries the
 * meta inline as well. A payload that carries meta of its own must agree with `silp_meta`; two
 * different metas are refused rather than one silently chosen.
 */
import { compile, decode, type DecodeResult } from "../codec.js";
import { completeMetaResolved } from "../complete-meta.js";

import { assertDepth } from "../ir/depth.js";
import { jsonEqual } from "../ir/json-equal.js";
import { withReqId } from "../ir/req-id.js";
import { isPlainObject } from "../ir/normalize.js";
import { carrierMeta, metaDelta, needsInlineMeta } from "../frontends/meta-carriage.js";
import { DEFAULT_IR_VERSION, DEFAULT_SILP_VERSION, type Meta, type MetaOptionalIR, type SilpIR, type SilpIRInput } from "../ir/types.js";
import { assertSupportedVersion, assertValid } from "../ir/validate.js";
import { resolveOptions, type SilpOptions } from "../options.js";
import { SilpError } from "../errors.js";

export interface SilpEnvelope {
  /** Protocol version, "v1" (absent in a bare -02 wrapper: read as "v1"). */
  silp?: string;
  /** Frontend of the payload (draft -02 7.2). */
  silp_encoding: string;
  /** The compiled payload (draft -02 7.2). */
  silp_payload: string;
  /** The IR's meta object, which the compact payload does not carry. */
  silp_meta: Meta;
  /** The IR schema version, present only when it differs from "ir-v0.1". */
  silp_ir_version?: string;
}

export function toEnvelope(ir: SilpIRInput | MetaOptionalIR, frontend = "code", options?: SilpOptions): SilpEnvelope {
  const resolved = resolveOptions({ ...options, inlineMeta: false });
  // A missing req_id is generated from the compact payload (lenient mode); silp_meta shows it.
  const normal = assertValid(completeMetaResolved(ir, frontend, resolved).ir, resolved).ir;
  return envelopeOf(normal, frontend, compile(normal, frontend, resolved));
}

/**
 * The envelope of an IR in normal form whose payload is already compiled (a carrier that chose
 * the frontend itself, e.g. along the degradation chain): `silp_meta` holds the req_id and the
 * fields that differ from their defaults, `silp` and `silp_ir_version` appear only when they are
 * not "v1" and "ir-v0.1". The payload should be the compact one: the meta travels here.
 */
export function envelopeOf(normal: SilpIR, frontend: string, payload: string): SilpEnvelope {
  const envelope: SilpEnvelope = { silp_encoding: frontend, silp_payload: payload, silp_meta: carrierMeta(normal.meta) };
  if (normal.silp !== DEFAULT_SILP_VERSION) envelope.silp = normal.silp;
  if (normal.version !== DEFAULT_IR_VERSION) envelope.silp_ir_version = normal.version;
  return envelope;
}

/** True for objects that look like an envelope (used to tell envelopes from bare IRs). */
export function isEnvelope(value: unknown): value is SilpEnvelope {
  return isPlainObject(value) && typeof value.silp_encoding === "string" && typeof value.silp_payload === "string";
}

export function fromEnvelope(envelope: unknown, options?: SilpOptions): DecodeResult {
  const resolved = resolveOptions(options);
  if (!isEnvelope(envelope)) {
    throw new SilpError("decode_failed", "not a SILP envelope: silp_encoding and silp_payload must be strings");
  }
  // silp_meta is peer data like the payload: the same nesting limit, with the path where the
  // peer wrote it (the wrapper's fields arrive here too).
  assertDepth(envelope, resolved.limits.maxDepth);
  // Draft -02's MCP wrapper has only silp_encoding and silp_payload: a missing version means v1.
  const version = envelope.silp === undefined ? DEFAULT_SILP_VERSION : envelope.silp;
  assertSupportedVersion(typeof version === "string" ? version : String(version));
  const result = decode(envelope.silp_payload, envelope.silp_encoding, resolved);
  const meta = envelope.silp_meta;
  if (meta === undefined) return result;
  if (!isPlainObject(meta)) throw new SilpError("decode_failed", "silp_meta must be an object", { path: "/silp_meta" });
  const withMeta: SilpIRInput = {
    ...result.ir,
    silp: version,
    meta: withReqId(meta as Partial<Meta>, typeof meta.req_id === "string" ? meta.req_id : result.ir.meta.req_id),
  };
  if (envelope.silp_ir_version !== undefined) withMeta.version = envelope.silp_ir_version;
  const { ir, warnings } = assertValid(withMeta, resolved);
  assertSameInlineMeta(result, ir);
  return { ...result, ir, warnings, reqIdDerived: typeof meta.req_id !== "string" && result.reqIdDerived };
}

/** A payload's own inline meta, where it has any, must be the envelope's: else `decode_failed`. */
function assertSameInlineMeta(decoded: DecodeResult, enveloped: SilpIR): void {
  const inPayload = decoded.ir;
  const carried = needsInlineMeta(inPayload) || !decoded.reqIdDerived;
  if (!carried) return;
  const differs =
    inPayload.silp !== enveloped.silp ||
    inPayload.version !== enveloped.version ||
    (!decoded.reqIdDerived && inPayload.meta.req_id !== enveloped.meta.req_id) ||
    !jsonEqual(metaDelta(inPayload.meta), metaDelta(enveloped.meta));
  if (differs) {
    throw new SilpError("decode_failed", "the payload carries meta of its own that differs from silp_meta; which one holds is not for the receiver to guess", {
      path: "/silp_meta",
    });
  }
}
