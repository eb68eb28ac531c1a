/** Test helper: maps an IR's action codes onto a verb set, so any generated IR can use the grammar's verbs. */
import type { SilpIRInput } from "silp";

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
  };
}
