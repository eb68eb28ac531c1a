/** Runs the data-driven decode conformance fixtures of test/fixtures/decode-cases.json. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "vitest";
import { decode, SilpError, type SilpOptions } from "silp";

interface Fixture {
  name: string;
  spec: string;
  frontend: string;
  payload: string;
  options?: SilpOptions;
  error?: { code: string; offset?: number | null; line?: number; column?: number; path?: string; details?: unknown; message?: string; expected?: string[] };
  repairs?: string[];
  /** Each repair whole: kind, offset and message. */
  repairDetails?: [string, number, string][];
  version?: string;
  /** The decoded meta but its req_id (derived from the text). */
  meta?: Record<string, unknown>;
  repairOffsets?: number[];
  intent?: string;
  warnings?: string[];
  entities?: unknown[];
  constraints?: unknown[];
  alternatives?: unknown[];
}

const { cases } = JSON.parse(readFileSync(new URL("../fixtures/decode-cases.json", import.meta.url), "utf8")) as { cases: Fixture[] };

describe("decode conformance fixtures", () => {
  for (const fixture of cases) {
    test(`${fixture.name} [${fixture.spec}]`, () => {
      if (fixture.error) {
        const expected = fixture.error;
        assert.throws(
          () => decode(fixture.payload, fixture.frontend, fixture.options),
          (error: unknown) => {
            assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
            assert.equal(error.code, expected.code, error.message);
            // null: an IR-level error, positioned by its JSON Pointer path instead of an offset.
            if (expected.offset !== undefined) assert.equal(error.offset, expected.offset ?? undefined, error.message);
            if (expected.path !== undefined) assert.equal(error.path, expected.path, error.message);
            if (expected.details !== undefined) assert.deepEqual(error.details, expected.details);
            if (expected.line !== undefined) assert.equal(error.line, expected.line);
            if (expected.column !== undefined) assert.equal(error.column, expected.column);
            if (expected.message !== undefined) assert.equal(error.message, expected.message);
            if (expected.expected !== undefined) assert.deepEqual(error.expected, expected.expected);
            return true;
          },
        );
        return;
      }
      const result = decode(fixture.payload, fixture.frontend, fixture.options);
      if (fixture.repairs)
        assert.deepEqual(
          result.repairs.map((repair) => repair.kind),
          fixture.repairs,
        );
      if (fixture.warnings) assert.deepEqual([...new Set(result.warnings.map((warning) => warning.rule))].sort(), [...fixture.warnings].sort());
      if (fixture.repairOffsets)
        assert.deepEqual(
          result.repairs.map((repair) => repair.offset),
          fixture.repairOffsets,
        );
      if (fixture.repairDetails)
        assert.deepEqual(
          result.repairs.map((repair) => [repair.kind, repair.offset, repair.message]),
          fixture.repairDetails,
        );
      if (fixture.version) assert.equal(result.ir.version, fixture.version);
      if (fixture.meta) {
        const { req_id: _derived, ...meta } = result.ir.meta;
        assert.deepEqual(meta, fixture.meta);
      }
      if (fixture.intent) assert.equal(result.ir.intent, fixture.intent);
      if (fixture.entities) assert.deepEqual(result.ir.entities, fixture.entities);
      if (fixture.constraints) assert.deepEqual(result.ir.constraints, fixture.constraints);
      if (fixture.alternatives) assert.deepEqual(result.ir.alternatives, fixture.alternatives);
      // Every success names at least one part of the IR it must decode to.
      assert.ok(fixture.entities || fixture.constraints || fixture.alternatives, "a fixture that decodes checks the IR");
      for (const repair of result.repairs) {
        assert.ok(repair.offset >= 0 && repair.offset <= fixture.payload.length, "repairs carry a position in the payload");
      }
    });
  }
});
