/**
 * A one-line reading of an IR for transcripts: the actions with their arguments, the conditions,
 * the fallback, the order and the req_id, e.g.
 *   !CANCEL(flight, time=t+1pm) + !EMAIL(zhangsan) when loc(me)=Beijing@t+1am [req e5f6a7b8]
 */
import type { Constraint, Entity, SilpIR } from "silp";

function argument(entity: Entity): string {
  return entity.id === "act" ? entity.value : `${entity.id}=${entity.value}`;
}

function condition(constraint: Constraint): string {
  const time = constraint.time ? `@${constraint.time}` : "";
  if (constraint.type.startsWith("!") && constraint.value === "true") return `${constraint.type}${time}`;
  const subject =
    constraint.subject === undefined ? "" : `(${typeof constraint.subject === "string" ? constraint.subject : JSON.stringify(constraint.subject)})`;
  const operator = typeof constraint.operator === "string" ? constraint.operator : "=";
  return `${constraint.type}${subject}${operator}${constraint.value}${time}`;
}

export function summarizeIr(ir: SilpIR): string {
  const byAction = new Map<string, Entity[]>([[ir.intent, []]]);
  for (const entity of ir.entities) {
    const action = entity.action ?? ir.intent;
    byAction.set(action, [...(byAction.get(action) ?? []), entity]);
  }
  const calls = [...byAction].map(([action, entities]) => `${action}(${entities.map(argument).join(", ")})`).join(" + ");
  const when = ir.constraints.length > 0 ? ` when ${ir.constraints.map(condition).join(" and ")}` : "";
  const otherwise =
    ir.alternatives.length > 0
      ? ` else ${ir.alternatives.map((a) => `${a.action}(${[a.target, a.location ? `@${a.location}` : undefined].filter(Boolean).join("")})`).join(" + ")}`
      : "";
  const order = ir.meta.seq.length > 0 ? ` in order ${ir.meta.seq.join(" > ")}` : "";
  return `${calls}${when}${otherwise}${order} [req ${ir.meta.req_id}]`;
}
