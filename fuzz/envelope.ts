/** Fuzz target: fromEnvelope on what JSON.parse makes of the input, and the envelope round trip. */
import assert from "node:assert/strict";
import { type DecodeResult, fromEnvelope, toEnvelope } from "silp";
import type { FuzzTarget } from "./engine.js";
import { LENIENT, resultOrSilpError, STRICT } from "./properties.js";

function parse(input: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(input) };
  } catch {
    return undefined; // not JSON: the host protocol's business, not the codec's
  }
}

export const target: FuzzTarget = {
  name: "envelope",
  tokens: [
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    '"',
    "\\",
    '"silp"',
    '"v1"',
    '"v2"',
    '"silp_encoding"',
    '"code"',
    '"json"',
    '"natural"',
    '"silp_payload"',
    '"start(x)"',
    '"cancel(a); email(b)"',
    '"silp_meta"',
    '"silp_ir_version"',
    '"ir-v0.1"',
    '"req_id"',
    '"a1b2c3d4"',
    '"__proto__"',
    "null",
    "1",
    "true",
  ],
  check(input) {
    const parsed = parse(input);
    if (!parsed) return;
    for (const options of [LENIENT, STRICT]) {
      const result: DecodeResult | undefined = resultOrSilpError((): DecodeResult => fromEnvelope(parsed.value, options));
      if (!result || (result.frontend !== "code" && result.frontend !== "json")) continue;
      const envelope = JSON.parse(JSON.stringify(toEnvelope(result.ir, result.frontend, LENIENT)));
      for (const again of [STRICT, LENIENT]) {
        assert.deepStrictEqual(fromEnvelope(envelope, again).ir, result.ir, `envelope round trip changed the IR of ${JSON.stringify(envelope)}`);
      }
    }
  },
};
