/** Test helper: maps an IR's action codes onto a verb set, so any generated IR can use the grammar's verbs. */
import type { SilpIRInput } from "silp";

const ACTION_CODE = /^![A-Z][A-Z_]*$/;

function pick(code: string, verbs: readonly string[]): string {
  let hash = 0;
  for (let i = 0; i < code.length; i++) hash = (hash * 31 + code.charCodeAt(i)) >>> 0;
  return verbs[hash % verbs.length] as string;
}

export function withVerbs(ir: SilpIRInput, verbs: readonly string[]): SilpIRInput {
  return {
    ...ir,
    intent: pick(ir.intent, verbs),
    entities: (ir.entities ?? []).map((entity) => (entity.action === undefined ? entity : { ...entity, action: pick(entity.action, verbs) })),
    alternatives: (ir.alternatives ?? []).map((alternative) => ({ ...alternative, action: pick(alternative.action, verbs) })),
    // A seq entry shaped like an action code names a verb (the whitelist checks it, draft -02 3.6).
    meta: ir.meta.seq === undefined ? ir.meta : { ...ir.meta, seq: ir.meta.seq.map((entry) => (ACTION_CODE.test(entry) ? pick(entry, verbs) : entry)) },
  };
}
