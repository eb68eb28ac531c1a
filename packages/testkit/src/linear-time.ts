/**
 * The one way the tests catch a super-linear path: run an entry point on an input and on one
 * `factor` times as long, and require the time to grow less than factor^1.5. Linear code grows
 * by about `factor`, a quadratic path by factor^2; factor^1.5 is the geometric middle of the two
 * (22.6 at 8x, 64 at 16x), so neither machine load nor a GC pause makes a linear path fail, and a
 * quadratic one cannot pass. The bound is on a ratio, never on a wall time: the machine is shared.
 *
 * Times are CPU time of this process (process.cpuUsage: on a loaded machine, wall time mostly
 * measures the other processes), medians of 3, measured up to three times before a failure: on
 * a loaded CI machine a linear path that allocates what it returns (a stream's 32K parts) measured
 * 22.9x twice in a row, as the collector's threads, counted in this process's CPU time, competed
 * with the other test workers; a quadratic path, near 64x, fails all three.
 *
 * The two sides do the same amount of work: one sample of the small input is `factor` runs of it,
 * timed together and divided by their count. Timing one small run against one large run made the
 * small side a millisecond or less, where the timer's grain decides, and let the large side alone
 * pay for the collections its allocation triggers (a linear shape measured 26x at 8x the input on
 * a loaded CI machine that way). Equal work allocates as much on both sides, so both pay alike.
 * `floorMs` still bounds the small side's per-run time from below.
 */
import assert from "node:assert/strict";
import { cpuMs } from "./cpu-time.js";

export interface Growth {
  smallMs: number;
  largeMs: number;
  /** large.length / small.length. */
  factor: number;
  /** largeMs / max(smallMs, floorMs). */
  ratio: number;
  /** factor^1.5: the ratio must stay under it. */
  bound: number;
}

/** Median CPU time of three samples of `runs` runs each, per run, in milliseconds. */
function medianCpuMs(run: () => void, runs = 1): number {
  const sample = () =>
    cpuMs(() => {
      for (let i = 0; i < runs; i++) run();
    }) / runs;
  return [sample(), sample(), sample()].sort((a, b) => a - b)[1] as number;
}

/** Measures how `run`'s time grows from `small` to `large` (after one warm-up run of each). */
function measureGrowth(run: (input: string) => unknown, small: string, large: string, floorMs = 1): Growth {
  const factor = large.length / small.length;
  const bound = factor ** 1.5;
  const once = (): Growth => {
    const smallMs = medianCpuMs(() => run(small), Math.round(factor));
    const largeMs = medianCpuMs(() => run(large));
    return { smallMs, largeMs, factor, ratio: largeMs / Math.max(smallMs, floorMs), bound };
  };
  run(small); // warm-up: the first run of a shape compiles its code paths
  run(large);
  let growth = once();
  for (let retry = 0; retry < 2 && growth.ratio >= bound; retry++) growth = once();
  return growth;
}

/** Fails unless `run`'s time grows less than factor^1.5 from `small` to `large`. */
export function assertLinearTime(label: string, run: (input: string) => unknown, small: string, large: string, floorMs = 1): Growth {
  assert.ok(large.length >= 4 * small.length, `${label}: the large input must be at least 4x the small one to tell linear from quadratic`);
  const growth = measureGrowth(run, small, large, floorMs);
  const { smallMs, largeMs, factor, ratio, bound } = growth;
  assert.ok(
    ratio < bound,
    `${label}: ${smallMs.toFixed(2)} ms at ${small.length} chars, ${largeMs.toFixed(2)} ms at ${large.length}: ` +
      `${factor.toFixed(0)}x the input took ${ratio.toFixed(1)}x the time (linear ~${factor.toFixed(0)}, quadratic ~${(factor ** 2).toFixed(0)}, bound ${bound.toFixed(1)})`,
  );
  return growth;
}
