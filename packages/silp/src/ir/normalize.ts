/**
 * The IR normal form (docs/ir.md). Two IRs are semantically equal when their normal forms are
 * deeply equal; the lossless frontends guarantee decode(compile(ir)) == normalize(ir) up to a
 * regenerated meta.req_id.
 *
 * - every default of spec 3.1-3.5 is filled (silp, version, arrays, priority, confidence, seq, out);
 * - `null` in an optional known field means "absent" (the reference implementation's pydantic
 *   output writes nulls; the schema does not allow them) and is dropped;
 * - every entity carries `action` explicitly: the intent for primary arguments;
 * - entities are grouped per action: the primary action's arguments first, then each secondary
 *   action's arguments, actions in order of first appearance, order kept inside each group;
 * - known fields come first in schema order, extra fields after them in their original order.
 */
import { setField } from "./fields.js";
import {
  DEFAULT_IR_VERSION,
  DEFAULT_OUT,
  DEFAULT_SILP_VERSION,
  META_FIELDS,
  type Alternative,
  type Constraint,
  type Entity,
  type NormalMeta,
  type SilpIR,
  type SilpIRInput,
} from "./types.js";
import type { ValidationIssue } from "../errors.js";

/** Optional known fields whose `null` the reference implementation emits for "absent", per list. */
const NULLABLE_FIELDS = {
  entities: ["action"],
  constraints: ["time"],
  alternatives: ["target", "location"],
} as const satisfies Record<string, readonly string[]>;
/** The same table as rows, made once, so the pass over an IR allocates no entries array. */
const NULLABLE_LISTS = Object.entries(NULLABLE_FIELDS) as [keyof typeof NULLABLE_FIELDS, readonly string[]][];
const NULLABLE_META = ["session_id", "next_agent"];

/**
 * Returns a copy of `input` without `null` in optional known fields, and one warning per null
 * dropped (rule `null-optional-field`). Anything that is not shaped like an IR is returned as is
 * for the schema to report. One pass: the root is copied at the first null found (most IRs have
 * none and are not copied at all), and only a list holding a null is copied; the rest stay the
 * caller's, as in a null-free IR.
 */
export function dropNullOptionals(input: unknown): { value: unknown; issues: ValidationIssue[] } {
  if (!isPlainObject(input)) return { value: input, issues: [] };
  let copy: Record<string, unknown> | undefined;
  const issues: ValidationIssue[] = [];
  for (const [list, fields] of NULLABLE_LISTS) {
    const items = input[list];
    if (!anyNull(items, fields)) continue;
    copy ??= { ...input };
    copy[list] = (items as unknown[]).map((item: unknown, index) => (isPlainObject(item) ? withoutNulls(item, fields, `/${list}/${index}`, issues) : item));
  }
  const meta = input.meta;
  if (hasNullOptionalMeta(meta)) {
    copy ??= { ...input };
    copy.meta = withoutNulls(meta as Record<string, unknown>, NULLABLE_META, "/meta", issues);
  }
  return { value: copy ?? input, issues };
}

/**
 * `source` without the listed fields that are null (built field by field rather than with
 * `delete`, which would turn the object into a slow dictionary for everything after).
 */
function withoutNulls(source: Record<string, unknown>, fields: readonly string[], path: string, issues: ValidationIssue[]): Record<string, unknown> {
  if (!hasNullIn(source, fields)) return source;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value === null && fields.includes(key)) issues.push(nullIssue(`${path}/${key}`));
    else setField(out, key, value);
  }
  return out;
}

function hasNullIn(source: Record<string, unknown>, fields: readonly string[]): boolean {
  for (const field of fields) if (source[field] === null) return true;
  return false;
}

/** Whether meta's optional strings hold a null (read as absent, with a warning). */
export function hasNullOptionalMeta(meta: unknown): boolean {
  return isPlainObject(meta) && hasNullIn(meta, NULLABLE_META);
}

function anyNull(items: unknown, fields: readonly string[]): boolean {
  if (!Array.isArray(items)) return false;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (isPlainObject(item) && hasNullIn(item, fields)) return true;
  }
  return false;
}

