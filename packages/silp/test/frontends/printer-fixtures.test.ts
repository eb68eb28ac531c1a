/**
 * Issue #17, printer fixtures: IR -> exact payload for the code and json frontends, with the
 * expected text written by hand (test/fixtures/printer-cases.json). Round-trip properties only
 * prove that the printer and the decoder agree; these pin what the printer writes.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "vitest";
import { compile, decode, type SilpIRInput } from "../../src/index.js";

interface PrinterCase {
  name: string;
  ir: SilpIRInput;
  code: string;
  json: string;
}

const { cases } = JSON.parse(readFileSync(new URL("../fixtures/printer-cases.json", import.meta.url), "utf8")) as { cases: PrinterCase[] };
const OFF = { whitelist: "off" } as const;

describe("printer fixtures: IR -> exact payload", () => {
  for (const fixture of cases) {
    for (const frontend of ["code", "json"] as const) {
      test(`${frontend}: ${fixture.name}`, () => {
        assert.equal(compile(fixture.ir, frontend, OFF), fixture[frontend]);
        // The hand-written payload decodes back to the same intent and entities' values.
        const decoded = decode(fixture[frontend], frontend, { ...OFF, strict: true }).ir;
        assert.equal(decoded.intent, fixture.ir.intent);
        assert.deepEqual(
          decoded.entities.map((entity) => entity.value),
          (fixture.ir.entities ?? []).map((entity) => entity.value),
        );
      });
    }
  }
});
