/**
 * What this implementation says about the conformance suite's decode inputs beyond what the suite
 * states for every implementation (fixtures/decode-diagnostics.json, keyed by case id): its
 * messages, expected-token lists, lines and columns, JSON Pointer paths, error details, each
 * repair's offset and message, and the rules of its warnings. The suite's own expectations (code,
 * offset, IR, repair kinds) are graded for every case in process by
 * packages/cli/test/conformance-in-process.test.ts, which the codec's mutation runs include.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { loadSuite, requestFor } from "@silp/conformance";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { decode, SilpError, type SilpOptions } from "silp";

interface Diagnostics {
  error?: { offset?: null; line?: number; column?: number; path?: string; details?: unknown; message?: string; expected?: string[] };
  /** Each repair whole: kind, offset and message. */
  repairDetails?: [string, number, string][];
  repairOffsets?: number[];
  warnings?: string[];
}

const sections = loadSuite(join(REPO_ROOT, "conformance")).sections.filter((section) => section.operation === "decode");
const { cases: diagnostics } = JSON.parse(readFileSync(new URL("../fixtures/decode-diagnostics.json", import.meta.url), "utf8")) as {
  cases: Record<string, Diagnostics>;
};

for (const section of sections) {
  describe(`what decode says about conformance ${section.section}`, () => {
    for (const testCase of section.cases) {
      const said = diagnostics[testCase.id];
      if (!said) continue;
      test(`${testCase.id} [${testCase.spec}]`, () => {
        const request = requestFor(section, testCase);
        checkDiagnostics(request.input as string, request.frontend as string, request.options as SilpOptions, said);
      });
    }
  });
}

function checkDiagnostics(text: string, frontend: string, options: SilpOptions, said: Diagnostics): void {
  if (said.error) {
    const expected = said.error;
    assert.throws(
      () => decode(text, frontend, options),
      (error: unknown) => {
        assert.ok(error instanceof SilpError);
        // null: an IR-level error, positioned by its JSON Pointer path instead of an offset.
        if (expected.offset === null) assert.equal(error.offset, undefined, error.message);
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
  const result = decode(text, frontend, options);
  if (said.warnings) assert.deepEqual([...new Set(result.warnings.map((warning) => warning.rule))].sort(), [...said.warnings].sort());
  if (said.repairOffsets)
    assert.deepEqual(
      result.repairs.map((repair) => repair.offset),
      said.repairOffsets,
    );
  if (said.repairDetails)
    assert.deepEqual(
      result.repairs.map((repair) => [repair.kind, repair.offset, repair.message]),
      said.repairDetails,
    );
}

test("every diagnostics row names a decode case of the suite, and says something", () => {
  const ids = new Set(sections.flatMap((section) => section.cases.map((testCase) => testCase.id)));
  for (const [id, said] of Object.entries(diagnostics)) {
    assert.ok(ids.has(id), `${id} is not a decode case of conformance/`);
    assert.ok(Object.keys(said).length > 0, `${id} says nothing`);
  }
});
