/**
 * Shared by the client tests: arguments that use every property of every SILP tool, and the check
 * that a client delivered them whole.
 */
import assert from "node:assert/strict";
import { APPENDIX_EXAMPLES } from "silp/examples";
import type { SilpIRInput } from "silp";

type Schema = Record<string, unknown>;
type Json = unknown;

/** Meta beyond the defaults, with keys the IR schema does not name (spec 3.6 allows them). */
export const FULL_META = {
  session_id: "s-clients",
  priority: 2,
  confidence: 0.75,
  next_agent: "planner",
  x_trace: { hop: 2, path: ["router", "planner"], sampled: true },
  x_tenant: "acme",
};

/** Appendix example `ir` with FULL_META added to its own meta. */
export function withFullMeta(ir: SilpIRInput): SilpIRInput {
  return { ...ir, meta: { ...(ir.meta as { req_id: string }), ...FULL_META } };
}

export const FULL_META_EXAMPLES = APPENDIX_EXAMPLES.map((example) => ({ id: example.id, ir: withFullMeta(example.ir) }));

export const TEXT_PING = "//ping silp=v1 frontends=code,json";
export const JSON_PING = { silp_ping: { silp: ["v1"], frontends: ["code", "json"], x_future: "ignored by the receiver" } };

/** A.2 (its constraint already has a key the schema does not name, `subject`), one entity with another. */
const a2 = withFullMeta(APPENDIX_EXAMPLES[1]?.ir as SilpIRInput);
const irWithExtras: SilpIRInput = {
  ...a2,
  entities: (a2.entities ?? []).map((entity, i) => (i === 0 ? { ...entity, x_note: "kept" } : entity)),
};

/** For each tool, argument objects that together use every property its input schema declares. */
export const ARGUMENT_SAMPLES: Readonly<Record<string, readonly Record<string, Json>[]>> = {
  validate: [{ ir: irWithExtras, whitelist: "strict" }],
  compile: [
    { ir: irWithExtras, frontend: "json", inline_meta: true, whitelist: "strict" },
    { ir: { intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { x_only_custom: { deep: [1, { a: null }] } } } },
  ],
  decode: [
    {
      silp_encoding: "code",
      silp_payload: "cancel(flight)",
      silp_meta: { req_id: "e5f6a7b8", ...FULL_META },
      silp: "v1",
      silp_ir_version: "ir-v0.1",
      strict: false,
      whitelist: "strict",
    },
  ],
  negotiate: [{ ping: TEXT_PING }, { ping: JSON_PING }],
  count_tokens: [{ text: "cancel(flight)", tokenizers: ["gpt-4o"] }],
};

/** Every JSON Pointer a schema declares through `properties` and `items`, with its `type`. */
export function declaredPaths(schema: Schema, at = ""): string[] {
  const out: string[] = [`${at || "/"} ${JSON.stringify(schema.type ?? null)}`];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, inner] of Object.entries(properties)) out.push(...declaredPaths(inner, `${at}/${name}`));
  if (schema.items && typeof schema.items === "object" && !Array.isArray(schema.items)) out.push(...declaredPaths(schema.items as Schema, `${at}/[]`));
  if (schema.additionalProperties === true) out.push(`${at || "/"} additionalProperties`);
  return out.sort();
}

/**
 * `received` holds everything in `sent`, unchanged; a key `received` has beyond `sent` must be one
 * the schema gives a `default`, with that default as its value (a converter may fill defaults in).
 */
export function assertDeliveredWhole(sent: Json, received: Json, schema: Schema, path = ""): void {
  if (Array.isArray(sent)) {
    assert.ok(Array.isArray(received), `${path || "/"}: an array was sent, ${JSON.stringify(received)} arrived`);
    assert.equal(received.length, sent.length, `${path || "/"}: ${sent.length} entries sent, ${received.length} arrived`);
    const items = (schema.items ?? {}) as Schema;
    for (const [i, entry] of sent.entries()) assertDeliveredWhole(entry, received[i], items, `${path}/${i}`);
    return;
  }
  if (sent !== null && typeof sent === "object") {
    assert.ok(
      received !== null && typeof received === "object" && !Array.isArray(received),
      `${path || "/"}: an object was sent, ${JSON.stringify(received)} arrived`,
    );
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const got = received as Record<string, Json>;
    for (const [key, value] of Object.entries(sent)) {
      assert.ok(Object.hasOwn(got, key), `${path}/${key} was sent and did not arrive (arrived: ${JSON.stringify(received)})`);
      assertDeliveredWhole(value, got[key], properties[key] ?? {}, `${path}/${key}`);
    }
    for (const key of Object.keys(got).filter((k) => !Object.hasOwn(sent, k))) {
      const declared = properties[key];
      assert.ok(declared && "default" in declared, `${path}/${key} arrived without being sent, and the schema gives it no default`);
      assert.deepEqual(got[key], declared.default, `${path}/${key} arrived as ${JSON.stringify(got[key])}, not the schema's default`);
    }
    return;
  }
  assert.deepEqual(received, sent, `${path || "/"}: ${JSON.stringify(sent)} was sent, ${JSON.stringify(received)} arrived`);
}
