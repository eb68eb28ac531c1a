/**
 * Lowering: syntax tree -> IR. Here the code frontend's role rules live (docs/grammar.md):
 *
 * - call arguments: a positional value is an entity with id "act"; `id=value` a keyword entity;
 *   `value[key=...]` adds extra fields to that entity;
 * - constraint calls: positional arguments take the roles of `assignConstraintRoles`; keyword
 *   arguments name fields directly (`value`, `time`, `subject`, or any extra field);
 * - else-branch calls: one positional `target[@location]`; bare `loc=` is the spec's spelling of
 *   `location`; a quoted key is always a literal field name;
 * - the meta trailer (`#p2 sid=a1`, or `#meta {...}` JSON) carries meta (and non-default silp / version).
 *
 * Every structural conflict (a field given twice, a JSON literal where a string is required) is
 * an error: decoding never silently drops or merges data.
 */

import { hasOwn, setField } from "../../ir/fields.js";
import { isPlainObject } from "../../ir/normalize.js";
import {
  DEFAULT_IR_VERSION,
  DEFAULT_OUT,
  DEFAULT_SILP_VERSION,
  type Alternative,
  type Constraint,
  type Entity,
  type JsonValue,
  META_FIELDS,
  type Meta,
  type SilpIRInput,
} from "../../ir/types.js";
import { functionNameToAction } from "../../ir/verbs.js";
import type { DecodeContext, DecodedPayload, PartSink, RepairKind } from "../decode-context.js";
import { numberProblem, parseEmbeddedJson } from "../json-value.js";
import { FUNCTION_NAME, isTimeLike } from "./chars.js";
import { assignConstraintRoles, type ConstraintRole } from "./roles.js";
import { CONFIDENCE_ITEM, META_ITEM_FIELDS, META_RESERVED_NAMES, PRIORITY_ITEM } from "./meta-items.js";
import type { ArgNode, CallNode, ConstraintNode, Lexeme, MetaItemNode, Statement } from "./syntax.js";
import { SilpError } from "../../errors.js";

/** What a trailer carries: the sender's meta, and silp and version when written. */
interface Carried {
  meta: Meta;
  silp: string | undefined;
  version: string | undefined;
}

/** Where a meta trailer item goes: a string or list field of meta, the IR's silp/version, or an extra meta field. */
type MetaTarget = { kind: "string" | "list" | "ir" | "extra"; field: string };

/** A lowering failure, kept for `finish`; anything but a SilpError is a bug and goes on up. */
function failure(error: unknown): SilpError {
  if (error instanceof SilpError) return error;
  throw error;
}

/**
 * Lowers each unit the parser completes (a constraint, a call's name, an argument, an else-branch
 * call) into its part of the IR at once, and assembles the IR when the statement ends.
 *
 * Units are lowered in text order, but decode() reports the first error of the calls before any
 * of the constraints, and those before any of the alternatives (the calls carry the intent), and
 * a syntax error anywhere before any of them. So the first error of each section is kept, the
 * section is not lowered further, and `finish` throws the first in that order; repairs the
 * lowering makes are listed after the parser's, as they always were. A stream's parts come from
 * here too: each unit that lowers is sent on as a part.
 */
export class StatementLowering {
  private intent: string | undefined;
  private readonly entities: Entity[] = [];
  private readonly constraints: Constraint[] = [];
  private readonly alternatives: Alternative[] = [];
  /** The verbs called so far; entities stay grouped per action (normal form) unless a verb is called twice. */
  private readonly called = new Set<string>();
  private grouped = true;
  /** The action of the call being read, once its verb lowered. */
  private action: string | undefined;
  /**
   * The first error of each section, kept for `finish`: nothing more of a section is lowered once
   * it failed, nor anything at all once the calls failed (theirs is the error reported).
   */
  private actionsError: SilpError | undefined;
  private constraintsError: SilpError | undefined;
  private alternativesError: SilpError | undefined;
  /** Repairs of the lowering (lenient mode), listed after the parser's. */
  private readonly repairs: [RepairKind, number, string, readonly string[] | undefined][] = [];

  constructor(
    private readonly context: DecodeContext,
    private readonly sink?: PartSink,
  ) {}

