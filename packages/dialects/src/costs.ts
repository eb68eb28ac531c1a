/**
 * What each frontend costs a reader, per tokenizer family, measured on a reference payload set:
 * the table a sender picks by when a reader asks for the cheapest (`chooseFrontend` of
 * silp/negotiation). A dialect is keyed by its content reference, so the numbers of one spec
 * never price another spec of the same name; a built-in frontend by its name.
 */
import type { CostOf } from "silp/negotiation";
import type { CostTable } from "./cost-table.js";
import { STUDY_COST_TABLE } from "./costs.generated.js";

export type { CostTable };

/** The CostOf for a table: a frontend's or dialect's mean on the reader's tokenizer, if the table has it. */
export function costOfTable(table: CostTable): CostOf {
  return (frontend, ref, tokenizer) => {
    if (!Object.hasOwn(table.tokens, tokenizer)) return undefined;
    const row = table.tokens[tokenizer] as Readonly<Record<string, number>>;
    const key = ref ?? frontend;
    return Object.hasOwn(row, key) ? row[key] : undefined;
  };
}

/**
 * code, json, natural and x-evolved on the study's 27 held-out cases, on the census's six
 * tokenizers (scripts/dialect-costs.ts writes it; a lab test re-counts it with the real
 * tokenizers and fails while the two differ).
 */
export const STUDY_COSTS: CostTable = STUDY_COST_TABLE;
