/**
 * The IR as the study's judge saw it: compact JSON in the reference schema's field order
 * (silp, version, intent, entities, constraints, alternatives, meta; known fields of each
 * sub-object first, extra fields after in their own order) with absent/null fields dropped and
 * the reference's defaults filled in. Numbers print the JavaScript way (`1`, not Python's `1.0`).
 */
import type { SilpIRInput } from "silp";

type Obj = Record<string, unknown>;

function ordered(source: Obj, known: readonly string[], defaults: Obj = {}): Obj {
  const out: Obj = {};
  for (const key of known) {
    const value = source[key] ?? defaults[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  for (const [key, value] of Object.entries(source)) {
    if (!known.includes(key) && value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

export function compactIrJson(ir: SilpIRInput): string {
  const list = (value: unknown): Obj[] => (Array.isArray(value) ? (value as Obj[]) : []);
  const root = ir as unknown as Obj;
  return JSON.stringify({
    silp: root.silp ?? "v1",
    version: root.version ?? "ir-v0.1",
    intent: ir.intent,
    entities: list(ir.entities).map((e) => ordered(e, ["id", "value", "action"])),
    constraints: list(ir.constraints).map((c) => ordered(c, ["type", "value", "time"])),
    alternatives: list(ir.alternatives).map((a) => ordered(a, ["action", "target", "location"])),
    meta: ordered((ir.meta ?? {}) as Obj, ["priority", "confidence", "seq", "out", "next_agent", "req_id", "session_id"], {
      priority: 0,
      confidence: 1,
      seq: [],
      out: "natural",
    }),
  });
}
