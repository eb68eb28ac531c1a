/**
 * No pathological input shape has a quadratic path. For every shape
 * of the complexity benchmark (packages/testkit/src/complexity-shapes.ts: code and json decode,
 * fromEnvelope, the probe parsers; `npm run bench:complexity` prints their growth exponents) the
 * time at 8n is compared with the time at n, run 8 times (testkit/linear-time.ts: CPU time, medians of 3,
 * the bound 8^1.5 = 22.6 between linear ~8 and quadratic ~64). n = 8K characters keeps the file
 * to about 10 s of CPU on this 2-core machine; the last quadratic path found (mixed-script values)
 * takes about 3 s at 8n = 64K and shows a ratio near 64 there.
 */
import assert from "node:assert/strict";
import { test } from "vitest";
import { SHAPES } from "@silp/testkit/complexity-shapes.js";
import { assertLinearTime } from "@silp/testkit/linear-time.js";

const N = Number(process.env.SILP_COMPLEXITY_N ?? 8_000);

for (const shape of SHAPES) {
  test(`${shape.name}: 8x the input takes less than 22.6x the time`, () => {
    const small = shape.build(N);
    const large = shape.build(8 * N);
    assert.equal(shape.run(large), shape.run(small), "the shape reaches the same outcome at both sizes");
    assertLinearTime(shape.name, shape.run, small, large, 0.5);
  });
}
