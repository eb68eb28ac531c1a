/**
 * When a lossless payload must carry the IR's meta. Spec -00 4.6 lets decode regenerate only
 * `meta.req_id` (from the text's hash) and says "All other fields MUST be preserved"; draft -02
 * 3.6 makes `seq` order part of the task. A payload without meta decodes to the defaults, so the
 * meta must travel inline (`#meta` / `"meta"`) exactly when the IR holds anything else
 * (docs/ir.md, "Meta in the payload").
 */
import { DEFAULT_IR_VERSION, DEFAULT_OUT, DEFAULT_SILP_VERSION, type SilpIR } from "../ir/types.js";
import type { ResolvedOptions } from "../options.js";

/** What a payload without meta decodes to, field by field; req_id is derived, so it is absent. */
const DERIVED_META: Readonly<Record<string, (value: unknown) => boolean>> = {
  req_id: () => true,
  priority: (value) => value === 0,
  confidence: (value) => value === 1,
  seq: (value) => Array.isArray(value) && value.length === 0,
  out: (value) => value === DEFAULT_OUT,
};

/** True when decoding the payload without meta would not give back this IR (req_id aside). */
export function needsInlineMeta(ir: SilpIR): boolean {
  if (ir.silp !== DEFAULT_SILP_VERSION || ir.version !== DEFAULT_IR_VERSION) return true;
  // Any other key (session_id, next_agent, an extra field) is one the payload cannot give back.
  return Object.keys(ir.meta).some((key) => {
    const derived = Object.hasOwn(DERIVED_META, key) ? DERIVED_META[key] : undefined;
    return derived === undefined || !derived(ir.meta[key]);
  });
}

/** The printers' yes/no: `inlineMeta` true or false as asked, "auto" (default) as needed. */
export function inlineMetaFor(ir: SilpIR, options: ResolvedOptions): boolean {
  return options.inlineMeta === "auto" ? needsInlineMeta(ir) : options.inlineMeta;
}
