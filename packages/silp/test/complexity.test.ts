/**
 * No pathological input shape has a quadratic path. For every shape
 * of the complexity benchmark (packages/testkit/src/complexity-shapes.ts: code and json decode,
 * fromEnvelope, the probe parsers; `npm run bench:complexity` prints their growth exponents) the
 * time at 8n is compared with the time at n, medians of 3 runs. Linear code gives a ratio near 8,
 * a quadratic path near 64; the bound, 24, is far from both, so machine load does not make this
 * flaky and a quadratic path cannot pass. Times are CPU time (process.cpuUsage), medians of 3,
 * measured once more before a failure. n = 8K characters keeps the file to about 10 s of CPU on
 * this 2-core machine; the last quadratic path found (mixed-script values) takes about 3 s at 8n = 64K and shows a ratio near 64 there.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { SHAPES } from "@silp/testkit/complexity-shapes.js";

const N = Number(process.env.SILP_COMPLEXITY_N ?? 8_000);
const FACTOR = 8;
const BOUND = 24;
/** Times below this are timer and scheduler noise, not work: the ratio's denominator never goes lower. */
const FLOOR_MS = 0.5;

/**
 * Median CPU time of `runs` runs in milliseconds (user + system of this process): on a loaded
 * machine, wall time mostly measures the other processes.
 */
function medianTime(run: () => void, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    run();
    const spent = process.cpuUsage(before);
    times.push((spent.user + spent.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

/** The ratio of the medians at 8n and n. */
function ratioOf(run: (input: string) => string, small: string, large: string): { smallMs: number; largeMs: number; ratio: number } {
  const smallMs = Math.max(
    medianTime(() => run(small)),
    FLOOR_MS,
  );
  const largeMs = medianTime(() => run(large));
  return { smallMs, largeMs, ratio: largeMs / smallMs };
}

for (const shape of SHAPES) {
  test(`${shape.name}: ${FACTOR}x the input takes less than ${BOUND}x the time`, () => {
    const small = shape.build(N);
    const large = shape.build(FACTOR * N);
    const outcome = shape.run(small); // warm-up
    assert.equal(shape.run(large), outcome, "the shape reaches the same outcome at both sizes");
    let measured = ratioOf(shape.run, small, large);
    // One more measurement before failing: a GC pause can spoil one median, a quadratic path fails both.
    if (measured.ratio >= BOUND) measured = ratioOf(shape.run, small, large);
    const { smallMs, largeMs, ratio } = measured;
    assert.ok(
      ratio < BOUND,
      `${shape.name}: ${smallMs.toFixed(2)} ms at ${small.length} chars, ${largeMs.toFixed(2)} ms at ${large.length}: ratio ${ratio.toFixed(1)} (linear ~${FACTOR}, quadratic ~${FACTOR ** 2})`,
    );
  });
}
