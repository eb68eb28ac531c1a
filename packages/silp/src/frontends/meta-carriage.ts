/**
 * What of an IR's meta a payload or a carrier must carry (docs/ir.md, "Meta in the payload").
 *
 * Spec -00 4.6 lets decode regenerate only `meta.req_id` (from the text's hash) and says "All
 * other fields MUST be preserved"; draft -02 3.6 makes `seq` order part of the task. Decode fills
 * every default (priority 0, confidence 1, seq [], out "natural"), so a field equal to its
 * default never needs to travel: only what differs does. That is the rule for every carrier:
 * the code trailer, the json `"meta"` member, and the envelope's `silp_meta`.
 */
import { setField } from "../ir/fields.js";
import { DEFAULT_IR_VERSION, DEFAULT_OUT, DEFAULT_SILP_VERSION, type JsonValue, type NormalMeta, type SilpIR } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";

/** The value decode gives a field a payload leaves out; req_id is derived, so it has none here. */
const DEFAULTS: Readonly<Record<string, (value: unknown) => boolean>> = {
  priority: (value) => value === 0,
  confidence: (value) => value === 1,
  seq: (value) => Array.isArray(value) && value.length === 0,
  out: (value) => value === DEFAULT_OUT,
};

function isDefault(key: string, value: unknown): boolean {
  const check = Object.hasOwn(DEFAULTS, key) ? DEFAULTS[key] : undefined;
  return check?.(value) === true;
}

/**
 * The meta fields that differ from what decode fills in, in normal-form order, req_id left out:
 * session_id, next_agent and extra fields whenever present; priority, confidence, seq and out
 * only when they differ from their defaults.
 */
export function metaDelta(meta: NormalMeta): Record<string, JsonValue> {
  const delta: Record<string, JsonValue> = {};
  for (const key of Object.keys(meta)) {
    const value = meta[key];
    if (key === "req_id" || value === undefined || isDefault(key, value)) continue;
    setField(delta, key, value);
  }
  return delta;
}

/** The meta a carrier outside the payload holds (envelope `silp_meta`): the req_id, then the delta. */
export function carrierMeta(meta: NormalMeta): Record<string, JsonValue> & { req_id: string } {
  const carried: Record<string, JsonValue> & { req_id: string } = { req_id: meta.req_id };
  const delta = metaDelta(meta);
  for (const key of Object.keys(delta)) setField(carried, key, delta[key]);
  return carried;
}

/** What a payload's inline meta carries: silp and version only when not the defaults, then meta fields. */
export interface InlineMeta {
  silp?: string;
  version?: string;
  /** req_id first when it travels (`inlineMeta: true`), then the delta. */
  meta: Record<string, JsonValue>;
}

/** True when decoding the payload without inline meta would not give back this IR (req_id aside). */
export function needsInlineMeta(ir: SilpIR): boolean {
  if (ir.silp !== DEFAULT_SILP_VERSION || ir.version !== DEFAULT_IR_VERSION) return true;
  for (const key of Object.keys(ir.meta)) {
    if (key !== "req_id" && ir.meta[key] !== undefined && !isDefault(key, ir.meta[key])) return true;
  }
  return false;
}

/**
 * The printers' inline meta, or undefined for none: `inlineMeta` false never; "auto" (default)
 * the delta whenever there is one, without the req_id (4.6 lets decode derive it); true always,
 * req_id included.
 */
export function inlineMetaFor(ir: SilpIR, options: ResolvedOptions): InlineMeta | undefined {
  if (options.inlineMeta === false) return undefined;
  const withReqId = options.inlineMeta === true;
  if (!withReqId && !needsInlineMeta(ir)) return undefined;
  const inline: InlineMeta = { meta: withReqId ? carrierMeta(ir.meta) : metaDelta(ir.meta) };
  if (ir.silp !== DEFAULT_SILP_VERSION) inline.silp = ir.silp;
  if (ir.version !== DEFAULT_IR_VERSION) inline.version = ir.version;
  return inline;
}