  condition(node: ConstraintNode): void {
    if (this.constraintsError !== undefined || this.actionsError !== undefined) return;
    let constraint: Constraint;
    try {
      constraint = this.constraint(node);
    } catch (error) {
      this.constraintsError = failure(error);
      return;
    }
    this.constraints.push(constraint);
    this.sink?.({ kind: "constraint", constraint, offset: node.start });
  }

  /** A call's name and `(` were read; `start` is where its text starts (its `!` when written `!BOOK(`). */
  callHead(call: CallNode, branch: "actions" | "alternatives", start: number): void {
    this.action = undefined;
    if (branch !== "actions" || this.actionsError !== undefined) return;
    let action: string;
    try {
      action = this.verb(call.name);
      if (this.intent !== undefined) {
        if (this.called.has(action)) this.grouped = false;
        if (action === this.intent) {
          this.repair("merged_primary_call", call.start, `${call.name.text}(...) repeats the primary call; its arguments were merged into it`);
        }
      }
    } catch (error) {
      this.actionsError = failure(error);
      return;
    }
    this.action = action;
    this.called.add(action);
    if (this.intent === undefined) {
      this.intent = action;
      this.sink?.({ kind: "intent", intent: action, offset: start });
    }
  }

  argument(_call: CallNode, arg: ArgNode, branch: "actions" | "alternatives"): void {
    const action = this.action;
    if (branch !== "actions" || action === undefined || this.actionsError !== undefined) return;
    let entity: Entity;
    try {
      entity = this.entity(arg, action);
    } catch (error) {
      this.actionsError = failure(error);
      return;
    }
    this.entities.push(entity);
    this.sink?.({ kind: "entity", entity, offset: arg.start });
  }

  callEnd(call: CallNode, branch: "actions" | "alternatives", start: number): void {
    if (branch === "actions") {
      if (this.actionsError === undefined && this.action !== undefined && this.action !== this.intent && call.args.length === 0) {
        this.actionsError = new SilpError(
          "decode_failed",
          `${call.name.text}() has no arguments; a secondary action exists in the IR only through its arguments`,
          {
            source: this.context.source,
            offset: call.start,
          },
        );
      }
      return;
    }
    if (this.alternativesError !== undefined || this.actionsError !== undefined) return;
    let alternative: Alternative;
    try {
      alternative = this.alternative(call);
    } catch (error) {
      this.alternativesError = failure(error);
      return;
    }
    this.alternatives.push(alternative);
    this.sink?.({ kind: "alternative", alternative, offset: start });
  }

  /** The statement ended (parsed whole): the first error of the lowering, or the IR. */
  finish(statement: Statement): DecodedPayload {
    if (this.actionsError !== undefined) throw this.actionsError;
    if (this.intent === undefined) throw this.syntax(0, "a payload needs at least one call", ["a function call"]);
    if (this.constraintsError !== undefined) throw this.constraintsError;
    if (this.alternativesError !== undefined) throw this.alternativesError;
    for (const [kind, offset, message, expected] of this.repairs) this.context.repair(kind, offset, message, expected);
    const carried = statement.trailer ? this.trailer(statement.trailer) : undefined;
    // A #meta object that leaves silp or version out leaves them undefined here: decode's normal
    // form fills their defaults, as it does for any IR without them.
    const ir: SilpIRInput = {
      silp: carried ? carried.silp : DEFAULT_SILP_VERSION,
      version: carried ? carried.version : DEFAULT_IR_VERSION,
      intent: this.intent as string,
      entities: this.entities,
      constraints: this.constraints,
      alternatives: this.alternatives,
      meta: carried ? carried.meta : { req_id: "", priority: 0, confidence: 1.0, seq: [], out: DEFAULT_OUT },
    };
    // Every object above is built in normal-form field order, entities grouped per verb unless a
    // verb was called twice; decode validates the rest, and brings the sender's meta to normal form.
    return { ir, normalParts: this.grouped };
  }

  /** A repair of the lowering: an error in strict mode (now), else listed after the parser's (at the end). */
  private repair(kind: RepairKind, offset: number, message: string, expected?: readonly string[]): void {
    if (this.context.strict) this.context.repair(kind, offset, message, expected);
    else this.repairs.push([kind, offset, message, expected]);
  }

