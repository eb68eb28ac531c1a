/**
 * fast-check as the mutation run sees it (aliased in scripts/mutation/vitest.config.ts): the real
 * library, with every `fc.assert` capped at SILP_MUTATION_MAX_RUNS runs (default 100). A surviving
 * mutant runs every test that reaches it to the end, and the property tests ask for thousands of
 * runs each: uncapped, one survivor costs minutes on a shared 2-core machine. The normal test run
 * (`node --test`) never loads this file and keeps the full counts; docs/mutation.md says what the
 * cap may cost in kills.
 */
import fcReal from "../../node_modules/fast-check/lib/fast-check.js";

export * from "../../node_modules/fast-check/lib/fast-check.js";

const CAP = Number(process.env.SILP_MUTATION_MAX_RUNS ?? 100);

/** `fc.assert` with `numRuns` lowered to the cap; the seed and every other parameter pass through. */
export const assert: typeof fcReal.assert = ((property: Parameters<typeof fcReal.assert>[0], params?: Parameters<typeof fcReal.assert>[1]) =>
  fcReal.assert(property, { ...params, numRuns: Math.min(params?.numRuns ?? CAP, CAP) })) as typeof fcReal.assert;

export default { ...fcReal, assert };
