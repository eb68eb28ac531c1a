/**
 * Compares an adapter's answer with a case's expected value (docs/conformance.md "How answers
 * are compared"). The IR normalization here is written from docs/ir.md "Normal form" on its own:
 * it must not come from the codec under test, or our own adapter would be graded by itself.
 */
import { isDeepStrictEqual } from "node:util";
import type { AdapterAnswer, AdapterError, Operation } from "./protocol.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Optional IR fields where `null` means absent (docs/ir.md, normal form rule 2). */
const NULLABLE: Record<string, readonly string[]> = {
  entity: ["action"],
  constraint: ["time"],
  alternative: ["target", "location"],
  meta: ["session_id", "next_agent"],
};

function dropNulls(value: unknown, kind: keyof typeof NULLABLE): JsonObject {
  const copy: JsonObject = { ...(value as JsonObject) };
  for (const field of NULLABLE[kind] ?? []) if (copy[field] === null) delete copy[field];
  return copy;
}

/**
 * The normal form as far as a comparison needs it: defaults filled, optional nulls dropped,
 * every entity's `action` explicit. Order of entities, constraints, alternatives and seq is
 * kept (it is meaningful); key order does not matter to a deep comparison.
 */
export function normalizeIr(input: unknown): unknown {
  if (!isObject(input)) return input;
  const ir: JsonObject = { silp: "v1", version: "ir-v0.1", ...input };
  const intent = ir.intent;
  ir.entities = Array.isArray(input.entities)
    ? input.entities.map((entity) => {
        const copy = dropNulls(entity, "entity");
        if (copy.action === undefined) copy.action = intent ?? null;
        return copy;
      })
    : (input.entities ?? []);
  ir.constraints = Array.isArray(input.constraints) ? input.constraints.map((c) => dropNulls(c, "constraint")) : (input.constraints ?? []);
  ir.alternatives = Array.isArray(input.alternatives) ? input.alternatives.map((a) => dropNulls(a, "alternative")) : (input.alternatives ?? []);
  const meta = isObject(input.meta) ? dropNulls(input.meta, "meta") : {};
  ir.meta = { priority: 0, confidence: 1, seq: [], out: "natural", ...meta };
  return ir;
}

/** Equal IRs: normal forms deep-equal; `meta.req_id` only compared when the case states one. */
export function irDifference(actual: unknown, expected: unknown): string | null {
  const want = normalizeIr(expected) as JsonObject;
  const got = normalizeIr(actual);
  if (!isObject(got)) return "answer's IR is not an object";
  const wantMeta = want.meta as JsonObject;
  if (wantMeta.req_id === undefined && isObject(got.meta)) {
    const { req_id: _ignored, ...rest } = got.meta;
    got.meta = rest;
  }
  if (isDeepStrictEqual(got, want)) return null;
  return `IR differs: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
}

function sortedStrings(list: unknown, pick: (item: JsonObject) => string): string[] | null {
  if (!Array.isArray(list)) return null;
  const out: string[] = [];
  for (const item of list) {
    if (typeof item === "string") out.push(item);
    else if (isObject(item)) out.push(pick(item));
    else return null;
  }
  return out.sort();
}

function unique(list: string[] | null): string[] | null {
  return list === null ? null : [...new Set(list)];
}

function field(value: unknown, name: string): unknown {
  return isObject(value) ? value[name] : undefined;
}

function compareDecoded(actual: unknown, expected: unknown): string | null {
  if (!isObject(actual) || !("ir" in actual)) return "answer's output has no `ir`";
  const ir = irDifference(actual.ir, field(expected, "ir"));
  if (ir) return ir;
  const wantRepairs = field(expected, "repairs");
  // Repairs are optional in answers: an implementation that does not report them is graded on the IR.
  if (wantRepairs !== undefined && actual.repairs !== undefined) {
    // Kinds as a set: how many repairs one habit earns (one per space, or one per run) is the
    // implementation's business; which habits it repaired is not.
    const got = unique(sortedStrings(actual.repairs, (r) => String(r.kind)));
    const want = unique(sortedStrings(wantRepairs, (r) => String(r.kind)));
    if (!isDeepStrictEqual(got, want)) return `repair kinds differ: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
  }
  return null;
}

function compareValidation(actual: unknown, expected: unknown): string | null {
  if (typeof field(actual, "valid") !== "boolean") return "answer's output has no boolean `valid`";
  if (field(actual, "valid") !== field(expected, "valid")) return `valid: got ${field(actual, "valid")}, expected ${field(expected, "valid")}`;
  const key = (issue: JsonObject) => `${String(issue.rule)}/${String(issue.severity)}`;
  const got = sortedStrings(field(actual, "issues"), key);
  if (got === null) return "answer's output has no `issues` list";
  const want = sortedStrings(field(expected, "issues"), key) ?? [];
  const gotSet = [...new Set(got)];
  const wantSet = [...new Set(want)];
  if (isDeepStrictEqual(gotSet, wantSet)) return null;
  return `issues differ: got ${JSON.stringify(gotSet)}, expected ${JSON.stringify(wantSet)}`;
}

function compareLock(actual: unknown, expected: unknown): string | null {
  if (field(actual, "ok") !== field(expected, "ok")) return `ok: got ${JSON.stringify(field(actual, "ok"))}, expected ${field(expected, "ok")}`;
  const got = sortedStrings(field(actual, "problems"), (p) => String(p.kind));
  if (got === null) return "answer's output has no `problems` list";
  const want = sortedStrings(field(expected, "problems"), (p) => String(p.kind)) ?? [];
  if (isDeepStrictEqual([...new Set(got)], [...new Set(want)])) return null;
  return `problems differ: got ${JSON.stringify([...new Set(got)])}, expected ${JSON.stringify(want)}`;
}

function compareExact(actual: unknown, expected: unknown): string | null {
  return isDeepStrictEqual(actual, expected) ? null : `got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
}

const OUTPUT_COMPARATORS: Record<Operation, (actual: unknown, expected: unknown) => string | null> = {
  decode: compareDecoded,
  envelope: compareDecoded,
  compile: compareExact,
  validate: compareValidation,
  sanitize: compareExact,
  probe: compareExact,
  negotiate: compareExact,
  lock_verify: compareLock,
  dialect: compareExact,
};

function compareError(actual: AdapterError, expected: AdapterError): string | null {
  if (actual.code !== expected.code) return `error code ${actual.code}, expected ${expected.code}`;
  if (expected.offset !== undefined && actual.offset !== expected.offset) {
    return `error offset ${actual.offset ?? "(none)"}, expected ${expected.offset} (code points)`;
  }
  return null;
}

export type Verdict = { status: "pass" } | { status: "fail"; reason: string } | { status: "unsupported"; reason?: string };

/** Grades one answer against one case's `expect`. */
export function grade(operation: Operation, expect: { output: unknown } | { error: AdapterError }, answer: AdapterAnswer): Verdict {
  if ("unsupported" in answer) return { status: "unsupported", ...(answer.reason ? { reason: answer.reason } : {}) };
  let reason: string | null;
  if ("error" in expect) {
    reason = answer.ok
      ? `expected error ${expect.error.code}, got output ${JSON.stringify(answer.output).slice(0, 200)}`
      : compareError(answer.error, expect.error);
  } else {
    reason = answer.ok ? OUTPUT_COMPARATORS[operation](answer.output, expect.output) : `unexpected error ${answer.error.code}`;
  }
  return reason === null ? { status: "pass" } : { status: "fail", reason };
}
