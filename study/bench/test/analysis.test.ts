/**
 * Recomputes the study's published tables from its raw records and compares them with the
 * published files. Exact text equality for phase2_matrix.csv, mcnemar_pairwise.csv,
 * phase2_spearman.json, phase3_heartbeat_summary.csv and ablation_matrix.csv. Tests the study
 * did not publish (heartbeat Fisher/BH, ablation McNemar) are compared with scipy 1.17.1 run on
 * the same records (values below), relative tolerance 1e-9.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { corpusDir } from "@silp/testkit/corpus.js";
import { loadStudy } from "../src/study.js";
import { crossModelSpearman, formatMatrixCsv, formatMcNemarCsv, formatSpearmanJson, pairwiseMcNemar, passRateMatrix } from "../src/analysis/phase2.js";
import { compareWithBaseline, errorPropagation, formatHeartbeatSummaryCsv, heartbeatSummary, passRateByContextDepth } from "../src/analysis/heartbeat.js";
import { ablationMatrix, compareConditions, formatAblationCsv } from "../src/analysis/ablation.js";
import { close } from "./tolerance.js";

const study = loadStudy(corpusDir());

describe("phase 2 tables recomputed from raw records", () => {
  test("pass-rate matrix equals phase2_matrix.csv exactly", () => {
    assert.equal(formatMatrixCsv(passRateMatrix(study.phase2)), study.published.phase2Matrix);
  });

  test("pairwise McNemar equals mcnemar_pairwise.csv exactly", () => {
    assert.equal(formatMcNemarCsv(pairwiseMcNemar(study.phase2)), study.published.mcnemarPairwise);
  });

  test("cross-model Spearman (from llm_verdict) equals phase2_spearman.json exactly", () => {
    const report = crossModelSpearman(study.phase2);
    assert.equal(formatSpearmanJson(report), study.published.spearmanJson);
    // And numerically: rho to 4 decimals, p within 1e-6 relative of the published 7 digits.
    const published = (JSON.parse(study.published.spearmanJson!) as { pairs: Array<{ spearman_rho: number; spearman_p: string }> }).pairs;
    report.pairs.forEach((p, i) => {
      assert.equal(Math.round(p.rho * 1e4) / 1e4, published[i]!.spearman_rho);
      close(p.pValue, Number(published[i]!.spearman_p), 1e-6, `${p.modelA}/${p.modelB}`);
    });
  });
});

describe("heartbeat analysis", () => {
  test("summary equals phase3_heartbeat_summary.csv exactly", () => {
    assert.equal(formatHeartbeatSummaryCsv(heartbeatSummary(study.heartbeat)), study.published.heartbeatSummary);
  });

  test("error propagation: contingency tables and one-sided Fisher p as scipy", () => {
    const expected = [
      {
        model: "deepseek-v3.2",
        table: [
          [367, 69],
          [77, 23],
        ],
        or: 1.5887445887445888,
        p: 0.06124748460457485,
        adj: 0.18374245381372456,
      },
      {
        model: "glm-5.2",
        table: [
          [439, 47],
          [45, 5],
        ],
        or: 1.037825059101655,
        p: 0.5478583482617494,
        adj: 0.8217875223926241,
      },
      {
        model: "kimi-k2.6",
        table: [
          [445, 44],
          [44, 2],
        ],
        or: 0.4597107438016529,
        p: 0.9240153436992512,
        adj: 0.9240153436992512,
      },
    ];
    const got = errorPropagation(study.heartbeat);
    assert.equal(got.length, 3);
    got.forEach((g, i) => {
      const e = expected[i]!;
      assert.equal(g.model, e.model);
      assert.deepEqual(g.table, e.table);
      close(g.oddsRatio, e.or, 1e-12);
      close(g.pValue, e.p, 1e-9, g.model);
      close(g.pAdjusted, e.adj, 1e-9, g.model);
    });
  });

  test("each N against N=1: two-sided Fisher, odds ratio and BH as scipy", () => {
    const got = compareWithBaseline(study.heartbeat);
    assert.equal(got.length, 15);
    const ds20 = got.find((g) => g.model === "deepseek-v3.2" && g.nValue === 20)!;
    assert.deepEqual(ds20.table, [
      [105, 15],
      [92, 28],
    ]);
    close(ds20.oddsRatio, 2.130434782608696, 1e-12);
    close(ds20.pValue, 0.04254019954278719, 1e-9);
    close(ds20.pAdjusted, 0.6381029931418079, 1e-9);
    const glm9999 = got.find((g) => g.model === "glm-5.2" && g.nValue === 9999)!;
    close(glm9999.pValue, 0.8159856074721884, 1e-9);
    const kimi5 = got.find((g) => g.model === "kimi-k2.6" && g.nValue === 5)!;
    close(kimi5.pValue, 0.6486997960832692, 1e-9);
    assert.equal(got.find((g) => g.model === "glm-5.2" && g.nValue === 15)!.pValue, 1);
    assert.ok(got.every((g) => g.pAdjusted >= g.pValue));
  });

  test("pass rate by context depth covers every record", () => {
    const depth = passRateByContextDepth(study.heartbeat);
    const total = [...depth.values()].flat().reduce((s, d) => s + d.total, 0);
    assert.equal(total, 2160);
  });
});

describe("ablation analysis", () => {
  test("matrix equals ablation_matrix.csv exactly", () => {
    assert.equal(formatAblationCsv(ablationMatrix(study.ablation)), study.published.ablationMatrix);
  });

  test("conditions compared by McNemar as the study's script", () => {
    const got = compareConditions(study.ablation);
    assert.deepEqual(
      got.map((g) => [g.conditionA, g.conditionB, g.b, g.c]),
      [
        ["original", "shuffled", 30, 5],
        ["original", "skeleton", 69, 0],
        ["shuffled", "skeleton", 45, 1],
      ],
    );
    close(got[0]!.pValue, 4.976233487907421e-5, 1e-9);
    close(got[1]!.pValue, 2.695184636965591e-16, 1e-9);
    close(got[2]!.pValue, 2.2975902603763334e-10, 1e-9);
  });
});