  private verb(name: Lexeme): string {
    let folded = this.context.hooks.structural(name.text, name.start, "verb", false);
    if (!FUNCTION_NAME.test(folded) && !this.context.strict && FUNCTION_NAME.test(folded.toLowerCase())) {
      // `START(hike)`: the IR's upper-case verb written as a call; only letters and `_` change case.
      this.repair("verb_case", name.start, `${name.text} is not lower case`, [folded.toLowerCase()]);
      folded = folded.toLowerCase();
    }
    if (!FUNCTION_NAME.test(folded)) {
      throw this.syntax(name.start, `"${name.text}" is not a function name (lowercase letters and underscores, spec 3.7)`, ["a function name such as cancel"]);
    }
    return functionNameToAction(folded);
  }

  private entity(arg: ArgNode, action: string): Entity {
    if (arg.location) throw this.syntax(arg.location.start - 1, "@location is only allowed in else-branch calls", [",", ")"]);
    const value = this.stringValue(arg.value, "an entity value");
    const id = arg.key ? this.fieldName(arg.key) : "act";
    const entity: Entity = { id, value, action };
    for (const annotation of arg.annotations ?? []) {
      const key = this.fieldName(annotation.key as Lexeme);
      if (key === "id" || key === "value" || key === "action") {
        throw this.decode(annotation.start, `"${key}" cannot be an extra field of an entity`);
      }
      this.setOnce(entity, key, this.anyValue(annotation), annotation.start);
    }
    return entity;
  }

  private constraint(node: ConstraintNode): Constraint {
    const name = this.fieldName(node.name);
    if (node.form === "operator") {
      const constraint: Constraint = { type: name, value: this.stringValue(node.value, "a constraint value") };
      if (node.time) constraint.time = this.stringValue(node.time, "a time");
      constraint.operator = node.operator;
      return constraint;
    }
    const fields: Record<string, JsonValue> = {};
    const args = node.args ?? [];
    const positional = args.filter((arg) => !arg.key);
    let roles: readonly ConstraintRole[] | undefined;
    if (node.form === "negation") {
      roles = positional.length <= 1 ? (positional.length === 1 ? ["time"] : []) : undefined;
      if (!roles) throw this.decode((positional[1] as ArgNode).start, "a negated constraint takes at most one positional argument (its time)");
    } else {
      const last = positional[positional.length - 1];
      roles = assignConstraintRoles(positional.length, last !== undefined && last.value.kind !== "json" && isTimeLike(last.value.text));
      if (!roles) throw this.decode((positional[3] as ArgNode).start, "a constraint takes at most three positional arguments (subject, value, time)");
    }
    positional.forEach((arg, index) => {
      this.rejectDecorations(arg);
      fields[roles[index] as ConstraintRole] = this.stringValue(arg.value, `the constraint's ${roles[index]}`);
    });
    for (const arg of args) {
      if (!arg.key) continue;
      this.rejectDecorations(arg);
      const key = this.fieldName(arg.key);
      if (key === "type") throw this.decode(arg.start, '"type" is the constraint name and cannot be a keyword argument');
      const value = key === "value" || key === "time" ? this.stringValue(arg.value, `the constraint's ${key}`) : this.anyValue(arg);
      this.setOnce(fields, key, value, arg.start);
    }
    if (node.form === "negation" && !hasOwn(fields, "value")) fields.value = "true";
    if (!hasOwn(fields, "value")) throw this.decode(node.start, `constraint ${name} has no value`);
    // Normal-form order: type, value, time, then the other fields as written.
    const constraint: Constraint = { type: node.form === "negation" ? `!${name}` : name, value: fields.value as string };
    if (hasOwn(fields, "time")) constraint.time = fields.time as string;
    for (const key of Object.keys(fields)) if (key !== "value" && key !== "time") setField(constraint, key, fields[key]);
    return constraint;
  }

