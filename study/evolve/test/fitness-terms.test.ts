/** The fitness terms against values worked out by hand (in the comments), never by the code under test. */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { DEFAULT_WEIGHTS } from "@silp/bench";
import {
  dialectName,
  EVOLVE_WEIGHTS,
  evaluateDialect,
  symbolShare,
  tokenTerms,
  UNPRINTABLE_SCORE,
  unreadability,
  type DialectProblem,
  type SuccessTerms,
} from "@silp/evolve";
import { type SilpIR, validate } from "silp";
import { FAKE_SPACE, FakeDialectCodec, FakeTokenCounter } from "./fake-dialect.js";

const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-6, `${what}: ${actual} != ${expected}`);

function ir(intent: string, value: string): SilpIR {
  const result = validate({ silp: "v1", version: "ir-v0.1", intent, entities: [{ id: "act", value }], meta: { req_id: "a1b2" } }, { whitelist: "off" });
  assert.ok(result.ok && result.ir);
  return result.ir;
}

const IRS = [ir("!START", "hike"), ir("!CANCEL", "flight")];
// Reference payloads' counts (words, chars), given by hand: totals 8 words and 46 characters.
const REFERENCE = [
  [4, 20],
  [4, 26],
];

function problem(extra: Partial<DialectProblem> = {}): DialectProblem {
  return {
    space: FAKE_SPACE,
    makeCodec: (genes) => new FakeDialectCodec(genes),
    irs: IRS,
    counter: new FakeTokenCounter(),
    reference: REFERENCE,
    weights: EVOLVE_WEIGHTS,
    fidelityFloor: 0.5,
    ...extra,
  };
}

describe("human unreadability: the symbol share", () => {
  test("hand-counted payloads", () => {
    // "if" + "!rain(t+1):" + "start(hike)": 2 + 11 + 11 = 24 visible characters; ! ( + ) : ( ) = 7 symbols.
    close(symbolShare("if !rain(t+1): start(hike)"), 7 / 24, "code payload");
    // "Start" "the" "hike.": 13 visible, one period.
    close(symbolShare("Start the hike."), 1 / 13, "prose");
    assert.equal(symbolShare(""), 0);
    assert.equal(symbolShare(" \n\t"), 0);
    assert.equal(symbolShare("e\u0301t\u00e9 \u65e5\u672c 42"), 0, "letters, combining marks, CJK and digits are not symbols");
    assert.equal(symbolShare("__"), 1);
    close(unreadability(["a!", "bc"]), 0.25, "mean of 1/2 and 0");
    assert.ok(Number.isNaN(unreadability([])));
  });
});

describe("token terms", () => {
  test("compression per tokenizer, its mean, and the mean coefficient of variation", () => {
    // candidate totals [6, 8] vs reference [8, 16]: 1 - 6/8 = 0.25, 1 - 8/16 = 0.5, mean 0.375.
    // CV of [2, 4]: mean 3, sample sd sqrt(2) -> 0.4714045; CV of [4, 4] = 0; mean 0.2357023.
    const terms = tokenTerms(
      [
        [2, 4],
        [4, 4],
      ],
      [
        [4, 6],
        [4, 10],
      ],
    );
    assert.deepEqual(terms.totals, [6, 8]);
    assert.deepEqual(terms.means, [3, 4]);
    close(terms.meanTokens, 3.5, "mean tokens");
    assert.deepEqual(terms.compressionPerTokenizer, [0.25, 0.5]);
    close(terms.compression, 0.375, "compression");
    close(terms.tokenizerVariance, 0.2357023, "variance");
  });

  test("a candidate dearer than the reference has negative compression", () => {
    close(tokenTerms([[10]], [[8]]).compression, -0.25, "compression");
  });

  test("mismatched tables are RangeErrors", () => {
    assert.throws(() => tokenTerms([], []), RangeError);
    assert.throws(
      () =>
        tokenTerms(
          [[1, 2]],
          [
            [1, 2],
            [3, 4],
          ],
        ),
      RangeError,
    );
    assert.throws(() => tokenTerms([[1, 2]], [[1]]), RangeError);
  });
});