function nullIssue(path: string): ValidationIssue {
  return {
    rule: "null-optional-field",
    severity: "warning",
    message: "null in an optional field is read as absent (the schema allows only strings)",
    path,
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Brings a schema-valid IR to normal form. New objects are built for the IR and its sub-objects;
 * JSON values inside extra fields are shared, not copied (treat IRs as immutable).
 */
export function normalize(input: SilpIRInput): SilpIR {
  const intent = input.intent;
  return {
    silp: input.silp ?? DEFAULT_SILP_VERSION,
    version: input.version ?? DEFAULT_IR_VERSION,
    intent,
    entities: normalizeEntities(input.entities ?? [], intent),
    constraints: (input.constraints ?? []).map(normalizeConstraint),
    alternatives: (input.alternatives ?? []).map(normalizeAlternative),
    meta: normalizeMeta(input.meta),
  };
}

/** Entities in normal form: each with its action, grouped per action (primary first), fields in order. */
export function normalizeEntities(entities: readonly Entity[], intent: string): Entity[] {
  const primary: Entity[] = [];
  const secondary = new Map<string, Entity[]>();
  for (const entity of entities) {
    const action = entity.action ?? intent;
    const normal = normalizeEntity(entity, action);
    if (action === intent) {
      primary.push(normal);
    } else {
      const group = secondary.get(action);
      if (group) group.push(normal);
      else secondary.set(action, [normal]);
    }
  }
  if (secondary.size === 0) return primary;
  // A loop, not push(...group): a group of 100K+ entities would overflow the stack (RangeError).
  for (const group of secondary.values()) for (const entity of group) primary.push(entity);
  return primary;
}

/**
 * One entity, constraint or alternative of an IR in its normal form, as the whole IR's normal
 * form has it (a streaming decode's parts): a null optional field absent, fields in order, an
 * entity's missing action the intent's.
 */
export function normalPart(kind: "entities", item: Entity, intent: string): Entity;
export function normalPart(kind: "constraints", item: Constraint): Constraint;
export function normalPart(kind: "alternatives", item: Alternative): Alternative;
export function normalPart(kind: keyof typeof NULLABLE_FIELDS, item: Entity | Constraint | Alternative, intent?: string): Entity | Constraint | Alternative {
  const present = withoutNulls(item as Record<string, unknown>, NULLABLE_FIELDS[kind] as readonly string[], "", []);
  if (kind === "constraints") return normalizeConstraint(present as Constraint);
  if (kind === "alternatives") return normalizeAlternative(present as Alternative);
  const entity = present as Entity;
  return normalizeEntity(entity, entity.action ?? (intent as string));
}

function normalizeEntity(entity: Entity, action: string): Entity {
  const out: Entity = { id: entity.id, value: entity.value, action };
  for (const key in entity) {
    if (key !== "id" && key !== "value" && key !== "action" && Object.hasOwn(entity, key)) {
      setField(out, key, entity[key]);
    }
  }
  return out;
}

export function normalizeConstraint(constraint: Constraint): Constraint {
  const out: Constraint = { type: constraint.type, value: constraint.value };
  if (constraint.time !== undefined) out.time = constraint.time;
  for (const key in constraint) {
    if (key !== "type" && key !== "value" && key !== "time" && Object.hasOwn(constraint, key)) {
      setField(out, key, constraint[key]);
    }
  }
  return out;
}

export function normalizeAlternative(alternative: Alternative): Alternative {
  const out: Alternative = { action: alternative.action };
  if (alternative.target !== undefined) out.target = alternative.target;
  if (alternative.location !== undefined) out.location = alternative.location;
  for (const key in alternative) {
    if (key !== "action" && key !== "target" && key !== "location" && Object.hasOwn(alternative, key)) {
      setField(out, key, alternative[key]);
    }
  }
  return out;
}

/** Meta in schema order (so printed meta reads the same for equal IRs), extras after. */
/**
 * An IR in normal form except for its silp, version and meta (a code payload's trailer sets
 * those; the rest a decoder built in normal form), brought to normal form: the defaults filled,
 * meta's fields in normal-form order. Schema-valid input only.
 */
export function withNormalTrailer(ir: SilpIR): SilpIR {
  return {
    silp: ir.silp ?? DEFAULT_SILP_VERSION,
    version: ir.version ?? DEFAULT_IR_VERSION,
    intent: ir.intent,
    entities: ir.entities,
    constraints: ir.constraints,
    alternatives: ir.alternatives,
    meta: normalizeMeta(ir.meta),
  };
}

export function normalizeMeta(meta: SilpIRInput["meta"]): NormalMeta {
  const out = { req_id: meta.req_id } as NormalMeta;
  if (meta.session_id !== undefined) out.session_id = meta.session_id;
  out.priority = meta.priority ?? 0;
  out.confidence = meta.confidence ?? 1.0;
  out.seq = meta.seq ? [...meta.seq] : [];
  out.out = meta.out ?? DEFAULT_OUT;
  if (meta.next_agent !== undefined) out.next_agent = meta.next_agent;
  for (const key in meta) {
    if (!META_KEYS.has(key) && Object.hasOwn(meta, key)) setField(out, key, meta[key]);
  }
  return out;
}

const META_KEYS: ReadonlySet<string> = new Set(META_FIELDS);
