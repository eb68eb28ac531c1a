/**
 * The two ways the json frontend's one lowering (lower.ts) reads a parsed payload: the positioned
 * tree of tree.ts, whose nodes know their offsets and source text, and the plain value of the
 * native JSON.parse, which knows neither (the fast path: whatever needs a position declines, see
 * DECLINE). Both give the same types, properties in order, items and scalars, so the lowering is
 * written once.
 */
import type { JsonValue } from "../../ir/types.js";
import type { JsonNode } from "./tree.js";

export type JsonType = "object" | "array" | "string" | "number" | "boolean" | "null";

export interface JsonView<N> {
  type(node: N): JsonType;
  /** An object's properties in order: key, key node, value node (repeated keys included). */
  properties(node: N): readonly (readonly [string, N, N])[];
  /** True when no object can repeat a key (JSON.parse kept one of each; the text was checked). */
  readonly uniqueKeys: boolean;
  /** An array's items. */
  items(node: N): readonly N[];
  /** A string's value, a number, a boolean or null. */
  scalar(node: N): JsonValue;
  /** A number's or boolean's text as written. */
  raw(node: N): string;
  /** Where the node starts in the decode's source text. */
  offset(node: N): number;
  /**
   * The node as a JSON value of its own, when the view already holds one (JSON.parse's fresh
   * objects, which nothing else references); undefined when it must be built from the node.
   */
  plain(node: N): JsonValue | undefined;
}

/**
 * Thrown by the fast path's reporter at the first repair or error: the payload needs positions,
 * and the positioned view decodes it instead. Never escapes lower.ts.
 */
export const DECLINE: unique symbol = Symbol("decline the fast path");

/**
 * The reader's values (reader.ts): nodes at offsets of the text it read, which `toSource` maps to
 * the decode's source (a payload's start, or the text before a lenient repair); a scalar keeps its
 * text as written, since a stream no longer holds the text around it.
 */
export function positionedView(toSource: (offset: number) => number): JsonView<JsonNode> {
  return {
    type: (node) => node.type as JsonType,
    properties(node) {
      const out: (readonly [string, JsonNode, JsonNode])[] = [];
      for (const property of node.children ?? []) {
        // tree.ts builds every property with its key and value; a missing one is a parser bug.
        const [keyNode, valueNode] = property.children as [JsonNode, JsonNode];
        out.push([keyNode.value as string, keyNode, valueNode]);
      }
      return out;
    },
    uniqueKeys: false,
    items: (node) => node.children ?? [],
    scalar: (node) => node.value as JsonValue,
    raw: (node) => node.raw ?? "",
    offset: (node) => toSource(node.offset),
    plain: () => undefined,
  };
}

/** The value JSON.parse returned. Positions are unknown: the fast path declines before it needs one. */
export const parsedView: JsonView<unknown> = {
  type(node) {
    if (node === null) return "null";
    if (Array.isArray(node)) return "array";
    const type = typeof node;
    return type === "object" ? "object" : (type as JsonType);
  },
  properties(node) {
    const object = node as Record<string, unknown>;
    const out: (readonly [string, unknown, unknown])[] = [];
    // Own keys only: JSON.parse makes "__proto__" an own property like any other.
    for (const key of Object.keys(object)) out.push([key, key, object[key]]);
    return out;
  },
  // The fast path takes a value only when it has every member the text wrote (lower.ts, lowerParsedJson).
  uniqueKeys: true,
  items: (node) => node as readonly unknown[],
  scalar: (node) => node as JsonValue,
  raw: (node) => String(node),
  offset: () => 0,
  plain: (node) => node as JsonValue,
};