describe("the fitness of a dialect", () => {
  test("a lossless dialect: every term by hand", () => {
    // "start hike" (2 words, 10 chars), "cancel flight" (2, 13): totals [4, 23] vs [8, 46]: compression 0.5.
    // CV of [2, 10]: mean 6, sd sqrt(32) = 5.656854 -> 0.942809; of [2, 13]: mean 7.5, sd sqrt(60.5) = 7.778175
    // -> 1.037090; mean 0.989949. No symbols. Score = 0.15 * 0.5 - 0.15 * 0.989949 - 0.05 * 0 = -0.0734924.
    const e = evaluateDialect(problem(), { separator: "space", lossy: "no" });
    assert.equal(e.feasible, true);
    assert.equal(e.lossyIrs, 0);
    close(e.compression, 0.5, "compression");
    close(e.tokenizerVariance, 0.989949, "variance");
    assert.equal(e.humanUnreadability, 0);
    close(e.meanTokens, (2 + 11.5) / 2, "mean tokens");
    close(e.score, -0.0734924, "score");
    assert.deepEqual(e.objectives, [e.meanTokens, 0]);
    assert.deepEqual([...e.unmeasured].sort(), ["crossModelAmbiguity", "crossModelFidelity", "taskSuccess"]);
    assert.match(e.name, /^x-evo-[0-9a-f]{10}$/);
  });

  test("unreadability enters the score with gamma", () => {
    // "start,hike": 1 symbol in 10; "cancel,flight": 1 in 13; mean 0.0884615. Words: 1 each -> totals [2, 23]:
    // compression mean of 1 - 2/8 = 0.75 and 0.5 = 0.625. CV of [1, 10]: mean 5.5, sd sqrt(40.5) = 6.363961
    // -> 1.157084; of [1, 13]: mean 7, sd sqrt(72) = 8.485281 -> 1.212183; mean 1.184634.
    // Score = 0.09375 - 0.1776950 - 0.0044231 = -0.0883681.
    const e = evaluateDialect(problem(), { separator: "comma", lossy: "no" });
    close(e.humanUnreadability, 0.0884615, "unreadability");
    close(e.compression, 0.625, "compression");
    close(e.score, -0.0883681, "score");
  });

  test("a dialect that loses information is infeasible, and says where", () => {
    const e = evaluateDialect(problem(), { separator: "space", lossy: "yes" });
    assert.equal(e.feasible, false);
    assert.equal(e.lossyIrs, 2);
    assert.match(e.firstFailure ?? "", /search IR 0/);
  });

  test("a dialect that cannot print is infeasible with the lowest score", () => {
    const e = evaluateDialect(problem(), { separator: "throws", lossy: "no" });
    assert.equal(e.feasible, false);
    assert.equal(e.score, UNPRINTABLE_SCORE);
    assert.match(e.firstFailure ?? "", /print failed/);
  });

  test("measured task success below the floor makes a lossless dialect infeasible; above it adds alpha and alpha' terms", () => {
    const genes = { separator: "space", lossy: "no" };
    const name = dialectName(FAKE_SPACE, genes);
    const success = (taskSuccess: number): SuccessTerms => ({
      source: { model: "m", how: "only model", models: ["m"], screening: [] },
      byFrontend: new Map([[name, { taskSuccess, crossModelFidelity: 0.5 }]]),
    });
    const low = evaluateDialect(problem({ success: success(0.4) }), genes);
    assert.equal(low.feasible, false);
    const high = evaluateDialect(problem({ success: success(0.8) }), genes);
    assert.equal(high.feasible, true);
    // -0.0734924 + 0.4 * 0.8 + 0.2 * 0.5 = 0.3465076
    close(high.score, 0.3465076, "score with success terms");
    assert.deepEqual(high.unmeasured, ["crossModelAmbiguity"]);
  });

  test("the search's weights keep alpha + alpha' >= 0.6 and measure gamma", () => {
    assert.equal(EVOLVE_WEIGHTS.alpha + EVOLVE_WEIGHTS.alphaPrime, DEFAULT_WEIGHTS.alpha + DEFAULT_WEIGHTS.alphaPrime);
    assert.ok(EVOLVE_WEIGHTS.alpha + EVOLVE_WEIGHTS.alphaPrime >= 0.6 - 1e-12);
    assert.equal(EVOLVE_WEIGHTS.gamma, 0.05);
  });
});
