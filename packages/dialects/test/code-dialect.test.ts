/**
 * Today's code frontend is one point of the space: CODE_DIALECT prints byte for byte what
 * compile(ir, "code") prints and decodes what the code frontend decodes (strict), on every IR we
 * have: the study's 27 cases, the conformance suite's IRs, the printer fixture (expected payloads
 * written by hand), and seeded properties over the testkit's IR arbitraries.
 */
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import fc from "fast-check";
import { type SilpIRInput, compile, decode, isSilpError } from "silp";
import { CODE_DIALECT, DIALECT_SPACE, createDialect } from "@silp/dialects";
import { irArb } from "@silp/testkit/ir-arbitraries.js";
import { normalFormIrArb } from "@silp/testkit/normal-form-ir-arbitraries.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";

const RUNS = propertyRuns(1000);
const dialect = createDialect(CODE_DIALECT);

/**
 * Whether the code printer writes `payload` for `ir`. The dialect's decoder is stricter than the
 * code frontend's: it takes only what the printer writes (a quoted value that could be bare, for
 * one, is refused), and an earlier version's `#meta {...}` JSON trailer after the compact text.
 */
function printerWrites(ir: SilpIRInput, payload: string): boolean {
  const jsonTrailer = payload.indexOf(" #meta {");
  if (compile(ir, "code", { whitelist: "off" }) === payload) return true;
  return jsonTrailer >= 0 && compile(ir, "code", { whitelist: "off", inlineMeta: false }) === payload.slice(0, jsonTrailer);
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
}

/** Same result as the code frontend: the same text, or an error with the same code. */
function assertSamePrint(ir: unknown, options?: object): void {
  let expected: string | { error: string };
  try {
    expected = compile(ir as SilpIRInput, "code", options);
  } catch (error) {
    if (!isSilpError(error)) throw error;
    expected = { error: error.code };
  }
  let actual: string | { error: string };
  try {
    actual = dialect.print(ir as SilpIRInput, options);
  } catch (error) {
    if (!isSilpError(error)) throw error;
    actual = { error: error.code };
  }
  assert.deepStrictEqual(actual, expected, JSON.stringify(ir));
  if (typeof expected === "string") {
    const strict = { ...options, strict: true };
    assert.deepStrictEqual(dialect.parse(expected, strict), decode(expected, "code", strict).ir, expected);
  }
}

describe("CODE_DIALECT is the code frontend", () => {
  test("its genes are the first option of every gene", () => {
    assert.deepEqual(CODE_DIALECT.genes, Object.fromEntries(DIALECT_SPACE.map((gene) => [gene.name, gene.options[0]])));
  });

  test("the study's 27 cases", () => {
    const dir = "data/study/cases";
    const files = readdirSync(join(REPO_ROOT, dir)).filter((name) => name.endsWith(".json"));
    assert.equal(files.length, 27);
    for (const file of files) assertSamePrint(readJson(join(dir, file)));
  });

  test("the printer cases of the conformance suite: the payloads written by hand", () => {
    const { cases } = readJson("conformance/cases/compile.json") as {
      cases: { id: string; frontend: string; input: unknown; options?: object; expect: { output?: unknown } }[];
    };
    const printed = cases.filter((c) => c.frontend === "code" && c.id.startsWith("compile-code-printer-"));
    assert.ok(printed.length >= 10);
    for (const { id, input, expect } of printed) {
      const code = expect.output as string;
      assert.equal(dialect.print(input as SilpIRInput, { whitelist: "off" }), code, id);
      assert.deepStrictEqual(dialect.parse(code, { whitelist: "off" }), decode(code, "code", { whitelist: "off", strict: true }).ir, id);
    }
  });

  test("the conformance suite's IRs (compile, envelope and validate cases)", () => {
    let irs = 0;
    for (const file of ["compile", "envelope", "validate"]) {
      const { cases } = readJson(`conformance/cases/${file}.json`) as { cases: { input: unknown }[] };
      for (const { input } of cases) {
        const ir = (input as { silp_payload?: unknown }).silp_payload === undefined ? input : undefined;
        if (ir === undefined) continue;
        assertSamePrint(ir);
        irs++;
      }
    }
    assert.ok(irs >= 40, `${irs} IRs`);
  });

  test("every decode input of the suite and the codec's model replies: each code payload is refused, or accepted exactly when the code printer writes it", () => {
    let accepted = 0;
    let refused = 0;
    const suite = (readJson("conformance/cases/decode-code.json") as { cases: { frontend: string; input: string }[] }).cases;
    const replies = (readJson("packages/silp/test/fixtures/model-output-cases.json") as { cases: { frontend: string; payload: string }[] }).cases;
    for (const cases of [suite.map(({ frontend, input }) => ({ frontend, payload: input })), replies]) {
      for (const { frontend, payload } of cases) {
        if (frontend !== "code") continue;
        let canonical = false;
        let expected: unknown;
        try {
          expected = decode(payload, "code", { whitelist: "off", strict: true }).ir;
          canonical = printerWrites(expected as SilpIRInput, payload);
        } catch (error) {
          if (!isSilpError(error)) throw error;
        }
        if (canonical) {
          assert.deepStrictEqual(dialect.parse(payload, { whitelist: "off" }), expected, payload);
          accepted++;
        } else {
          const error = silpErrorOf(() => dialect.parse(payload, { whitelist: "off" }));
          // A payload strict decode reads but the printer would not write is refused by its syntax.
          if (expected !== undefined) assert.equal(error.code, "invalid_syntax", payload);
          refused++;
        }
      }
    }
    assert.ok(accepted >= 30 && refused >= 100, `${accepted} accepted, ${refused} refused`);
  });

  test(`seeded properties: any IR (${RUNS}) and any normal-form IR (${RUNS}), meta auto and inline`, () => {
    assertProperty(
      fc.property(irArb, fc.constantFrom("auto" as const, true), (ir, inlineMeta) => assertSamePrint(ir, { whitelist: "off", inlineMeta })),
      { numRuns: RUNS },
    );
    assertProperty(
      fc.property(normalFormIrArb, fc.constantFrom("auto" as const, true), (ir, inlineMeta) => assertSamePrint(ir, { whitelist: "off", inlineMeta })),
      { numRuns: RUNS },
    );
  });
});
