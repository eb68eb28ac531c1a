/**
 * The json frontend's one lowering of a JSON value to the IR (one field table, one assembly). It
 * reads the value through a view (view.ts): the reader's positioned nodes (reader.ts), so that
 * every error, including type errors found later, points at the offending line and column, and
 * so that two things JSON.parse hides can be caught: duplicate keys (JSON.parse silently keeps the
 * last) and the exact digits of a number written where a string belongs (lenient mode keeps "4.0"
 * as "4.0", not "4"); or, as the reader's shortcut for a whole payload, the value of the native
 * JSON.parse, taken only when the text repeats no key (the parsed value has as many object members
 * as the text has `:` outside strings) and the sanitizer's hooks report nothing in it. The first
 * repair or error the lowering meets there stops it (it needs a position), and the reader runs
 * instead, so errors and repairs always carry positions and an accepted payload decodes to the
 * same IR either way (test/frontends/json-fast-path.test.ts).
 */
import { FUNCTION_NAME } from "../../ir/verbs.js";

import { hasOwn, setField } from "../../ir/fields.js";
import { ACTION_CODE_PATTERN, type Alternative, type Constraint, type Entity, type JsonValue, type Meta, type SilpIRInput } from "../../ir/types.js";
import { normalizeAlternative, normalizeConstraint, normalizeEntities } from "../../ir/normalize.js";
import type { DecodeContext, DecodedPayload, RepairKind } from "../decode-context.js";
import { type JsonScan, countMembers, numberProblem, scanJson } from "../json-value.js";
import { IDENTITY_HOOKS, type StructureHooks } from "../../security/hooks.js";
import { findingHooks } from "../../security/sanitizer-hooks.js";
import { RESERVED_KEYS, SECONDARY_PREFIX } from "./printer.js";
import { SilpError } from "../../errors.js";
import { DECLINE, parsedView, type JsonView } from "./view.js";

/** A verb written without its `!`: upper-case letters and `_` (lower case would be a function name, not a verb). */
const BARE_VERB = /^[A-Z][A-Z_]*$/;

/**
 * The shortcut: JSON.parse's value through the lowering, or undefined when the payload needs a
 * position (a repair, an error, a repeated key, with `sanitized` a sanitizer hit): the reader must run.
 */
export function decodeJsonFast(text: string, sanitized = false): DecodedPayload | undefined {
  return lowerParsedJson(text, scanJson(text, Number.POSITIVE_INFINITY, text, 0), sanitized);
}

/**
 * JSON.parse's value through the lowering; undefined when it declines (at a repair, an error, or,
 * with `sanitized`, wherever the sanitizer's hooks would report a hit), when the value has fewer
 * object members than the text wrote (scanJson's `members`: JSON.parse dropped a repeated key),
 * or when a number in it cannot be kept (the reader refuses it where it stands) or is a -0.
 */
