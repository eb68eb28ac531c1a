/**
 * The rule every model-facing text is held to (docs/integrations.md, "What a model reads"): the
 * text decodes, by itself, to the whole IR but the req_id. The oracle is the IR the sender meant
 * (its normal form, from the test), never the text's own decode compared with itself.
 */
import assert from "node:assert/strict";
import { decode, type SilpIR } from "silp";

/**
 * Decodes `text` alone in `frontend` (whitelist off: the rule is about carriage, not the verbs)
 * and checks that it gives `expected` with only the req_id allowed to differ. Returns the req_id
 * the text gave, so a caller can check whether it travelled.
 */
export function assertReadsWhole(text: string, frontend: string, expected: SilpIR, label: string): string {
  const read = decode(text, frontend, { whitelist: "off" }).ir;
  assert.deepStrictEqual(
    { ...read, meta: { ...read.meta, req_id: expected.meta.req_id } },
    expected,
    `${label}: ${JSON.stringify(text)} does not read as the whole IR`,
  );
  return read.meta.req_id;
}
