/**
 * Decoder of the json frontend. The payload is parsed into a positioned tree (tree.ts: strict
 * JSON, no comments, no trailing commas) so that every error, including type errors found later,
 * points at the offending line and column, and so that two things JSON.parse hides can be caught:
 * duplicate keys (JSON.parse silently keeps the last) and the exact digits of a number written
 * where a string belongs (lenient mode keeps "4.0" as "4.0", not "4").
 */
import { FUNCTION_NAME } from "../../ir/verbs.js";
import { parseJsonTree, type JsonNode as Node } from "./tree.js";

import { hasOwn, setField } from "../../ir/fields.js";
import type { Alternative, Constraint, Entity, JsonValue, Meta, SilpIRInput } from "../../ir/types.js";
import type { DecodeContext } from "../decode-context.js";
import { checkJsonDepth } from "../json-value.js";
import { IDENTITY_HOOKS } from "../../security/hooks.js";
import { decodeJsonFast } from "./fast-path.js";
import { repairJson } from "./repair.js";
import { RESERVED_KEYS, SECONDARY_PREFIX } from "./printer.js";
import { SilpError } from "../../errors.js";

/** A verb written without its `!`: upper-case letters and `_` (lower case would be a function name, not a verb). */
const BARE_VERB = /^[A-Z][A-Z_]*$/;

export function decodeJsonPayload(context: DecodeContext, start: number, end: number): SilpIRInput {
  const source = context.source;
  const text = start === 0 && end === source.length ? source : source.slice(start, end);
  checkJsonDepth(text, context.options.limits.maxDepth, source, start);
  // Payloads the sanitizer has nothing to say about can take the native fast path; it declines
  // anything that needs a position (an error or a repair), and the positioned decoder runs.
  if (context.hooks === IDENTITY_HOOKS) {
    const fast = decodeJsonFast(text);
    // An intent without its `!` is a lenient repair, which needs the positioned decoder.
    if (fast?.intent.startsWith("!")) return fast;
  }
  return decodeJsonPositioned(context, text, start);
}

/** The positioned decoder: every error and repair carries its line and column. */
export function decodeJsonPositioned(context: DecodeContext, text: string, start: number): SilpIRInput {
  const source = context.source;
  const parsed = parseJsonTree(text);
  if (parsed.error) {
    const repaired = context.strict || !parsed.startsWithValue ? undefined : repairJson(context, text, start);
    const repairedRoot = repaired && parseJsonTree(repaired.text).root;
    if (repaired && repairedRoot) {
      return new JsonLowering(context, repaired.text, (offset) => start + repaired.originalOffset(offset)).root(repairedRoot);
    }
    throw new SilpError("invalid_syntax", `invalid JSON: ${parsed.error.reason}`, {
      source,
      offset: start + parsed.error.offset,
      expected: ["a JSON object"],
    });
  }
  return new JsonLowering(context, text, (offset) => start + offset).root(parsed.root);
}

class JsonLowering {
  constructor(
    private readonly context: DecodeContext,
    /** The parsed text: a slice of `context.source`, or its lenient repair (repair.ts). */
    private readonly text: string,
    /** Maps an offset in `text` to `context.source` (a removed code fence or a repair shifts it). */
    private readonly toSource: (offset: number) => number,
  ) {}

