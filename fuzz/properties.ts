/**
 * The property every fuzz target checks: the entry point returns a result or throws a SilpError
 * (any other exception is a crash), and a decoded IR survives a round trip: compiling it again
 * (meta inline, so the req_id travels too) and decoding that payload gives the same IR, in
 * strict and in lenient mode.
 */
import assert from "node:assert/strict";
import { compile, type DecodeResult, isSilpError, type SilpOptions } from "silp";

/** The whitelist is off so that the fuzzer reaches past the verb check. */
export const LENIENT: SilpOptions = Object.freeze({ whitelist: "off" });
export const STRICT: SilpOptions = Object.freeze({ whitelist: "off", strict: true });

/** Runs `call`; a SilpError means "invalid input" (undefined), any other exception propagates. */
export function resultOrSilpError<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    if (isSilpError(error)) return undefined;
    throw error;
  }
}

/** compile -> decode gives the same IR back, strict and lenient, for a code or json result. */
export function assertRoundTrip(result: DecodeResult, decodeAgain: (payload: string, options: SilpOptions) => DecodeResult): void {
  const payload = compile(result.ir, result.frontend, { ...LENIENT, inlineMeta: true });
  for (const options of [STRICT, LENIENT]) {
    const again = decodeAgain(payload, options);
    assert.deepStrictEqual(again.ir, result.ir, `round trip (strict: ${options.strict === true}) changed the IR of payload ${JSON.stringify(payload)}`);
  }
}
