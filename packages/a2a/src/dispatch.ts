/**
 * From a decoded IR to handler calls, one per action, and back to a SILP result.
 *
 * Validation before dispatch (spec 3.8, draft -02 10.2): the IR was validated on decode with the
 * whitelist in the agent's mode (strict by default: a verb outside the whitelist is `invalid_ir`
 * and never reaches this module). Here the handler table is a second, local allowlist: every
 * action the IR asks for (the intent and each secondary action) must have a handler, or the whole
 * message is refused with `unsupported_action` before any handler runs, so no task is half done.
 *
 * Order: actions named in `meta.seq` run in that order (draft -02 3.6: strict serial order; the
 * four keywords have no behaviour and are skipped), then the others in IR order, primary first.
 * Constraints and alternatives are the primary handler's to evaluate: only the application knows
 * whether it rains at t+1.
 */
import { SilpError } from "silp";
import { newReqId } from "silp";
import type { Entity, SilpIR, SilpIRInput } from "silp";
import { IR_SHAPE, actionToFunctionName, functionNameToAction } from "silp/util";

export interface ActionCall {
  /** Action code, e.g. "!CANCEL". */
  action: string;
  /** Code-frontend name, e.g. "cancel". */
  functionName: string;
  role: "primary" | "secondary";
  /** This action's arguments. */
  entities: Entity[];
  /** The whole IR: constraints, alternatives and meta are the primary handler's to read. */
  ir: SilpIR;
}

/** What a handler reports: a one-line summary, optionally with string data for the reply. */
export type ActionOutcome = string | { summary: string; data?: Record<string, string> };

export type ActionHandler<C = unknown> = (call: ActionCall, context: C) => ActionOutcome | Promise<ActionOutcome>;

export interface DispatchRecord {
  action: string;
  functionName: string;
  role: ActionCall["role"];
  summary: string;
  data?: Record<string, string>;
}

/** Accepts "!BOOK" or "book" as keys; anything else is a configuration error. */
export function handlerTable<C>(handlers: Record<string, ActionHandler<C>>): Map<string, ActionHandler<C>> {
  const table = new Map<string, ActionHandler<C>>();
  for (const [key, handler] of Object.entries(handlers)) {
    const action = key.startsWith("!") ? key : functionNameToAction(key);
    if (!IR_SHAPE.actionCode.test(action)) throw new TypeError(`handler key ${JSON.stringify(key)} is not an action code or function name`);
    if (typeof handler !== "function") throw new TypeError(`the handler for ${action} is not a function`);
    table.set(action, handler);
  }
  return table;
}

/** The calls for `ir`, in execution order; `unsupported_action` if any action has no handler. */
export function planActions(ir: SilpIR, handlers: ReadonlyMap<string, unknown>): ActionCall[] {
  const byAction = new Map<string, Entity[]>([[ir.intent, []]]);
  for (const entity of ir.entities) {
    const action = entity.action ?? ir.intent;
    const list = byAction.get(action) ?? [];
    list.push(entity);
    byAction.set(action, list);
  }
  const missing = [...byAction.keys()].filter((action) => !handlers.has(action));
  if (missing.length > 0) {
    throw new SilpError("unsupported_action", `this agent has no handler for ${missing.join(", ")}; nothing was dispatched`, {
      details: { missing, handled: [...handlers.keys()] },
    });
  }
  const ordered = [...new Set([...ir.meta.seq.filter((entry) => byAction.has(entry)), ...byAction.keys()])];
  return ordered.map((action) => ({
    action,
    functionName: actionToFunctionName(action),
    role: action === ir.intent ? "primary" : "secondary",
    entities: byAction.get(action) ?? [],
    ir,
  }));
}

/** Runs the calls one after another (seq is strict serial order); a throwing handler stops the rest. */
export async function runActions<C>(calls: ActionCall[], handlers: ReadonlyMap<string, ActionHandler<C>>, context: C): Promise<DispatchRecord[]> {
  const records: DispatchRecord[] = [];
  for (const call of calls) {
    const outcome = await (handlers.get(call.action) as ActionHandler<C>)(call, context);
    const { summary, data } = typeof outcome === "string" ? { summary: outcome, data: undefined } : outcome;
    records.push({ action: call.action, functionName: call.functionName, role: call.role, summary, ...(data ? { data } : {}) });
  }
  return records;
}

/**
 * The SILP result of a dispatch: `!NOTIFY` with `status=done`, `re=<request req_id>` and one
 * argument per action (`cancel="flight cancelled"`), each action's data as extra fields.
 * `meta.reply_to` names the request; `meta.session_id` the SILP session when there is one.
 */
export function resultIr(request: SilpIR, records: DispatchRecord[], sessionId?: string): SilpIRInput {
  const used = new Set(["status", "re"]);
  const entities: Entity[] = [
    { id: "status", value: "done" },
    { id: "re", value: request.meta.req_id },
  ];
  for (const record of records) {
    let id = record.functionName;
    for (let n = 2; used.has(id); n++) id = `${record.functionName}_${n}`;
    used.add(id);
    // Data becomes extra fields; it may not overwrite the entity's own id, value or action.
    const extra = Object.entries(record.data ?? {}).filter(([key]) => !IR_SHAPE.entityFields.includes(key as never));
    entities.push({ ...Object.fromEntries(extra), id, value: record.summary });
  }
  return {
    intent: "!NOTIFY",
    entities,
    meta: { req_id: newReqId(), ...(sessionId === undefined ? {} : { session_id: sessionId }), reply_to: request.meta.req_id },
  };
}