  root(node: Node): SilpIRInput {
    if (node.type !== "object") throw this.fail(node, "a json payload must be a JSON object");
    const ir: SilpIRInput = { intent: "", meta: { req_id: "" } };
    let intentSeen = false;
    const flat: Entity[] = [];
    const secondary: Entity[] = [];
    let fullList: Entity[] | undefined;
    for (const [key, keyNode, value] of this.properties(node)) {
      if (key === "intent") {
        ir.intent = this.intent(value);
        intentSeen = true;
      } else if (key === "constraints") {
        ir.constraints = this.list(value, key).map((item) => this.constraint(item));
      } else if (key === "alternatives") {
        ir.alternatives = this.list(value, key).map((item) => this.alternative(item));
      } else if (key === "entities") {
        fullList = this.list(value, key).map((item) => this.fullEntity(item));
      } else if (key === "meta") {
        if (value.type !== "object") throw this.fail(value, '"meta" must be an object');
        ir.meta = this.value(value) as unknown as Meta;
      } else if (key === "silp" || key === "version") {
        ir[key] = this.string(value, key, false);
      } else if (key.startsWith(SECONDARY_PREFIX)) {
        // A loop, not push(...list): a list of 100K+ values would overflow the stack (RangeError).
        for (const entity of this.secondary(key, keyNode, value)) secondary.push(entity);
      } else {
        for (const entity of this.primary(key, keyNode, value)) flat.push(entity);
      }
    }
    if (!intentSeen) throw this.fail(node, 'a json payload needs an "intent"');
    if (fullList) {
      if (flat.length > 0 || secondary.length > 0) {
        throw this.fail(node, '"entities" cannot be combined with flat slots or action_ keys');
      }
      ir.entities = fullList.map((entity) => (entity.action === undefined ? { ...entity, action: ir.intent } : entity));
    } else {
      for (const entity of flat) entity.action = ir.intent;
      ir.entities = [...flat, ...secondary];
    }
    return ir;
  }

  /** The intent; lenient mode reads `"START"` (a verb without its `!`) as `"!START"`. */
  private intent(node: Node): string {
    const intent = this.string(node, "intent", false);
    if (!this.context.strict && BARE_VERB.test(intent)) {
      this.context.repair("intent_without_bang", this.offset(node), `the intent "${intent}" has no !`, [`"!${intent.toUpperCase()}"`]);
      return `!${intent.toUpperCase()}`;
    }
    return intent;
  }

