/** Catching the SilpError a call throws or a promise rejects with, so tests can assert on its code and position. */
import assert from "node:assert/strict";
import { SilpError } from "silp";

export function silpErrorOf(fn: () => unknown): SilpError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a SilpError, but nothing was thrown");
}

export async function silpRejectionOf(promise: Promise<unknown>): Promise<SilpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof SilpError, `expected a SilpError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a SilpError, but the promise resolved");
}
