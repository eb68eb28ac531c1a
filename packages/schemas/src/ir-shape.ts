/**
 * The IR's shape as the normative schema (spec 3.9, `irSchema`) states it, read once: the
 * sub-objects, their fields and which are open. Generator and mapping both work from this, so a
 * field added to the normative schema reaches every variant and both directions of the mapping.
 */
import { irSchema } from "silp";

type Node = Record<string, unknown>;

/** A node of the normative schema. */
export type SchemaNode = Readonly<Node>;

/** The four open sub-objects and where they sit: a list of objects or one object. */
export const SUB_OBJECTS = [
  { name: "entities", list: true },
  { name: "constraints", list: true },
  { name: "alternatives", list: true },
  { name: "meta", list: false },
] as const;
export type SubObjectName = (typeof SUB_OBJECTS)[number]["name"];

const root = irSchema as unknown as Node;
const rootProperties = root.properties as Record<string, Node>;

export function rootSchema(): SchemaNode {
  return root;
}

/** The object schema of a sub-object (the item schema of a list). */
export function subObjectSchema(name: SubObjectName): SchemaNode {
  const node = rootProperties[name] as Node;
  return (node.type === "array" ? node.items : node) as Node;
}

/** The fields the normative schema names for a sub-object, in schema order. */
export function knownFields(name: SubObjectName): readonly string[] {
  return Object.keys(subObjectSchema(name).properties as Node);
}

/** The root's own fields (the root is closed: no extra fields). */
export function rootFields(): readonly string[] {
  return Object.keys(rootProperties);
}

/** The action-code pattern of the normative schema (intent, entity and alternative actions). */
export const ACTION_PATTERN = (rootProperties.intent as Node).pattern as string;
/** The protocol-version pattern (`silp`). */
export const SILP_PATTERN = (rootProperties.silp as Node).pattern as string;