  /** Properties of an object node, rejecting duplicate keys. */
  private *properties(node: Node): Generator<[string, Node, Node]> {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode || !valueNode) throw this.fail(property, "incomplete property");
      const key = keyNode.value as string;
      if (seen.has(key)) throw this.decodeFail(keyNode, `duplicate key "${key}" (JSON parsers would silently keep only one)`);
      seen.add(key);
      yield [key, keyNode, valueNode];
    }
  }

  private primary(key: string, keyNode: Node, value: Node): Entity[] {
    const name = this.context.hooks.structural(key, this.offset(keyNode), "name", true);
    if (RESERVED_KEYS.has(name)) throw this.decodeFail(keyNode, `"${name}" is reserved`);
    if (name === "act" && value.type === "array") {
      return (value.children ?? []).map((item) => ({ id: "act", value: this.string(item, "act", true) }));
    }
    return [{ id: name, value: this.string(value, name, true) }];
  }

  private secondary(key: string, keyNode: Node, value: Node): Entity[] {
    const verb = key.slice(SECONDARY_PREFIX.length);
    if (!FUNCTION_NAME.test(verb.toLowerCase())) throw this.decodeFail(keyNode, `"${key}" does not name an action (action_<verb>)`);
    if (verb !== verb.toLowerCase()) {
      this.context.repair("action_key_case", this.offset(keyNode), `"${key}" is not lower case`, [`"${SECONDARY_PREFIX}${verb.toLowerCase()}"`]);
    }
    const folded = this.context.hooks.structural(verb.toLowerCase(), this.offset(keyNode) + 1 + SECONDARY_PREFIX.length, "verb", true);
    const action = `!${folded.toUpperCase()}`;
    let items: Node[];
    if (value.type === "array") {
      items = value.children ?? [];
    } else {
      this.context.repair("secondary_not_array", this.offset(value), `"${key}" should be a list`, ["a JSON array"]);
      items = [value];
    }
    return items.map((item) => {
      if (item.type !== "object") return { id: "act", value: this.string(item, key, true), action };
      const entity = this.objectWith(item, ["id", "value"], `an item of "${key}"`) as Entity;
      if (hasOwn(entity, "action")) throw this.decodeFail(item, `items of "${key}" take their action from the key`);
      entity.action = action;
      return entity;
    });
  }

  private fullEntity(node: Node): Entity {
    return this.objectWith(node, ["id", "value"], "an entity", ["action"]) as Entity;
  }

  private constraint(node: Node): Constraint {
    return this.objectWith(node, ["type", "value"], "a constraint", ["time"]) as Constraint;
  }

  private alternative(node: Node): Alternative {
    return this.objectWith(node, ["action"], "an alternative", ["target", "location"]) as Alternative;
  }

  /**
   * An object whose `required` and `optional` fields must be strings (numbers and booleans are
   * repaired in lenient mode); all other fields are extras and keep any JSON value.
   */
  private objectWith(node: Node, required: readonly string[], what: string, optional: readonly string[] = []): Record<string, unknown> {
    if (node.type !== "object") throw this.fail(node, `${what} must be a JSON object`);
    const out: Record<string, unknown> = {};
    for (const [key, keyNode, value] of this.properties(node)) {
      const name = this.context.hooks.structural(key, this.offset(keyNode), "name", true);
      if (hasOwn(out, name)) throw this.decodeFail(keyNode, `duplicate key "${name}"`);
      const known = required.includes(name) || optional.includes(name);
      const isNullOptional = optional.includes(name) && value.type === "null";
      setField(out, name, known && !isNullOptional ? this.string(value, name, name !== "action" && name !== "type") : this.extra(value));
    }
    for (const key of required) {
      if (!hasOwn(out, key)) throw this.decodeFail(node, `${what} needs "${key}"`);
    }
    return out;
  }

  private list(node: Node, key: string): Node[] {
    if (node.type !== "array") throw this.fail(node, `"${key}" must be a list`);
    return node.children ?? [];
  }

  /**
   * A string slot. Where `coercible`, lenient mode accepts a number or boolean and keeps its
   * exact source text ("4.0" stays "4.0"), recording the repair.
   */
  private string(node: Node, key: string, coercible: boolean): string {
    if (node.type === "string") {
      const text = node.value as string;
      this.context.hooks.value(text, this.offset(node));
      return text;
    }
    if (coercible && (node.type === "number" || node.type === "boolean")) {
      const raw = this.text.slice(node.offset, node.offset + node.length);
      this.context.repair(
        node.type === "number" ? "number_as_string" : "boolean_as_string",
        this.offset(node),
        `"${key}" should be a string, got ${node.type} ${raw}`,
        ["a JSON string"],
      );
      return raw;
    }
    throw this.decodeFail(node, `"${key}" must be a string, got ${node.type}`);
  }

  /**
   * An extra field's value. A string goes through the sanitizer's value hook, exactly as the code
   * frontend's bare and quoted extra values do (docs/security.md: values are flagged, never
   * rewritten), so the same IR gets the same report from either frontend.
   */
  private extra(node: Node): JsonValue {
    if (node.type === "string") this.context.hooks.value(node.value as string, this.offset(node));
    return this.value(node);
  }

  /** Any JSON value, built so that a key "__proto__" stays an ordinary field. */
  private value(node: Node): JsonValue {
    switch (node.type) {
      case "object": {
        const out: Record<string, JsonValue> = {};
        for (const [key, , value] of this.properties(node)) setField(out, key, this.value(value));
        return out;
      }
      case "array":
        return (node.children ?? []).map((child) => this.value(child));
      default:
        return node.value as JsonValue;
    }
  }

  private offset(node: Node): number {
    return this.toSource(node.offset);
  }

  private fail(node: Node, message: string): SilpError {
    return new SilpError("invalid_syntax", message, { source: this.context.source, offset: this.offset(node) });
  }

  private decodeFail(node: Node, message: string): SilpError {
    return new SilpError("decode_failed", message, { source: this.context.source, offset: this.offset(node) });
  }
}