export function lowerParsedJson(text: string, scan: JsonScan, sanitized: boolean): DecodedPayload | undefined {
  // A number to refuse, or a -0 to read as 0: the reader lowers each number where it stands.
  if (scan.number !== undefined || scan.negativeZero) return undefined;
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (countMembers(root) !== scan.members) return undefined;
  try {
    return new JsonLowering(parsedView, sanitized ? DECLINING_ON_HITS : DECLINING).root(root);
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

/** What the lowering reports to: the decode's context, or (fast path) nothing, declining instead. */
export interface Reporter {
  readonly strict: boolean;
  readonly hooks: StructureHooks;
  repair(kind: RepairKind, offset: number, message: string, expected: readonly string[]): void;
  /** The error to throw, at `offset` of the source. */
  error(code: "invalid_syntax" | "decode_failed", offset: number, message: string): unknown;
}

export function positionedReporter(context: DecodeContext): Reporter {
  return {
    strict: context.strict,
    hooks: context.hooks,
    repair: (kind, offset, message, expected) => context.repair(kind, offset, message, expected),
    error: (code, offset, message) => new SilpError(code, message, { source: context.source, offset }),
  };
}

/** The fast path's reporter: lenient, sanitizing off or nothing to sanitize (ASCII); any repair or error declines. */
const DECLINING: Reporter = {
  strict: false,
  hooks: IDENTITY_HOOKS,
  repair: () => {
    throw DECLINE;
  },
  error: () => DECLINE,
};

/**
 * The fast path's reporter when the sanitizer's hooks run (a payload with non-ASCII text): it
 * declines, too, wherever they would report a hit, which needs the hit's position. A payload
 * they have nothing to say about (pure Cyrillic or Chinese text is no hit) decodes natively.
 * The decode context's hooks are then the sanitizer's (decode-guard.ts and the stream sanitizer
 * install no others), which is what makes declining on their findings equivalent.
 */
const DECLINING_ON_HITS: Reporter = {
  ...DECLINING,
  hooks: findingHooks(() => {
    throw DECLINE;
  }),
};

/** Whether the intent and every entity's and alternative's action match the schema's action code pattern. */
function actionsMeetSchema(intent: string, entities: readonly Entity[], alternatives: readonly Alternative[]): boolean {
  if (!ACTION_CODE_PATTERN.test(intent)) return false;
  for (const entity of entities) if (entity.action !== undefined && entity.action !== intent && !ACTION_CODE_PATTERN.test(entity.action)) return false;
  for (const alternative of alternatives) if (!ACTION_CODE_PATTERN.test(alternative.action)) return false;
  return true;
}

/** The keys whose value is a list read item by item (a stream reports each item as it completes). */
export const LIST_KEYS: ReadonlySet<string> = new Set(["constraints", "alternatives", "entities", "act"]);

/**
 * The one lowering of a json payload: the root object's properties one by one (`property`, or for
 * a list `listStart` and `listItem` per item), then `finish` assembles the IR. decode() hands it a
 * parsed root (`root`); a stream hands it each property and item as its text completes.
 */
export class JsonLowering<N> {
  private readonly ir: SilpIRInput = { intent: "", meta: { req_id: "" } };
  private intentSeen = false;
  private readonly flat: Entity[] = [];
  private readonly secondaryEntities: Entity[] = [];
  private fullList: Entity[] | undefined;
  /** Of the list being read: the action of an `action_` list, or the name of the `act` slot. */
  private listAction = "";
  /** An optional field held null (read as absent, with a warning, by the whole validation). */
  private nullOptional = false;

  constructor(
    private readonly view: JsonView<N>,
    private readonly report: Reporter,
  ) {}

  root(node: N): DecodedPayload {
    if (this.view.type(node) !== "object") throw this.decodeFail(node, "a json payload must be a JSON object");
    for (const [key, keyNode, value] of this.properties(node)) this.property(key, keyNode, value);
    return this.finish(node);
  }

  /** A property of the root object, whole. */
  property(key: string, keyNode: N, value: N): void {
    if (key === "intent") {
      this.ir.intent = this.intent(value);
      this.intentSeen = true;
    } else if (key === "meta") {
      if (this.view.type(value) !== "object") throw this.decodeFail(value, '"meta" must be an object');
      this.ir.meta = this.value(value) as unknown as Meta;
    } else if (key === "silp" || key === "version") {
      this.ir[key] = this.string(value, key, false);
    } else if (key === "constraints" || key === "alternatives" || key === "entities" || key.startsWith(SECONDARY_PREFIX)) {
      // A loop, not push(...list): a list of 100K+ values would overflow the stack (RangeError).
      for (const item of this.listStart(key, keyNode, value)) this.listItem(key, item);
    } else {
      for (const entity of this.primary(key, keyNode, value)) this.flat.push(entity);
    }
  }

  /**
   * A list property's start, before its items: what its key says (an `action_` key's verb, the
   * `act` slot's name). Returns the items when `value` is the whole list (a stream gives them one
   * by one instead).
   */
  listStart(key: string, keyNode: N, value: N | undefined): readonly N[] {
    if (key === "entities") this.fullList = [];
    else if (key === "constraints") this.ir.constraints = [];
    else if (key === "alternatives") this.ir.alternatives = [];
    else if (key.startsWith(SECONDARY_PREFIX)) {
      this.listAction = this.secondaryAction(key, keyNode);
      if (value === undefined || this.view.type(value) === "array") return value === undefined ? [] : this.view.items(value);
      this.report.repair("secondary_not_array", this.offset(value), `"${key}" should be a list`, ["a JSON array"]);
      return [value];
    } else {
      this.listAction = this.slotName(key, keyNode);
    }
    return value === undefined ? [] : this.list(value, key);
  }

  /** One item of a list property, lowered into its part of the IR: the entity, constraint or alternative it adds. */
  listItem(key: string, item: N): Entity | Constraint | Alternative {
    if (key === "constraints") {
      const constraint = this.constraint(item);
      (this.ir.constraints as Constraint[]).push(constraint);
      return constraint;
    }
    if (key === "alternatives") {
      const alternative = this.alternative(item);
      (this.ir.alternatives as Alternative[]).push(alternative);
      return alternative;
    }
    if (key === "entities") {
      const entity = this.fullEntity(item);
      (this.fullList as Entity[]).push(entity);
      return entity;
    }
    if (key.startsWith(SECONDARY_PREFIX)) {
      const entity = this.secondaryItem(key, this.listAction, item);
      this.secondaryEntities.push(entity);
      return entity;
    }
    const entity: Entity = { id: "act", value: this.string(item, this.listAction, true) };
    this.flat.push(entity);
    return entity;
  }

  /** The intent, once a property gave it. */
  get intentSoFar(): string | undefined {
    return this.intentSeen ? this.ir.intent : undefined;
  }

  /** What has been lowered so far, each in the order read (a stream sends on what a unit added). */
  lowered(): {
    flat: readonly Entity[];
    secondary: readonly Entity[];
    entities: readonly Entity[];
    constraints: readonly Constraint[];
    alternatives: readonly Alternative[];
  } {
    return {
      flat: this.flat,
      secondary: this.secondaryEntities,
      entities: this.fullList ?? [],
      constraints: this.ir.constraints ?? [],
      alternatives: this.ir.alternatives ?? [],
    };
  }

  /**
   * The root object ended: the IR, from every property lowered. Its entities, constraints and
   * alternatives are built in normal form (normalize.ts) when they meet the schema: every known
   * field a string by construction, so only the action codes' pattern is left to check, and no
   * optional field null (the whole validation reads a null as absent, with a warning).
   */
  finish(node: N): DecodedPayload {
    const ir = this.ir;
    if (!this.intentSeen) throw this.decodeFail(node, 'a json payload needs an "intent"');
    const intent = ir.intent;
    let entities: Entity[];
    if (this.fullList) {
      if (this.flat.length > 0 || this.secondaryEntities.length > 0) {
        throw this.decodeFail(node, '"entities" cannot be combined with flat slots or action_ keys');
      }
      entities = this.fullList;
    } else {
      for (const entity of this.flat) entity.action = intent;
      entities = this.flat.slice();
      // A loop, not push(...list): a list of 100K+ entities would overflow the stack (RangeError).
      for (const entity of this.secondaryEntities) entities.push(entity);
    }
    const constraints = ir.constraints ?? [];
    const alternatives = ir.alternatives ?? [];
    if (this.nullOptional || !actionsMeetSchema(intent, entities, alternatives)) {
      // Each entity carries its action, the intent's when it names none, as before: the schema
      // then reports an intent off the pattern at every entity that takes it, too.
      ir.entities = this.fullList ? entities.map((entity) => (entity.action === undefined ? { ...entity, action: intent } : entity)) : entities;
      return { ir, normalParts: false };
    }
    const normal: SilpIRInput = {
      intent,
      entities: normalizeEntities(entities, intent),
      constraints: constraints.map(normalizeConstraint),
      alternatives: alternatives.map(normalizeAlternative),
      meta: ir.meta,
    };
    if (ir.silp !== undefined) normal.silp = ir.silp;
    if (ir.version !== undefined) normal.version = ir.version;
    return { ir: normal, normalParts: true };
  }

  /** The intent; lenient mode reads `"START"` (a verb without its `!`) as `"!START"`. */
  private intent(node: N): string {
    const intent = this.string(node, "intent", false);
    if (!this.report.strict && BARE_VERB.test(intent)) {
      this.report.repair("intent_without_bang", this.offset(node), `the intent "${intent}" has no !`, [`"!${intent.toUpperCase()}"`]);
      return `!${intent.toUpperCase()}`;
    }
    return intent;
  }

  /** Properties of an object node, rejecting duplicate keys. */
  private properties(node: N): readonly (readonly [string, N, N])[] {
    const properties = this.view.properties(node);
    if (this.view.uniqueKeys || properties.length < 2) return properties;
    const seen = new Set<string>();
    for (const [key, keyNode] of properties) {
      if (seen.has(key)) throw this.decodeFail(keyNode, `duplicate key "${key}" (JSON parsers would silently keep only one)`);
      seen.add(key);
    }
    return properties;
  }

  private primary(key: string, keyNode: N, value: N): Entity[] {
    const name = this.slotName(key, keyNode);
    if (name === "act" && this.view.type(value) === "array") {
      return this.view.items(value).map((item) => ({ id: "act", value: this.string(item, "act", true) }));
    }
    return [{ id: name, value: this.string(value, name, true) }];
  }

  /** A flat slot's name (the key, through the sanitizer), never a reserved key. */
  private slotName(key: string, keyNode: N): string {
    const name = this.report.hooks.structural(key, this.offset(keyNode), "name", true);
    if (RESERVED_KEYS.has(name)) throw this.decodeFail(keyNode, `"${name}" is reserved`);
    return name;
  }

  /** The action an `action_<verb>` key names. */
  private secondaryAction(key: string, keyNode: N): string {
    const verb = key.slice(SECONDARY_PREFIX.length);
    if (!FUNCTION_NAME.test(verb.toLowerCase())) throw this.decodeFail(keyNode, `"${key}" does not name an action (action_<verb>)`);
    if (verb !== verb.toLowerCase()) {
      this.report.repair("action_key_case", this.offset(keyNode), `"${key}" is not lower case`, [`"${SECONDARY_PREFIX}${verb.toLowerCase()}"`]);
    }
    const folded = this.report.hooks.structural(verb.toLowerCase(), this.offset(keyNode) + 1 + SECONDARY_PREFIX.length, "verb", true);
    return `!${folded.toUpperCase()}`;
  }

  /** An item of an `action_` list: a value, or an object with id and value. */
  private secondaryItem(key: string, action: string, item: N): Entity {
    if (this.view.type(item) !== "object") return { id: "act", value: this.string(item, key, true), action };
    const entity = this.objectWith(item, ["id", "value"], `an item of "${key}"`) as Entity;
    if (hasOwn(entity, "action")) throw this.decodeFail(item, `items of "${key}" take their action from the key`);
    entity.action = action;
    return entity;
  }

  private fullEntity(node: N): Entity {
    return this.objectWith(node, ["id", "value"], "an entity", ["action"]) as Entity;
  }

  private constraint(node: N): Constraint {
    return this.objectWith(node, ["type", "value"], "a constraint", ["time"]) as Constraint;
  }

  private alternative(node: N): Alternative {
    return this.objectWith(node, ["action"], "an alternative", ["target", "location"]) as Alternative;
  }

  /**
   * An object whose `required` and `optional` fields must be strings (numbers and booleans are
   * repaired in lenient mode); all other fields are extras and keep any JSON value.
   */
  private objectWith(node: N, required: readonly string[], what: string, optional: readonly string[] = []): Record<string, unknown> {
    if (this.view.type(node) !== "object") throw this.decodeFail(node, `${what} must be a JSON object`);
    const out: Record<string, unknown> = {};
    for (const [key, keyNode, value] of this.properties(node)) {
      const name = this.report.hooks.structural(key, this.offset(keyNode), "name", true);
      if (hasOwn(out, name)) throw this.decodeFail(keyNode, `duplicate key "${name}"`);
      const known = required.includes(name) || optional.includes(name);
      const isNullOptional = optional.includes(name) && this.view.type(value) === "null";
      if (isNullOptional) this.nullOptional = true;
      setField(out, name, known && !isNullOptional ? this.string(value, name, name !== "action" && name !== "type") : this.extra(value));
    }
    for (const key of required) {
      if (!hasOwn(out, key)) throw this.decodeFail(node, `${what} needs "${key}"`);
    }
    return out;
  }

  private list(node: N, key: string): readonly N[] {
    if (this.view.type(node) !== "array") throw this.decodeFail(node, `"${key}" must be a list`);
    return this.view.items(node);
  }

  /**
   * A string slot. Where `coercible`, lenient mode accepts a number or boolean and keeps its
   * exact source text ("4.0" stays "4.0"), recording the repair.
   */
  private string(node: N, key: string, coercible: boolean): string {
    const type = this.view.type(node);
    if (type === "string") {
      const text = this.view.scalar(node) as string;
      this.report.hooks.value(text, this.offset(node));
      return text;
    }
    if (coercible && (type === "number" || type === "boolean")) {
      const raw = this.view.raw(node);
      // Refused though its text would survive as a string: such a number is refused wherever it stands, one rule with no exception.
      const problem = type === "number" ? numberProblem(raw) : undefined;
      if (problem !== undefined) throw this.decodeFail(node, problem);
      this.report.repair(type === "number" ? "number_as_string" : "boolean_as_string", this.offset(node), `"${key}" should be a string, got ${type} ${raw}`, [
        "a JSON string",
      ]);
      return raw;
    }
    throw this.decodeFail(node, `"${key}" must be a string, got ${type}`);
  }

  /**
   * An extra field's value. A string goes through the sanitizer's value hook, exactly as the code
   * frontend's bare and quoted extra values do (docs/security.md: values are flagged, never
   * rewritten), so the same IR gets the same report from either frontend.
   */
  private extra(node: N): JsonValue {
    if (this.view.type(node) === "string") this.report.hooks.value(this.view.scalar(node) as string, this.offset(node));
    return this.value(node);
  }

  /** Any JSON value, built so that a key "__proto__" stays an ordinary field. */
  private value(node: N): JsonValue {
    const plain = this.view.plain(node);
    if (plain !== undefined) return plain;
    switch (this.view.type(node)) {
      case "object": {
        const out: Record<string, JsonValue> = {};
        for (const [key, , value] of this.properties(node)) setField(out, key, this.value(value));
        return out;
      }
      case "array":
        return this.view.items(node).map((child) => this.value(child));
      case "number": {
        const problem = numberProblem(this.view.raw(node));
        if (problem !== undefined) throw this.decodeFail(node, problem);
        // -0 is read as 0 (docs/ir.md): JSON has one zero, and compile writes it `0`.
        return (this.view.scalar(node) as number) + 0;
      }
      default:
        return this.view.scalar(node);
    }
  }

  private offset(node: N): number {
    return this.view.offset(node);
  }

  /**
   * The lowering sees only JSON the grammar accepted: what it refuses is a structure that is not
   * an IR's (docs/errors.md, "Which code"), so every refusal here is decode_failed.
   */
  private decodeFail(node: N, message: string): unknown {
    return this.report.error("decode_failed", this.offset(node), message);
  }
}
