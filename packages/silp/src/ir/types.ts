/**
 * Types of the SILP IR (spec sections 3.1-3.5).
 *
 * The root object is closed; the four sub-objects are open ("extra=allow"), so each carries an
 * index signature for its unknown fields. Those fields may hold any JSON value and must survive
 * compile/decode on the lossless frontends.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An argument slot of the primary action, or of a secondary action when `action` differs from `intent`. */
export interface Entity {
  id: string;
  value: string;
  /** Action code (`!VERB`). In the normal form it is always present (the intent for primary entities). */
  action?: string;
  [extra: string]: JsonValue | undefined;
}

/** A condition on the task. A type starting with `!` is negated. */
export interface Constraint {
  type: string;
  value: string;
  time?: string;
  /** Common extra fields (spec 3.3): first positional argument and infix operator. */
  subject?: JsonValue;
  operator?: JsonValue;
  [extra: string]: JsonValue | undefined;
}

/** A fallback action (else-branch). */
export interface Alternative {
  action: string;
  target?: string;
  location?: string;
  [extra: string]: JsonValue | undefined;
}

export interface Meta {
  req_id: string;
  session_id?: string;
  priority?: number;
  confidence?: number;
  seq?: string[];
  out?: string;
  next_agent?: string;
  [extra: string]: JsonValue | undefined;
}

/** The IR as a caller may write it: defaults may be missing. */
export interface SilpIRInput {
  silp?: string;
  version?: string;
  intent: string;
  entities?: Entity[];
  constraints?: Constraint[];
  alternatives?: Alternative[];
  meta: Meta;
}

/**
 * An IR as a person writes it: `meta`, or its `req_id`, may be missing. Spec 3.9 requires both;
 * compile generates the req_id in lenient mode (docs/ir.md, "An IR without meta").
 */
export type MetaOptionalIR = Omit<SilpIRInput, "meta"> & { meta?: Omit<Meta, "req_id"> & { req_id?: string } };

/** The IR in normal form (docs/ir.md): every default filled, entities grouped per action. */
export interface SilpIR {
  silp: string;
  version: string;
  intent: string;
  entities: Entity[];
  constraints: Constraint[];
  alternatives: Alternative[];
  meta: NormalMeta;
}

export interface NormalMeta extends Meta {
  priority: number;
  confidence: number;
  seq: string[];
  out: string;
}

export const DEFAULT_SILP_VERSION = "v1";
export const DEFAULT_IR_VERSION = "ir-v0.1";
export const DEFAULT_OUT = "natural";

/** The protocol versions this implementation speaks. */
export const SUPPORTED_SILP_VERSIONS: readonly string[] = Object.freeze(["v1"]);

/**
 * Known fields of each sub-object, in schema order (the normal form prints them first). Frozen:
 * the sibling packages get these very lists (silp/util, IR_SHAPE), and one that pushed a field
 * would change what this codec validates and prints.
 */
export const ENTITY_FIELDS = Object.freeze(["id", "value", "action"] as const);
export const CONSTRAINT_FIELDS = Object.freeze(["type", "value", "time"] as const);
export const ALTERNATIVE_FIELDS = Object.freeze(["action", "target", "location"] as const);
export const META_FIELDS = Object.freeze(["req_id", "session_id", "priority", "confidence", "seq", "out", "next_agent"] as const);

/** The comparison operators a constraint's `operator` may hold (a semantic rule). */
export const CONSTRAINT_OPERATORS = ["==", "!=", "<", ">", "<=", ">="] as const;
export type ConstraintOperator = (typeof CONSTRAINT_OPERATORS)[number];

/** The ordering keywords of draft -02 section 3.6: recognised, with no behaviour. */
export const SEQ_KEYWORDS = ["parallel", "sequential", "reason_first", "reason_last"] as const;

/** `!CANCEL` pattern of spec 3.7 (the schema's form, which also admits `!A_` and `!A__B`). */
export const ACTION_CODE_PATTERN = Object.freeze(/^![A-Z][A-Z_]*$/);

/**
 * The IR's shape for the packages that rebuild or check an IR field by field (silp/util): each
 * object's known fields in schema order, the action-code pattern and the SILP versions spoken.
 * One name for one concern, so the siblings' view of the codec stays small.
 */
export const IR_SHAPE = Object.freeze({
  entityFields: ENTITY_FIELDS,
  constraintFields: CONSTRAINT_FIELDS,
  alternativeFields: ALTERNATIVE_FIELDS,
  metaFields: META_FIELDS,
  actionCode: ACTION_CODE_PATTERN,
  silpVersions: SUPPORTED_SILP_VERSIONS,
});
