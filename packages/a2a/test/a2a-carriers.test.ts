/**
 * A2A's part forms and AIDIP's object form give back the whole normal form (docs/integrations.md,
 * "What a model reads"): the text part holds a text that decodes by itself to the IR but the
 * req_id, and its metadata the rest of the envelope; the data part the whole envelope. Over the study's 27 cases and generated IRs with
 * every meta field set, through JSON as on the wire; the oracle is the input's own normal form.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { fromEnvelope, toEnvelope, validate, type SilpIR, type SilpIRInput } from "silp";
import { envelopePart, readSilpMessage, SILP_EXTENSION_URI, silpMessage } from "@silp/a2a";
import { readSilpInvocation, silpInvocation } from "@silp/a2a/aidip";
import { everyMetaFieldIrArb } from "@silp/testkit/ir-arbitraries.js";
import { assertReadsWhole } from "@silp/testkit/model-reads.js";
import { assertProperty, propertyRuns } from "@silp/testkit/property.js";
import { loadStudyCases } from "@silp/testkit/study-cases.js";

const OFF = { whitelist: "off" } as const;
const RUNS = Math.max(100, Math.ceil(propertyRuns(1000) / 3));

function checkCarriers(input: SilpIRInput): void {
  const expected = validate(input, OFF).ir as SilpIR;
  for (const frontend of ["code", "json"]) {
    const envelope = toEnvelope(input, frontend, OFF);
    for (const form of ["text", "data"] as const) {
      const message = JSON.parse(JSON.stringify(silpMessage([envelopePart(envelope, form)])));
      const content = readSilpMessage(message);
      assert.equal(content.kind, "envelope");
      if (content.kind !== "envelope") return;
      assert.deepStrictEqual(fromEnvelope(content.envelope, OFF).ir, expected, `${form} part, ${frontend}`);
      if (form === "text") {
        const part = message.parts[0];
        const derived = assertReadsWhole(part.content.value, frontend, expected, `text part, ${frontend}`);
        assert.notEqual(derived, expected.meta.req_id, "the req_id rides in the metadata, not in the text");
        assert.deepEqual(
          Object.keys(part.metadata[SILP_EXTENSION_URI]).sort(),
          Object.keys(envelope)
            .filter((key) => key !== "silp_payload")
            .sort(),
        );
      }
    }
    const body = JSON.parse(JSON.stringify(silpInvocation(input, { ...OFF, frontend, fields: { lang: "en" } })));
    const read = readSilpInvocation(body, OFF);
    assert.deepStrictEqual(read.ir, expected, `AIDIP ${frontend}`);
    assert.deepStrictEqual(read.params, { lang: "en" });
  }
}

describe("A2A parts and AIDIP give back the whole normal form; the text part alone reads as the IR but the req_id", () => {
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