  private alternative(call: CallNode): Alternative {
    const fields: Alternative = { action: this.verb(call.name) };
    const alternative = fields;
    let positionalSeen = false;
    for (const arg of call.args) {
      if (arg.annotations) throw this.syntax(arg.start, "[...] extra fields are only allowed on entity arguments", [",", ")"]);
      if (!arg.key) {
        if (positionalSeen) throw this.decode(arg.start, "an else-branch call takes one positional argument (target[@location])");
        positionalSeen = true;
        this.setOnce(alternative, "target", this.stringValue(arg.value, "a target"), arg.start);
        if (arg.location) this.setOnce(alternative, "location", this.stringValue(arg.location, "a location"), arg.location.start);
        continue;
      }
      if (arg.location) throw this.syntax(arg.location.start - 1, "@location belongs to the positional target", [",", ")"]);
      let key = this.fieldName(arg.key);
      if (key === "loc" && arg.key.kind === "bare") key = "location";
      if (key === "action") throw this.decode(arg.start, '"action" is the call name and cannot be a keyword argument');
      const value = key === "target" || key === "location" ? this.stringValue(arg.value, `the ${key}`) : this.anyValue(arg);
      this.setOnce(alternative, key, value, arg.start);
    }
    // Normal-form order: action, target, location, then the other fields as written.
    const ordered: Alternative = { action: fields.action };
    if (fields.target !== undefined) ordered.target = fields.target;
    if (fields.location !== undefined) ordered.location = fields.location;
    for (const key of Object.keys(fields)) {
      if (key !== "action" && key !== "target" && key !== "location") setField(ordered, key, fields[key]);
    }
    return ordered;
  }

  /** What the trailer carries: meta, and silp and version when written; `normal` when all of it is the schema's and in normal form. */
  private trailer(trailer: NonNullable<Statement["trailer"]>): Carried {
    if (trailer.form === "items") return this.metaItems(trailer.items);
    const parsed = parseEmbeddedJson(trailer.json, this.context.options.limits.maxDepth, this.context.source, trailer.start);
    if (!isPlainObject(parsed)) throw this.decode(trailer.start, "#meta must be followed by a JSON object");
    for (const key of Object.keys(parsed)) {
      if (key !== "meta" && key !== "silp" && key !== "version") {
        throw this.decode(trailer.start, `unknown field "${key}" in #meta (allowed: meta, silp, version)`);
      }
    }
    if (!isPlainObject(parsed.meta)) throw this.decode(trailer.start, '#meta needs a "meta" object');
    return { meta: parsed.meta as unknown as Meta, silp: parsed.silp as string | undefined, version: parsed.version as string | undefined };
  }

  /**
   * The meta trailer's items (docs/grammar.md, "Meta trailer"): `p<number>` priority,
   * `c<number>` confidence, `id=` `sid=` `out=` `next=` the string fields, `seq=[...]`,
   * `silp=` `version=` the IR's own, any other `name=value` an extra field (a quoted name always
   * is one). What an item leaves out is the field's default, filled by validation.
   */
  private metaItems(items: readonly MetaItemNode[]): Carried {
    const meta: Record<string, unknown> = {};
    const top: Record<string, unknown> = {};
    for (const item of items) {
      const written = this.fieldName(item.name);
      if (item.value === undefined && item.list === undefined) {
        const priority = item.name.kind === "bare" ? PRIORITY_ITEM.exec(written) : null;
        const confidence = item.name.kind === "bare" ? CONFIDENCE_ITEM.exec(written) : null;
        const number = priority ?? confidence;
        if (!number) {
          throw this.syntax(item.start, `"${written}" is not a meta item (p<number>, c<number> or name=value)`, ["p2", "c.75", "name=value"]);
        }
        const digits = number[1] as string;
        // c.75: JSON writes the 0 before the point.
        const problem = numberProblem(digits.startsWith(".") ? `0${digits}` : digits);
        if (problem !== undefined) throw this.decode(item.start, problem);
        // + 0: `p-0` is the priority 0 (JSON has one zero).
        this.setOnce(meta, priority ? "priority" : "confidence", Number(digits) + 0, item.start);
        continue;
      }
      const target = item.name.kind === "bare" ? this.metaTarget(written, item.start) : this.extraTarget(written, item.start);
      if (target.kind === "list") {
        if (item.list === undefined) throw this.decode(item.start, `${written} is a list: ${written}=[a,b]`);
        this.setOnce(
          meta,
          target.field,
          item.list.map((entry) => this.stringValue(entry, `an entry of ${written}`)),
          item.start,
        );
        continue;
      }
      if (item.list !== undefined) {
        throw this.decode(
          item.start,
          target.kind === "extra" ? `only seq takes a [...] list; a JSON array is written ${written}=\`[...]\`` : `${written} takes a string, not a list`,
        );
      }
      const value = item.value as Lexeme;
      const into = target.kind === "ir" ? top : meta;
      this.setOnce(
        into,
        target.field,
        target.kind === "extra" ? this.anyValue({ value, start: item.start }) : this.stringValue(value, `the ${target.field}`),
        item.start,
      );
    }
    return { meta: meta as unknown as Meta, silp: top.silp as string | undefined, version: top.version as string | undefined };
  }

