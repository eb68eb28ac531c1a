/**
 * The one way the tests run a fast-check property: always with a seed, so a failure
 * is reproducible. The seed is fixed by default and can be overridden with SILP_FC_SEED (an
 * integer) to explore other inputs, e.g. in a nightly job. fast-check puts the seed and the
 * shrunk counterexample's path in its failure message; the message here adds how to replay it.
 * packages/testkit/test/property-seeds.test.ts fails when a test calls fc.assert or fc.check
 * directly.
 */
import fc from "fast-check";

/** The seed every property uses unless SILP_FC_SEED says otherwise. */
export const DEFAULT_PROPERTY_SEED = 17_2026;

/** The seed of this run: SILP_FC_SEED when set (a 32-bit integer), else the fixed default. */
export function propertySeed(): number {
  const raw = process.env.SILP_FC_SEED;
  if (raw === undefined || raw === "") return DEFAULT_PROPERTY_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new Error(`SILP_FC_SEED must be a 32-bit integer, got ${JSON.stringify(raw)}`);
  }
  return seed;
}

/** fc.assert with the run's seed; the error names the seed and how to replay it. */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, params: Omit<fc.Parameters<Ts>, "seed"> = {}): void {
  const seed = propertySeed();
  try {
    fc.assert(property, { ...params, seed } as fc.Parameters<Ts>);
  } catch (error) {
    if (error instanceof Error) error.message = `${error.message}\n(property seed ${seed}: replay with SILP_FC_SEED=${seed})`;
    throw error;
  }
}

/** fc.sample with the run's seed: for tests that check what a generator produces. */
export function sampleProperty<T>(arbitrary: fc.Arbitrary<T>, numRuns: number): T[] {
  return fc.sample(arbitrary, { numRuns, seed: propertySeed() });
}

/**
 * How much a randomized test does (property runs, fuzzing seconds): the full amount by default
 * (`npm test`, what CI runs), a quick fraction with SILP_TEST_DEPTH=quick (`npm run test:product`,
 * the lane a contributor runs while working), or exactly SILP_PROPERTY_RUNS when set (the
 * mutation run lowers it). The assertions are the same at every depth; only the inputs are fewer.
 */
export function testDepth(): "full" | "quick" {
  const depth = process.env.SILP_TEST_DEPTH;
  if (depth === undefined || depth === "" || depth === "full") return "full";
  if (depth === "quick") return "quick";
  throw new Error(`SILP_TEST_DEPTH must be "full" or "quick", got ${JSON.stringify(depth)}`);
}

/** A quick run does a tenth of the inputs, at least 50. */
const QUICK_FRACTION = 10;

/** The number of property runs for a test whose full amount is `full`. */
export function propertyRuns(full: number): number {
  const raw = process.env.SILP_PROPERTY_RUNS;
  if (raw !== undefined && raw !== "") {
    const runs = Number(raw);
    if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`SILP_PROPERTY_RUNS must be a positive integer, got ${JSON.stringify(raw)}`);
    return runs;
  }
  return testDepth() === "quick" ? Math.max(50, Math.ceil(full / QUICK_FRACTION)) : full;
}

/**
 * The size of a large input (lines of a file, say) for a test whose full size is `full`: a tenth
 * in a quick run. For tests of a bound (a capped report, a linear scan), whose assertions are
 * about the cap, not the size.
 */
export function inputSize(full: number): number {
  return testDepth() === "quick" ? Math.ceil(full / QUICK_FRACTION) : full;
}
