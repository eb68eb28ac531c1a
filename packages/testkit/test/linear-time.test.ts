/**
 * The linear-time check tells the two apart: a loop over the input passes, a loop inside a loop
 * fails, and the message says how the time grew.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { assertLinearTime } from "../src/linear-time.js";

/** Touches every character once. */
function linear(input: string): number {
  let sum = 0;
  for (let i = 0; i < input.length; i++) sum += input.charCodeAt(i);
  return sum;
}

/** Touches every pair of characters (the shape of a scan that restarts at each position). */
function quadratic(input: string): number {
  let sum = 0;
  for (let i = 0; i < input.length; i++) for (let j = i; j < input.length; j++) sum += input.charCodeAt(j) & 1;
  return sum;
}

test("a linear scan passes 8x the input", () => {
  const growth = assertLinearTime("linear", linear, "a".repeat(400_000), "a".repeat(3_200_000));
  assert.equal(growth.factor, 8);
  assert.ok(Math.abs(growth.bound - 8 ** 1.5) < 1e-9);
});

test("a quadratic scan fails 8x the input, and the message gives the sizes and the ratio", () => {
  assert.throws(
    () => assertLinearTime("quadratic", quadratic, "a".repeat(2_000), "a".repeat(16_000)),
    /^AssertionError.*quadratic: .* ms at 2000 chars, .* ms at 16000: 8x the input took \d+\.\dx the time \(linear ~8, quadratic ~64, bound 22\.6\)/s,
  );
});

test("both sides do the same work: each run of the large input is matched by factor runs of the small one", () => {
  const calls = { small: 0, large: 0 };
  const small = "a".repeat(100_000);
  const counted = (input: string) => {
    if (input === small) calls.small++;
    else calls.large++;
    return linear(input);
  };
  assertLinearTime("counted", counted, small, "a".repeat(800_000));
  // One warm-up run of each, then three samples: the small side's samples are 8 runs each.
  assert.equal(calls.large % 3, 1);
  assert.equal(calls.small - 1, 8 * (calls.large - 1));
});

test("a linear path the machine slowed is measured again, up to three times: slowed twice it passes, slowed three times it fails", () => {
  // Inputs of milliseconds, not fractions of one: the last, unslowed measurement must come out
  // near 8x even on a machine busy with other work, and a sub-millisecond small side let one
  // busy moment read 27x on a shared 2-core machine.
  const small = "a".repeat(1_600_000);
  const large = "a".repeat(12_800_000);
  /** The large side 6x slower in the first `rounds` measurements (after its warm-up run; 3 samples each). */
  const slowedFor = (rounds: number) => {
    let largeRuns = 0;
    return (input: string): number => {
      if (input === small) return linear(input);
      largeRuns++;
      const round = Math.ceil((largeRuns - 1) / 3);
      let sum = linear(input);
      if (round >= 1 && round <= rounds) for (let extra = 0; extra < 5; extra++) sum += linear(input);
      return sum;
    };
  };
  assertLinearTime("slowed twice", slowedFor(2), small, large, 0.01);
  assert.throws(() => assertLinearTime("slowed three times", slowedFor(3), small, large, 0.01), /slowed three times: .* 8x the input took/);
});

test("inputs less than 4x apart are refused: they cannot tell linear from quadratic", () => {
  assert.throws(() => assertLinearTime("close", linear, "a".repeat(1000), "a".repeat(2000)), /at least 4x/);
});
