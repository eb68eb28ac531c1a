/**
 * The fuzzer is coverage-guided (fuzz/engine.ts, fuzz/coverage.ts): on a toy target whose failure
 * sits five nested branches deep, the guided engine reaches it within GUIDED_BUDGET executions,
 * while the same mutations without coverage feedback do not within ten times as many. Both runs
 * start from an empty seed with a fixed fast-check seed (SILP_FUZZ_SEED overrides it; it is printed
 * on failure).
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { runFuzz } from "../../../fuzz/engine.js";
import { DEEPEST, nestedBranchTarget } from "./fixtures/nested-branch-target.js";

const SEED = Number(process.env.SILP_FUZZ_SEED ?? 1);
const GUIDED_BUDGET = 3_000;
const UNGUIDED_BUDGET = 30_000;

test(`guided fuzzing reaches a branch five levels deep within ${GUIDED_BUDGET} executions; unguided mutation does not in ${UNGUIDED_BUDGET}`, () => {
  const options = { seconds: 300, seed: SEED, seeds: [""] };
  const unguided = runFuzz(nestedBranchTarget, { ...options, maxExecutions: UNGUIDED_BUDGET, guided: false });
  assert.equal(unguided.executions, UNGUIDED_BUDGET);
  assert.deepEqual(
    unguided.crashes.map((crash) => crash.input),
    [],
    `seed ${SEED}: plain mutation reached the deepest branch; the toy is too easy to show guidance`,
  );

  const guided = runFuzz(nestedBranchTarget, { ...options, maxExecutions: GUIDED_BUDGET });
  const crash = guided.crashes.find((each) => each.signature.includes(DEEPEST));
  const growth = guided.growth.map((point) => `${point.executions}->${point.blocks}`).join(" ");
  assert.ok(crash, `seed ${SEED}: guided fuzzing missed the deepest branch in ${guided.executions} executions (blocks: ${growth})`);
  // The failing input is reduced to the chain itself (chunks deleted while the failure stays).
  assert.equal(crash.input, "<{[(!", `seed ${SEED}`);
  // The climb is visible: the corpus kept inputs one level deeper each time, and coverage grew.
  assert.ok(guided.corpusSize >= 5, `seed ${SEED}: corpus ${guided.corpusSize}`);
  const first = guided.growth[0]?.blocks ?? 0;
  assert.ok(guided.blocks >= first + 4, `seed ${SEED}: blocks ${growth}`);
});
