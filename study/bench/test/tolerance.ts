import assert from "node:assert/strict";

/** Asserts |actual - expected| <= rel * |expected| (exact equality always passes). */
export function close(actual: number, expected: number, rel = 1e-9, label = ""): void {
  const ok = actual === expected || Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-300);
  assert.ok(ok, `${label} ${actual} != ${expected} (rel ${rel})`);
}
