/**
 * Validate once: decode does not re-check what the code and json decoders guarantee by
 * construction (the code frontend's schema, all but a trailer's silp, version and meta, which are
 * checked against the schema's own definitions of them; both frontends' nesting, which they bound
 * while parsing). The guarantee is tested here, not trusted: whatever text decode
 * accepts, from generated IRs' payloads, the same payloads damaged at random, and small depth
 * limits, its IR satisfies the spec's schema (Ajv compiling schema/silp-ir.schema.json here, not
 * the codec's generated validator) and is nested no deeper than `limits.maxDepth` allows (measured
 * here by a recursive walk). And what the claims skip is still caught where construction cannot guarantee
 * it: a trailer's meta, a JSON extra nested too deep, a depth limit below a flat IR's.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { compile, decode, irSchema, isSilpError, type SilpOptions } from "silp";
import { everyMetaFieldIrArb, irArb } from "@silp/testkit/ir-arbitraries.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";

const schema = new Ajv2020({ allErrors: true, strict: true, useDefaults: false }).compile(irSchema);

/** The deepest container of `value`: the root is 1 when it is an array or object (as limits.maxDepth counts). */
function depth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce((deepest: number, child) => Math.max(deepest, depth(child)), 0);
}

/** The text with `edits` applied: characters that matter to both grammars inserted, deleted or replaced. */
function damaged(text: string, edits: readonly { at: number; kind: number; char: string }[]): string {
  let out = text;
  for (const edit of edits) {
    const at = edit.at % (out.length + 1);
    out =
      edit.kind === 0
        ? out.slice(0, at) + edit.char + out.slice(at)
        : edit.kind === 1
          ? out.slice(0, at) + out.slice(at + 1)
          : out.slice(0, at) + edit.char + out.slice(at + 1);
  }
  return out;
}

const editArb = fc.record({
  at: fc.nat(),
  kind: fc.integer({ min: 0, max: 2 }),
  char: fc.constantFrom(..."()[]{},;:=#@!\"'` \n_-.0123456789abcpAZ"),
});

function acceptedIsValid(text: string, frontend: string, options: SilpOptions & { limits: { maxDepth: number } }): void {
  let result: ReturnType<typeof decode>;
  try {
    result = decode(text, frontend, options);
  } catch (error) {
    if (isSilpError(error)) return; // rejected: a typed error, nothing to check here
    throw error;
  }
  assert.ok(schema(result.ir), `${frontend} accepted ${JSON.stringify(text)} into an IR the schema rejects: ${JSON.stringify(schema.errors)}`);
  // The limit bounds what the payload nests; the normal form then adds its empty lists (meta.seq
  // is at depth 3 in every IR), so a flat IR is 3 deep whatever the limit.
  const measured = depth(result.ir);
  const bound = Math.max(options.limits.maxDepth, 3);
  assert.ok(measured <= bound, `${frontend} accepted ${JSON.stringify(text)} nested ${measured} deep, over ${bound}`);
}

test("whatever decode accepts satisfies the schema and the depth limit (generated payloads, damaged, small limits)", () => {
  assertProperty(
    fc.property(
      // IRs with every meta field: their code payloads carry a trailer, checked by its own schema.
      fc.oneof(irArb, everyMetaFieldIrArb),
      fc.constantFrom("code", "json"),
      fc.boolean(),
      fc.array(editArb, { maxLength: 4 }),
      fc.integer({ min: 1, max: 6 }),
      (ir, frontend, compact, edits, maxDepth) => {
        const options = { whitelist: "off", inlineMeta: compact ? false : ("auto" as const) } as const;
        let text: string;
        try {
          text = compile(ir, frontend, options);
        } catch (error) {
          if (isSilpError(error)) return;
          throw error;
        }
        for (const limits of [{ maxDepth }, { maxDepth: 64 }]) acceptedIsValid(damaged(text, edits), frontend, { ...options, limits });
      },
    ),
    { numRuns: propertyRuns(1500) },
  );
});

test("what construction cannot guarantee is still checked: a trailer's meta, a deep JSON extra, a limit below a flat IR", () => {
  const invalid = (text: string, frontend: string, options: SilpOptions, code: string, path?: string) => {
    assert.throws(
      () => decode(text, frontend, { whitelist: "off", ...options }),
      (error: unknown) => isSilpError(error) && error.code === code && (path === undefined || error.path === path),
      text,
    );
  };
  // The code frontend's trailer meta is the sender's: the schema runs on it.
  invalid("start(hike) #{c5}", "code", {}, "invalid_ir", "/meta/confidence");
  invalid('start(hike) #meta {"meta":{"priority":"high"}}', "code", {}, "invalid_ir", "/meta/priority");
  invalid('start(hike) #meta {"meta":{},"silp":"one"}', "code", {}, "invalid_ir", "/silp");
  // A JSON extra field nests by its own depth check, not by its place in the IR: decode measures the IR.
  // (root 1, entities 2, the entity 3, x 4, its inner list 5)
  invalid("start(hike[x=`[[1]]`])", "code", { limits: { maxDepth: 4 } }, "limit_exceeded");
  assert.deepEqual(decode("start(hike[x=`[[1]]`])", "code", { whitelist: "off", limits: { maxDepth: 5 } }).ir.entities[0], {
    id: "act",
    value: "hike",
    action: "!START",
    x: [[1]],
  });
  // A limit below the depth every IR has (its lists and their objects): rejected as before.
  invalid("start(hike)", "code", { limits: { maxDepth: 2 } }, "limit_exceeded");
  invalid('{"intent":"!START","act":"hike"}', "json", { limits: { maxDepth: 2 } }, "limit_exceeded");
  // json: a repair that reads an object as a list of one puts it a level deeper than written.
  invalid('{"intent":"!START","action_email":{"id":"to","value":"x","extra":[[1]]}}', "json", { limits: { maxDepth: 4 } }, "limit_exceeded");
  // A trailer's null session_id is read as absent, with the warning full validation gives.
  const nullSession = decode('start(hike) #meta {"meta":{"session_id":null,"p":1}}', "code", { whitelist: "off" });
  assert.deepEqual(Object.keys(nullSession.ir.meta), ["req_id", "priority", "confidence", "seq", "out", "p"]);
  assert.deepEqual(
    nullSession.warnings.map((warning) => [warning.rule, warning.path]),
    [["null-optional-field", "/meta/session_id"]],
  );
  // json's verbs are the sender's strings: the schema checks their pattern.
  invalid('{"intent":"!start","act":"hike"}', "json", {}, "invalid_ir", "/intent");
});
