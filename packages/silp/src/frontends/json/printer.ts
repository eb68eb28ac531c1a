/**
 * Printer of the json frontend (spec 4.2): a flat JSON object of semantic slots. Primary
 * arguments become top-level slots (`"act"` for positional ones), secondary actions are grouped
 * under `action_<verb>` keys, constraints and alternatives are lists.
 *
 * The flat form cannot carry every IR: a primary id may collide with a reserved key, repeat, be
 * an array index (JavaScript objects reorder those), or carry extra fields. For such IRs the
 * printer writes the lossless `"entities": [...]` list instead of flat slots (docs/json.md).
 */
import { extraEntries, setField } from "../../ir/fields.js";
import { ENTITY_FIELDS, type Entity, type SilpIR } from "../../ir/types.js";
import type { InlineMeta } from "../meta-carriage.js";
import { stringifyJson } from "../text-escape.js";

/** Top-level keys with a meaning of their own; entity ids equal to them cannot be flat slots. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(["intent", "constraints", "alternatives", "entities", "meta", "silp", "version"]);
export const SECONDARY_PREFIX = "action_";
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

export function printJson(ir: SilpIR, inlineMeta: InlineMeta | undefined): string {
  const slots: Record<string, unknown> = { intent: ir.intent };
  if (canFlatten(ir)) addFlatSlots(ir, slots);
  else if (ir.entities.length > 0) slots.entities = ir.entities.map((entity) => fullEntity(entity, ir.intent));
  if (ir.constraints.length > 0) slots.constraints = ir.constraints;
  if (ir.alternatives.length > 0) slots.alternatives = ir.alternatives;
  if (inlineMeta) {
    if (inlineMeta.silp !== undefined) slots.silp = inlineMeta.silp;
    if (inlineMeta.version !== undefined) slots.version = inlineMeta.version;
    // Only what differs from the defaults (meta-carriage.ts); decode fills in the rest.
    if (Object.keys(inlineMeta.meta).length > 0) slots.meta = inlineMeta.meta;
  }
  return stringifyJson(slots);
}

export function isFlatSlotKey(id: string): boolean {
  return !RESERVED_KEYS.has(id) && !id.startsWith(SECONDARY_PREFIX) && !ARRAY_INDEX.test(id) && id !== "__proto__";
}

/** True when flat slots decode back to exactly these entities, in this order. */
function canFlatten(ir: SilpIR): boolean {
  const seen = new Set<string>();
  let actRun: "before" | "inside" | "after" = "before";
  for (const entity of ir.entities) {
    if (entity.action !== ir.intent) continue;
    if (extraEntries(entity, ENTITY_FIELDS).length > 0) return false;
    if (entity.id === "act") {
      if (actRun === "after") return false; // positional values must be contiguous to share one slot
      actRun = "inside";
      continue;
    }
    if (actRun === "inside") actRun = "after";
    if (!isFlatSlotKey(entity.id) || seen.has(entity.id)) return false;
    seen.add(entity.id);
  }
  return true;
}

function addFlatSlots(ir: SilpIR, slots: Record<string, unknown>): void {
  const positional: string[] = [];
  for (const entity of ir.entities) {
    if (entity.action === ir.intent) {
      if (entity.id === "act") {
        if (positional.length === 0) slots.act = positional; // reserve the key's position
        positional.push(entity.value);
      } else {
        slots[entity.id] = entity.value;
      }
      continue;
    }
    const key = `${SECONDARY_PREFIX}${(entity.action as string).slice(1).toLowerCase()}`;
    // Only this loop writes `action_*` keys (isFlatSlotKey excludes them), so a value is an array or absent.
    let group = slots[key] as unknown[] | undefined;
    if (group === undefined) {
      group = [];
      slots[key] = group;
    }
    group.push(secondaryItem(entity));
  }
  // One positional value prints as a string, as the reference does; several as a list.
  if (positional.length === 1) slots.act = positional[0];
}

function secondaryItem(entity: Entity): unknown {
  const extras = extraEntries(entity, ENTITY_FIELDS);
  if (entity.id === "act" && extras.length === 0) return entity.value;
  const item: Record<string, unknown> = { id: entity.id, value: entity.value };
  for (const [key, value] of extras) setField(item, key, value);
  return item;
}

function fullEntity(entity: Entity, intent: string): Record<string, unknown> {
  const item: Record<string, unknown> = { id: entity.id, value: entity.value };
  if (entity.action !== intent) item.action = entity.action;
  for (const [key, value] of extraEntries(entity, ENTITY_FIELDS)) setField(item, key, value);
  return item;
}
