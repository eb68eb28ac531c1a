/**
 * Layer 4 (fitness) and Layer 5 (rank-preservation screening). Expected correlations on the
 * study's pass rates were computed with scipy.stats.spearmanr 1.17.1 (relative tolerance 1e-9).
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { corpusDir } from "@silp/testkit/corpus.js";
import { loadStudy } from "../src/study.js";
import { passRate, passRateMatrix } from "../src/analysis/phase2.js";
import { tokenStatsFromCounter, tokenStatsFromVarianceCsv } from "../src/analysis/token-stats.js";
import { DEFAULT_WEIGHTS, fitness, measure, rankFrontends, rankFrontendsPerModel, resolveWeights } from "../src/layers/fitness.js";
import { screenAllProxies, screenProxy, scoresFromRates } from "../src/layers/migration.js";
import { close } from "./tolerance.js";

const study = loadStudy(corpusDir());

describe("Layer 4 fitness", () => {
  test("weights must satisfy alpha + alpha' >= 0.6 and be non-negative", () => {
    assert.deepEqual(resolveWeights(), { ...DEFAULT_WEIGHTS });
    assert.doesNotThrow(() => resolveWeights({ alpha: 0.3, alphaPrime: 0.3 }));
    assert.throws(() => resolveWeights({ alpha: 0.3, alphaPrime: 0.2 }), /alpha \+ alpha' >= 0.6/);
    assert.throws(() => resolveWeights({ beta: -1 }), RangeError);
    assert.throws(() => resolveWeights({ gamma: Number.NaN }), RangeError);
  });

  test("the score is the weighted sum, penalties subtracted, unmeasured terms listed", () => {
    const w = resolveWeights({ alpha: 0.5, alphaPrime: 0.2, beta: 0.1, gamma: 0.1, delta: 0, epsilon: 0.2, zeta: 0.3 });
    const s = fitness({ frontend: "x", taskSuccess: 0.8, crossModelFidelity: 0.5, compression: 0.4, tokenizerVariance: 0.1, crossModelAmbiguity: 0.2 }, w, 0.5);
    close(s.score, 0.5 * 0.8 + 0.2 * 0.5 + 0.1 * 0.4 - 0.2 * 0.1 - 0.3 * 0.2, 1e-12);
    assert.deepEqual(s.unmeasured, ["humanUnreadability"]); // delta is 0, so PPL is not missing
    assert.equal(s.feasible, true);
  });

  test("the fidelity floor is hard: a high score below it still ranks last", () => {
    const ranked = rankFrontends(
      [
        { frontend: "cheap", taskSuccess: 0.45, crossModelFidelity: 1, compression: 1 },
        { frontend: "solid", taskSuccess: 0.9, crossModelFidelity: 0.5, compression: 0 },
        { frontend: "ok", taskSuccess: 0.7, crossModelFidelity: 0.5, compression: 0 },
      ],
      { fidelityFloor: 0.5 },
    );
    assert.deepEqual(
      ranked.map((r) => [r.frontend, r.rank, r.feasible]),
      [
        ["solid", 1, true],
        ["ok", 2, true],
        ["cheap", 3, false],
      ],
    );
    assert.ok(ranked[2]!.score > ranked[0]!.score);
    assert.throws(() => rankFrontends([], { fidelityFloor: 2 }), RangeError);
  });

  test("measured inputs from the study: pass rates, disagreement, token cost and variance", () => {
    const tokens = tokenStatsFromVarianceCsv(study.published.tokenizerVariance!);
    assert.deepEqual(tokens.map((t) => t.frontend).sort(), ["code", "json", "llmlingua2", "natural", "nl_json"]);
    const byModel = measure(study.phase2, { tokens });
    const glmCode = byModel.get("glm-5.2")!.find((m) => m.frontend === "code")!;
    assert.equal(glmCode.taskSuccess, 1);
    close(glmCode.crossModelFidelity!, 116 / 135, 1e-12);
    close(glmCode.crossModelAmbiguity!, 11 / 27, 1e-12); // models split on 11 of 27 cases
    close(byModel.get("glm-5.2")!.find((m) => m.frontend === "nl_json")!.crossModelAmbiguity!, 21 / 27, 1e-12);
    const longest = tokens.reduce((a, b) => (a.meanTokens > b.meanTokens ? a : b));
    assert.equal(byModel.get("glm-5.2")!.find((m) => m.frontend === longest.frontend)!.compression, 0);

    const ranking = rankFrontendsPerModel(study.phase2, { tokens });
    assert.equal(ranking.size, 5);
    for (const [, list] of ranking) {
      assert.equal(list.at(-1)!.frontend, "llmlingua2"); // below the 0.5 floor on every model
      assert.equal(list.at(-1)!.feasible, false);
      assert.deepEqual(list.at(-1)!.unmeasured, []);
    }
    assert.equal(ranking.get("glm-5.2")![0]!.frontend, "code");
  });

  test("token statistics from an injected counter", () => {
    const stats = tokenStatsFromCounter(
      [
        { frontend: "a", text: "one two" },
        { frontend: "a", text: "one two three four" },
        { frontend: "b", text: "x" },
      ],
      (text, tokenizer) => text.split(" ").length * (tokenizer === "double" ? 2 : 1),
      ["single", "double"],
    );
    const a = stats.find((s) => s.frontend === "a")!;
    close(a.meanTokens, (3 + 6) / 2, 1e-12);
    close(a.meanRange, (2 + 4) / 2, 1e-12);
    close(a.meanVariation, Math.SQRT2 / 3, 1e-12); // stdev/mean of {n, 2n} = (n/sqrt2)/(1.5n)
    assert.throws(() => tokenStatsFromCounter([], () => 1, []), RangeError);
  });
});

describe("Layer 5 rank-preservation screening", () => {
  const matrix = passRateMatrix(study.phase2);
  const scores = scoresFromRates(
    matrix.models.flatMap((model) => matrix.frontends.map((frontend) => ({ model, frontend, rate: passRate(matrix, frontend, model) }))),
  );

  test("rho per target equals scipy.stats.spearmanr on the per-frontend pass rates", () => {
    const ds = screenProxy(scores, "deepseek-v3.2");
    assert.deepEqual(
      ds.agreements.map((a) => a.target),
      ["glm-5.2", "kimi-k2.6", "longcat-2.0", "minimax-m2.7"],
    );
    close(ds.agreements[0]!.rho, 1, 1e-12);
    close(ds.agreements[1]!.rho, 0.6668859288553501, 1e-9);
    close(ds.agreements[3]!.rho, 0.820783, 1e-6);
    assert.equal(ds.preserved, false);
    close(ds.minRho, 0.6668859288553501, 1e-9);
  });

  test("the best proxy in the study is the one whose worst rho clears the threshold", () => {
    const all = screenAllProxies(scores);
    assert.equal(all[0]!.proxy, "minimax-m2.7");
    close(all[0]!.meanRho, 0.8709176566235354, 1e-9);
    assert.equal(all[0]!.preserved, true);
    assert.deepEqual(
      all.filter((r) => r.preserved).map((r) => r.proxy),
      ["minimax-m2.7"],
    );
  });

  test("perfect and reversed orderings; unknown models are errors", () => {
    const s = new Map([
      [
        "small",
        new Map([
          ["a", 0.9],
          ["b", 0.5],
          ["c", 0.1],
        ]),
      ],
      [
        "big",
        new Map([
          ["a", 0.95],
          ["b", 0.6],
          ["c", 0.2],
        ]),
      ],
      [
        "odd",
        new Map([
          ["a", 0.1],
          ["b", 0.5],
          ["c", 0.9],
        ]),
      ],
    ]);
    const r = screenProxy(s, "small", ["big", "odd"]);
    assert.equal(r.agreements[0]!.rho, 1);
    assert.equal(r.agreements[0]!.sameTop, true);
    assert.equal(r.agreements[1]!.rho, -1);
    assert.equal(r.preserved, false);
    assert.equal(screenProxy(s, "small", ["big"]).preserved, true);
    assert.throws(() => screenProxy(s, "nobody"), RangeError);
  });
});
