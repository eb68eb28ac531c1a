/**
 * The statistics behind the numbers a reader weighs: Wilson intervals, McNemar's
 * exact test, Holm's correction. Oracles are hand-computed values and an independent
 * implementation of Holm written here, never the code under test.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { wilson } from "../src/stats/wilson.js";
import { mcnemarExact } from "../src/stats/mcnemar-exact.js";
import { holm } from "../src/stats/multiple-testing.js";
import { buildReport } from "../src/report/model.js";
import { renderHtml } from "../src/report/html.js";
import { loadStudy } from "../src/study.js";
import { corpusDir } from "@silp/testkit/corpus.js";

const close = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} vs ${expected}`);

describe("Wilson score interval", () => {
  test("8 of 10 at 95 %: [0.4902, 0.9433] (z = 1.959964, worked by hand)", () => {
    const ci = wilson(8, 10);
    close(ci.low, 0.49016, 5e-5, "low");
    close(ci.high, 0.94331, 5e-5, "high");
  });
  test("0 of 20 and 20 of 20 keep a non-zero width; no runs give NaN", () => {
    const none = wilson(0, 20);
    assert.equal(none.low, 0);
    close(none.high, 0.16113, 5e-5, "0/20 high"); // z²/(n+z²) = 3.8415/23.8415
    const all = wilson(20, 20);
    close(all.low, 1 - 0.16113, 5e-5, "20/20 low");
    assert.equal(all.high, 1);
    assert.ok(Number.isNaN(wilson(0, 0).low));
  });
});

describe("McNemar exact", () => {
  test("two-sided p is twice the smaller binomial tail, capped at 1", () => {
    assert.equal(mcnemarExact(10, 0).pValue, 2 / 1024);
    assert.equal(mcnemarExact(3, 5).pValue, (2 * (1 + 8 + 28 + 56)) / 256);
    assert.equal(mcnemarExact(4, 4).pValue, 1);
    assert.equal(mcnemarExact(0, 0).pValue, 1);
  });
});

/** Holm by its definition: sort, multiply the k-th smallest by (m - k), running maximum, cap 1. */
function holmByHand(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(ps.length);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (ps.length - k) * p));
    out[i] = running;
  });
  return out;
}

describe("Holm correction", () => {
  test("matches the definition on a hand example and on the study's ten McNemar tests", () => {
    assert.deepEqual(holm([0.01, 0.04, 0.03]), [0.03, 0.06, 0.06]);
    const study = loadStudy(corpusDir());
    const model = buildReport({ title: "t", source: "s", matrix: study.phase2 });
    const raw = model.phase2!.mcnemar.map((r) => r.pValue);
    const expected = holmByHand(raw);
    model.phase2!.mcnemarHolm.forEach((p, i) => {
      close(p, expected[i]!, 1e-12, `row ${i}`);
    });
    // Every starred test in the page is starred on its corrected p, and the page says so.
    const html = renderHtml(model);
    assert.match(html, /stars on p corrected by Holm over these 10 tests/);
  });
});
