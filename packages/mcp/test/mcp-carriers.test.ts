/**
 * MCP's two carriers give back the whole normal form, and the text a model reads decodes by
 * itself to the IR but the req_id (docs/integrations.md, "What a model reads"): tool-call
 * arguments (the -02 wrapper fields) and tool results (text content + structuredContent). Over
 * the study's 27 cases and generated IRs with every meta field set; the oracle is the input's
 * own normal form.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { compile, decode, validate, type SilpIR, type SilpIRInput } from "silp";
import { readSilpToolResult, silpToolResult, unwrapSilpArguments, wrapSilpArguments } from "@silp/mcp";
import { everyMetaFieldIrArb } from "@silp/testkit/ir-arbitraries.js";
import { assertReadsWhole } from "@silp/testkit/model-reads.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { loadStudyCases } from "@silp/testkit/study-cases.js";

const OFF = { whitelist: "off" } as const;
const RUNS = Math.max(100, Math.ceil(propertyRuns(1000) / 3));

function checkCarriers(input: SilpIRInput): void {
  const expected = validate(input, OFF).ir as SilpIR;
  for (const frontend of ["code", "json"]) {
    const compact = compile(input, frontend, { ...OFF, inlineMeta: false });
    const args = wrapSilpArguments(input, { user_id: "u1" }, { ...OFF, frontend });
    assert.equal(args.silp_payload, compact);
    const unwrapped = unwrapSilpArguments(JSON.parse(JSON.stringify(args)), OFF);
    assert.deepStrictEqual(unwrapped.ir, expected, `arguments ${frontend}`);
    assert.deepStrictEqual(unwrapped.params, { user_id: "u1" });
    const result = silpToolResult(input, { ...OFF, frontend });
    assert.equal(result.content.length, 1);
    const text = result.content[0]?.text ?? "";
    // The req_id rides in structuredContent; the text's own is the one decode derives from it.
    assert.notEqual(assertReadsWhole(text, frontend, expected, `result text, ${frontend}`), expected.meta.req_id);
    assert.deepStrictEqual(readSilpToolResult({ content: result.content }, { ...OFF, frontend }), {
      ...expected,
      meta: { ...expected.meta, req_id: decode(text, frontend, OFF).ir.meta.req_id },
    });
    assert.deepStrictEqual(readSilpToolResult(JSON.parse(JSON.stringify(result)), OFF), expected, `result ${frontend}`);
  }
}

describe("MCP carriers give back the whole normal form; the text alone reads as the IR but the req_id", () => {
  test("the study's 27 cases", () => {
    for (const { ir } of loadStudyCases()) checkCarriers(ir as SilpIRInput);
  });

  test("generated IRs with every meta field set", () => {
    assertProperty(
      fc.property(everyMetaFieldIrArb, (ir) => {
        checkCarriers(ir);
      }),
      { numRuns: RUNS },
    );
  });
});
