import type { PartialIR } from "silp";

/** A copy of a streaming decoder's live partial IR (its arrays grow; their items never change). */
export function snapshot(partial: PartialIR): PartialIR {
  return {
    ...(partial.intent !== undefined ? { intent: partial.intent } : {}),
    entities: [...partial.entities],
    constraints: [...partial.constraints],
    alternatives: [...partial.alternatives],
  };
}
