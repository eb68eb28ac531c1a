import assert from "node:assert/strict";
import { describe, test } from "vitest";
import type { MatrixRecord } from "@silp/bench";
import { successTerms } from "@silp/evolve";

/** Records of one model: for each frontend, how many of 4 cases passed. */
function records(model: string, passes: Record<string, number>): MatrixRecord[] {
  return Object.entries(passes).flatMap(([frontend, passed]) =>
    [0, 1, 2, 3].map(
      (i) =>
        ({
          case_id: `case${i}`,
          model,
          frontend,
          first_pass: i < passed,
          encoded: "",
          model_response: "",
          judge_verdict: i < passed ? "pass" : "fail",
          judge_reason: "",
          judge: "rule",
          elapsed: 0,
          retries: 0,
          timestamp: "2026-11-30T00:00:00Z",
        }) as MatrixRecord,
    ),
  );
}

describe("task success and cross-model fidelity from bench results", () => {
  test("one model: its pass rate is task success and fidelity", () => {
    const terms = successTerms(records("m1", { code: 4, "x-d": 3 }));
    assert.equal(terms.source.how, "only model");
    assert.deepEqual(terms.byFrontend.get("x-d"), { taskSuccess: 0.75, crossModelFidelity: 0.75 });
  });

  test("several models that order the frontends alike: Layer 5 accepts a proxy, whose rate is task success; fidelity is pooled", () => {
    const all = [
      ...records("m1", { code: 4, natural: 3, json: 2, "x-d": 1 }),
      ...records("m2", { code: 4, natural: 3, json: 2, "x-d": 0 }),
      ...records("m3", { code: 4, natural: 3, json: 2, "x-d": 0 }),
    ];
    const terms = successTerms(all);
    assert.equal(terms.source.how, "screened proxy");
    // Every model orders the four frontends the same way (rho 1 for every pair); the first model wins the tie.
    assert.equal(terms.source.model, "m1");
    const xd = terms.byFrontend.get("x-d");
    assert.equal(xd?.taskSuccess, 0.25);
    assert.equal(xd?.crossModelFidelity, 1 / 12);
    // x-d: m1 passes case0, m2 and m3 do not -> 1 of 4 cases split.
    assert.equal(xd?.crossModelAmbiguity, 0.25);
  });

  test("models that disagree: no proxy, the pooled rate stands in and says so", () => {
    const all = [...records("m1", { code: 4, natural: 3, json: 2, "x-d": 1 }), ...records("m2", { code: 1, natural: 2, json: 3, "x-d": 4 })];
    const terms = successTerms(all);
    assert.equal(terms.source.how, "pooled: no proxy preserved the ranking");
    assert.equal(terms.byFrontend.get("x-d")?.taskSuccess, 5 / 8);
  });

  test("a named model is used, and an unknown one is refused", () => {
    const all = [...records("m1", { "x-d": 1 }), ...records("m2", { "x-d": 4 })];
    assert.equal(successTerms(all, "m2").byFrontend.get("x-d")?.taskSuccess, 1);
    assert.throws(() => successTerms(all, "m9"), RangeError);
    assert.throws(() => successTerms([]), RangeError);
  });
});