  /**
   * What a bare item name stands for: a known meta field by its item name, the IR's silp or
   * version, or an extra field; the other reserved names are refused with the item to write.
   */
  private metaTarget(name: string, offset: number): MetaTarget {
    if (name === "seq") return { kind: "list", field: "seq" };
    if (Object.hasOwn(META_ITEM_FIELDS, name)) return { kind: "string", field: META_ITEM_FIELDS[name] as string };
    if (name === "silp" || name === "version") return { kind: "ir", field: name };
    if (!META_RESERVED_NAMES.has(name)) return { kind: "extra", field: name };
    if (name === "priority" || name === "confidence") {
      throw this.decode(offset, `the meta trailer writes ${name} as ${name[0]}<number>, e.g. ${name === "priority" ? "p2" : "c.75"}`);
    }
    const item = Object.keys(META_ITEM_FIELDS).find((short) => META_ITEM_FIELDS[short] === name);
    throw this.decode(offset, item ? `the meta trailer writes ${name} as ${item}=` : `"${name}" is reserved in the meta trailer; quote it for an extra field`);
  }

  /** A quoted item name is an extra field's literal name; the known fields have items of their own. */
  private extraTarget(name: string, offset: number): MetaTarget {
    if ((META_FIELDS as readonly string[]).includes(name)) {
      throw this.decode(offset, `"${name}" is a known meta field and is written by its own item, not as a quoted name`);
    }
    return { kind: "extra", field: name };
  }

  private rejectDecorations(arg: ArgNode): void {
    if (arg.location) throw this.syntax(arg.location.start - 1, "@location is only allowed in else-branch calls", [",", ")"]);
    if (arg.annotations) throw this.syntax(arg.start, "[...] extra fields are only allowed on entity arguments", [",", ")"]);
  }

  private fieldName(lexeme: Lexeme): string {
    return this.context.hooks.structural(lexeme.text, lexeme.start, "name", lexeme.kind === "string");
  }

  private stringValue(lexeme: Lexeme, what: string): string {
    if (lexeme.kind === "json") {
      throw this.decode(lexeme.start, `${what} must be a string; JSON literals are only allowed for extra fields`);
    }
    this.context.hooks.value(lexeme.text, lexeme.start);
    return lexeme.text;
  }

  private anyValue(arg: ArgNode): JsonValue {
    const lexeme = arg.value;
    if (lexeme.kind !== "json") {
      this.context.hooks.value(lexeme.text, lexeme.start);
      return lexeme.text;
    }
    return parseEmbeddedJson(lexeme.text, this.context.options.limits.maxDepth, this.context.source, lexeme.start + 1) as JsonValue;
  }

  private setOnce(target: object, key: string, value: JsonValue, offset: number): void {
    if (hasOwn(target, key)) throw this.decode(offset, `field "${key}" is given twice`);
    setField(target as Record<string, unknown>, key, value);
  }

  private syntax(offset: number, message: string, expected: readonly string[]): SilpError {
    return new SilpError("invalid_syntax", message, { source: this.context.source, offset, expected });
  }

  private decode(offset: number, message: string): SilpError {
    return new SilpError("decode_failed", message, { source: this.context.source, offset });
  }
}
