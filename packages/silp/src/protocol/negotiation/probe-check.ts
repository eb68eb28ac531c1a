/**
 * Validation of probe contents shared by the JSON form, the formatter and local capability
 * lists: version and frontend lists are non-empty, at most 16 entries, well-formed and free of
 * duplicates. Failures are `invalid_syntax` (or `limit_exceeded` for too many entries) with a
 * JSON Pointer to the offending entry.
 */
import { SilpError } from "../../errors.js";
import {
  MAX_DIALECT_OFFERS,
  MAX_LIST_ITEMS,
  READER_ORDERS,
  dialectRefName,
  isDialectRef,
  isFrontendName,
  isTokenizerFamily,
  isVersion,
  type Ping,
  type Pong,
  type Probe,
  type ProbeDialectFields,
  type ReaderOrder,
} from "./probe.js";

export type ListKind = "silp" | "frontends" | "dialects" | "want";

const DIALECT_REF_RULE = { test: isDialectRef, describe: "a dialect reference (x-name@sha256: and 64 lowercase hex digits)", max: MAX_DIALECT_OFFERS };
const ITEM_RULE: Record<ListKind, { test: (v: unknown) => v is string; describe: string; max: number }> = {
  silp: { test: isVersion, describe: "a version like v1 (v and 1-9 digits)", max: MAX_LIST_ITEMS },
  frontends: { test: isFrontendName, describe: "a frontend name ([a-z][a-z0-9_-]*, at most 32 characters)", max: MAX_LIST_ITEMS },
  dialects: DIALECT_REF_RULE,
  want: DIALECT_REF_RULE,
};

/** Where a probe breaks a rule that spans its fields: the field, the entry, and why. */
export interface FieldProblem {
  field: "dialects" | "want";
  /** The entry of the list that breaks the rule. */
  index: number;
  message: string;
}

/**
 * The rules between fields of the dialect extension, for both forms (each reports the problem at
 * its own kind of position): a dialect is named once, and every offered or held dialect is in
 * `frontends` (which gives its priority); a wanted one is not (the receiver lacks it).
 */
export function dialectFieldProblem(probe: ProbeDialectFields & { frontends: readonly string[]; want?: readonly string[] }): FieldProblem | undefined {
  const listed = new Set(probe.frontends);
  for (const field of ["dialects", "want"] as const) {
    const names = new Set<string>();
    const refs = probe[field] ?? [];
    for (const [index, ref] of refs.entries()) {
      const name = dialectRefName(ref);
      if (names.has(name)) return { field, index, message: `${field} names the dialect ${name} twice (a name stands for one spec)` };
      names.add(name);
      if (field === "dialects" && !listed.has(name)) return { field, index, message: `the dialect ${name} is not in frontends (which gives its priority)` };
      if (field === "want" && listed.has(name)) return { field, index, message: `want asks for ${name}, which this pong lists as a frontend it holds` };
    }
  }
  return undefined;
}

/** Checks the tokenizer and order fields of a JSON probe or a caller's object. */
function checkReaderFields(value: { tokenizer?: unknown; order?: unknown }, path: string): { tokenizer?: string; order?: ReaderOrder } {
  const out: { tokenizer?: string; order?: ReaderOrder } = {};
  if (value.tokenizer !== undefined) {
    if (!isTokenizerFamily(value.tokenizer)) {
      throw new SilpError("invalid_syntax", `${path}/tokenizer is not a tokenizer family ([a-z0-9][a-z0-9._-]*, at most 32 characters)`, {
        path: `${path}/tokenizer`,
        expected: ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini", "unknown"],
      });
    }
    out.tokenizer = value.tokenizer;
  }
  if (value.order !== undefined) {
    if (!READER_ORDERS.includes(value.order as ReaderOrder)) {
      throw new SilpError("invalid_syntax", `${path}/order must be "listed" or "cost"`, { path: `${path}/order`, expected: [...READER_ORDERS] });
    }
    out.order = value.order as ReaderOrder;
  }
  return out;
}

/**
 * The dialect extension's fields of a probe object (JSON form or a caller's): each present field
 * checked, the cross-field rules applied. `kind` limits `want` to pongs and `specs` to pings.
 */
