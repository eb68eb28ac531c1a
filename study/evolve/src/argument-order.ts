/**
 * The agreed argument order of the `keywords: ordered` gene (docs/dialects.md, rule 6), derived
 * from the SEARCH IRs only, by one rule (docs/evolve.md, "The argument order"):
 *
 *   for each verb, every action call of that verb in the search IRs is a sequence of argument
 *   names (`act` for a positional argument). The candidates are the beginnings of those
 *   sequences (at most 32 names). A candidate order scores, over all the verb's calls, the names
 *   it lets the printer leave out (`act` is positional anyway: it counts 0) minus the positional
 *   arguments it forces to be written `act=v` (a call whose run breaks on an `act` while the
 *   order has names left). The verb gets the best-scoring candidate, if its score is positive;
 *   ties go to the shorter order, then to the smaller one in JSON text order.
 *
 * The count is re-done here from the rule's statement (not by printing), so that a dialect's
 * printer and this estimate are two independent readings of the same rule.
 */
import type { ArgumentOrder } from "@silp/dialects";
import type { SilpIR } from "silp";

const POSITIONAL = "act";
/** The longest order a dialect file may carry (@silp/dialects' limit). */
const MAX_NAMES = 32;
/** Names a dialect file's order may hold (identifiers); calls with other names stop their candidates there. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface ActionCall {
  readonly verb: string;
  readonly names: readonly string[];
}

/**
 * The action calls of an IR as the code frontend prints them: the primary call, then one call per
 * run of consecutive entities of the same action (normal form groups them per action).
 */
export function actionCalls(ir: SilpIR): ActionCall[] {
  const calls: { verb: string; names: string[] }[] = [{ verb: ir.intent, names: [] }];
  for (const entity of ir.entities) {
    const verb = entity.action ?? ir.intent;
    let last = calls[calls.length - 1] as { verb: string; names: string[] };
    if (last.verb !== verb) {
      last = { verb, names: [] };
      calls.push(last);
    }
    last.names.push(entity.id);
  }
  return calls;
}

/** Names an order lets the printer leave out of one call, minus the `act` names it forces. */
export function orderGain(order: readonly string[], names: readonly string[]): number {
  let matched = 0;
  while (matched < order.length && matched < names.length && order[matched] === names[matched]) matched++;
  const dropped = order.slice(0, matched).filter((name) => name !== POSITIONAL).length;
  const forced = matched < order.length && names[matched] === POSITIONAL ? 1 : 0;
  return dropped - forced;
}

/** The argument order of every verb of `irs` whose best candidate leaves names out (see the file comment). */
export function deriveArgumentOrder(irs: readonly SilpIR[]): ArgumentOrder {
  const byVerb = new Map<string, (readonly string[])[]>();
  for (const ir of irs) {
    for (const call of actionCalls(ir)) {
      const list = byVerb.get(call.verb) ?? [];
      list.push(call.names);
      byVerb.set(call.verb, list);
    }
  }
  const table: Record<string, readonly string[]> = {};
  for (const verb of [...byVerb.keys()].sort()) {
    const calls = byVerb.get(verb) as (readonly string[])[];
    const candidates = new Map<string, readonly string[]>();
    for (const names of calls) {
      for (let length = 1; length <= Math.min(names.length, MAX_NAMES); length++) {
        const prefix = names.slice(0, length);
        // A candidate must be a valid order: identifiers, each once.
        if (!NAME.test(prefix[length - 1] as string) || new Set(prefix).size !== length) break;
        candidates.set(JSON.stringify(prefix), prefix);
      }
    }
    let best: { order: readonly string[]; key: string; score: number } | undefined;
    for (const [key, order] of candidates) {
      const score = calls.reduce((sum, names) => sum + orderGain(order, names), 0);
      const better =
        best === undefined ||
        score > best.score ||
        (score === best.score && (order.length < best.order.length || (order.length === best.order.length && key < best.key)));
      if (better) best = { order, key, score };
    }
    if (best !== undefined && best.score > 0) table[verb] = best.order;
  }
  return table;
}
