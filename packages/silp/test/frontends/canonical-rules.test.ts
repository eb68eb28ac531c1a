/**
 * Strict mode's canonical rules: one row per rule of docs/grammar.md in
 * test/fixtures/canonical-rules.json. Strict decoding must reject each non-canonical form with
 * `invalid_syntax` at the exact offset (and line/column); lenient decoding must apply exactly the
 * named repairs at their offsets and give back the whole hand-written IR. The derived req_id is
 * computed here with node:crypto (spec 4.6), independently of the codec's @noble/hashes.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, test } from "vitest";
import { silpErrorOf } from "@silp/testkit/silp-errors.js";
import { decode, isSilpError } from "silp";

interface Position {
  offset: number;
  line: number;
  column: number;
}

interface Row {
  rule: string;
  payload: string;
  strict: Position;
  lenient: { error: Position } | { repairs: [string, number][]; reqIdText?: string; ir: Record<string, unknown> };
}

const { rows } = JSON.parse(readFileSync(new URL("../fixtures/canonical-rules.json", import.meta.url), "utf8")) as { rows: Row[] };

function derivedReqId(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 8);
}

function assertSyntaxErrorAt(payload: string, strict: boolean, expected: Position): void {
  const error = silpErrorOf(() => decode(payload, "code", { strict }));
  assert.ok(isSilpError(error, "invalid_syntax"), `${error.name}: ${error.message}`);
  assert.equal(error.code, "invalid_syntax", error.message);
  assert.deepEqual({ offset: error.offset, line: error.line, column: error.column }, expected, error.message);
}

describe("canonical rules: strict rejects, lenient repairs (docs/grammar.md)", () => {
  test("the table covers every repair kind of the code frontend", () => {
    const kinds = new Set(rows.flatMap((row) => ("repairs" in row.lenient ? row.lenient.repairs.map(([kind]) => kind) : [])));
    assert.deepEqual([...kinds].sort(), ["code_fence", "else_without_colon", "merged_primary_call", "space_after_comma", "then_for_colon", "whitespace"]);
  });

  for (const row of rows) {
    describe(`${row.rule}: ${JSON.stringify(row.payload)}`, () => {
      test("strict: invalid_syntax at the exact position", () => {
        assertSyntaxErrorAt(row.payload, true, row.strict);
      });

      test("lenient: the named repairs and the whole IR", () => {
        const lenient = row.lenient;
        if ("error" in lenient) {
          assertSyntaxErrorAt(row.payload, false, lenient.error);
          return;
        }
        const result = decode(row.payload, "code", { strict: false });
        assert.deepEqual(
          result.repairs.map((repair) => [repair.kind, repair.offset]),
          lenient.repairs,
        );
        const meta = lenient.ir.meta ?? {
          req_id: derivedReqId(lenient.reqIdText ?? row.payload.trim()),
          priority: 0,
          confidence: 1,
          seq: [],
          out: "natural",
        };
        assert.deepEqual(result.ir, { silp: "v1", version: "ir-v0.1", ...lenient.ir, meta });
      });
    });
  }
});