export function checkDialectFields(
  value: { dialects?: unknown; want?: unknown; tokenizer?: unknown; order?: unknown; specs?: unknown },
  kind: Probe["kind"],
  frontends: readonly string[],
  path: string,
  names: { specs: string } = { specs: "specs" },
): ProbeDialectFields & { want?: string[]; specs?: unknown[] } {
  const out: ProbeDialectFields & { want?: string[]; specs?: unknown[] } = {};
  if (value.dialects !== undefined) out.dialects = checkList(value.dialects, "dialects", `${path}/dialects`);
  if (value.want !== undefined) {
    if (kind === "ping") throw new SilpError("invalid_syntax", "a ping carries no want member (the receiver asks for dialects)", { path: `${path}/want` });
    out.want = checkList(value.want, "want", `${path}/want`);
  }
  if (value.specs !== undefined) {
    const at = `${path}/${names.specs}`;
    if (kind === "pong") throw new SilpError("invalid_syntax", `a pong carries no ${names.specs} member (the sender sends specs)`, { path: at });
    if (!Array.isArray(value.specs)) throw new SilpError("invalid_syntax", `${at} must be an array`, { path: at });
    if (value.specs.length === 0) throw new SilpError("invalid_syntax", `${at} must not be empty`, { path: at });
    if (value.specs.length > MAX_DIALECT_OFFERS) {
      throw new SilpError("limit_exceeded", `${at} has ${value.specs.length} entries; at most ${MAX_DIALECT_OFFERS} are accepted`, { path: at });
    }
    out.specs = [...value.specs];
  }
  Object.assign(out, checkReaderFields(value, path));
  const problem = dialectFieldProblem({ ...out, frontends });
  if (problem !== undefined) {
    const at = `${path}/${problem.field}/${problem.index}`;
    throw new SilpError("invalid_syntax", problem.message, { path: at });
  }
  return out;
}

/** Checks one list and returns a copy of it. `path` is the JSON Pointer of the list. */
export function checkList(value: unknown, kind: ListKind, path: string): string[] {
  if (!Array.isArray(value)) throw new SilpError("invalid_syntax", `${path} must be an array`, { path, expected: [`${kind} list`] });
  if (value.length === 0) throw new SilpError("invalid_syntax", `${path} must not be empty`, { path });
  const rule = ITEM_RULE[kind];
  if (value.length > rule.max) {
    throw new SilpError("limit_exceeded", `${path} has ${value.length} entries; at most ${rule.max} are accepted`, { path });
  }
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    const itemPath = `${path}/${index}`;
    if (!rule.test(item)) {
      throw new SilpError("invalid_syntax", `${itemPath} is not ${rule.describe}`, { path: itemPath, expected: [rule.describe] });
    }
    if (seen.has(item)) throw new SilpError("invalid_syntax", `${itemPath} repeats "${item}"`, { path: itemPath });
    seen.add(item);
  });
  return [...seen];
}

export function checkFrontendName(value: unknown, path: string): string {
  if (!isFrontendName(value)) {
    throw new SilpError("invalid_syntax", `${path} is not ${ITEM_RULE.frontends.describe}`, {
      path,
      expected: [ITEM_RULE.frontends.describe],
    });
  }
  return value;
}

/** Checks a probe object (from a caller or an envelope) and returns a clean copy. */
export function checkProbe(probe: Probe, path = ""): Probe {
  if (probe.kind !== "ping" && probe.kind !== "pong") {
    throw new SilpError("invalid_syntax", `${path}/kind must be "ping" or "pong"`, { path: `${path}/kind` });
  }
  const versions = checkList(probe.versions, "silp", `${path}/versions`);
  const frontends = checkList(probe.frontends, "frontends", `${path}/frontends`);
  const fields = checkDialectFields(probe as Probe & { want?: unknown; specs?: unknown }, probe.kind, frontends, path);
  if (probe.kind === "ping") return { kind: "ping", versions, frontends, ...fields } satisfies Ping;
  const pong: Pong = { kind: "pong", versions, frontends, ...fields };
  if (probe.prefer !== undefined) pong.prefer = checkFrontendName(probe.prefer, `${path}/prefer`);
  return pong;
}
