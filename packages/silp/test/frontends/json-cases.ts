/**
 * What the json frontend's kill tests share (json-decoder.test.ts, json-decoder-printer.test.ts):
 * the default meta of a hand-written IR, the IR builder, and the check that a payload is rejected
 * with an exact code, offset and message.
 */
import assert from "node:assert/strict";
import { SilpError, decode, type SilpOptions } from "silp";

export const REQ = "abcd1234";
export const META = { req_id: REQ, priority: 0, confidence: 1, seq: [], out: "natural" };

export function ir(intent: string, entities: unknown[], extra: Record<string, unknown> = {}): unknown {
  return { silp: "v1", version: "ir-v0.1", intent, entities, constraints: [], alternatives: [], meta: META, ...extra };
}

export interface Rejection {
  code: string;
  offset: number;
  message: string;
  expected?: string[];
}

/**
 * A checker that json decoding of a payload throws a SilpError with the code and offset given, and
 * the message: equal to its first line ("first line": the rest is the code frame), or starting with
 * it ("prefix": the message goes on with detail the test does not pin).
 */
export function rejectsAs(match: "first line" | "prefix"): (payload: string, want: Rejection, options?: SilpOptions) => void {
  return (payload, want, options = {}) => {
    assert.throws(
      () => decode(payload, "json", options),
      (error: unknown) => {
        assert.ok(error instanceof SilpError, String(error));
        assert.equal(error.code, want.code, error.message);
        assert.equal(error.offset, want.offset, error.message);
        if (match === "first line") assert.equal(error.message.split("\n")[0], want.message);
        else assert.ok(error.message.startsWith(want.message), `message: ${error.message}`);
        if (want.expected) assert.deepEqual(error.expected, want.expected);
        return true;
      },
    );
  };
}
