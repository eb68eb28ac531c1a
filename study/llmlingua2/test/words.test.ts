import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { displayWord, mergeTokensToWords, pureToken, wordProbability, type ScoredToken } from "../src/words.js";

/** Tokens with ids 0.. and the given probabilities; names in angle brackets are special. */
function scored(texts: readonly string[], probabilities: readonly number[]): ScoredToken[] {
  return texts.map((text, id) => ({ id, text, probability: probabilities[id] ?? 0.5, special: /^(<\/?s>|<unk>|\[CLS\]|\[SEP\])$/.test(text) }));
}

describe("metaspace words (XLM-RoBERTa)", () => {
  test("a lone punctuation token starts a word, so identifiers split at '_' as in the study", () => {
    // "update order_42, 5_Tianfu_Ave." as XLM-RoBERTa tokenizes it.
    const tokens = scored(["▁update", "▁order", "_", "42", ",", "▁5", "_", "T", "ian", "fu", "_", "A", "ve", "."], []);
    const words = mergeTokensToWords(tokens, { style: "metaspace" });
    assert.deepEqual(
      words.map((w) => w.text),
      ["▁update", "▁order", "_42", ",", "▁5", "_Tianfu", "_Ave", "."],
    );
    assert.deepEqual(words[5]?.tokenIds, [6, 7, 8, 9]);
    assert.deepEqual(words.map((w) => displayWord(w, "metaspace")).slice(0, 2), ["update", "order"]);
  });

  test("punctuation is Python's substring test: '()' starts a word, '.,' continues one", () => {
    const words = mergeTokensToWords(scored(["▁f", "()", "▁x", ".,"], []), { style: "metaspace" });
    assert.deepEqual(
      words.map((w) => w.text),
      ["▁f", "()", "▁x.,"],
    );
  });

  test("word probability is the mean of its tokens (or the first, on request)", () => {
    const words = mergeTokensToWords(scored(["▁in", "door", "s", "▁now"], [0.9, 0.6, 0.3, 0.2]), { style: "metaspace" });
    assert.equal(words.length, 2);
    const [indoors] = words;
    assert.ok(indoors);
    assert.ok(Math.abs(wordProbability(indoors, "mean") - 0.6) < 1e-12);
    assert.equal(wordProbability(indoors, "first"), 0.9);
  });

  test("special tokens belong to no word, wherever they appear", () => {
    const words = mergeTokensToWords(scored(["<s>", "▁a", "<unk>", "b", "</s>"], []), { style: "metaspace" });
    assert.deepEqual(
      words.map((w) => w.text),
      ["▁ab"],
    );
    assert.deepEqual(words[0]?.tokenIds, [1, 3]);
  });

  test("a force token starts a word and is kept with probability 1", () => {
    const words = mergeTokensToWords(scored(["▁do", "n't", "▁go"], [0.4, 0.1, 0.3]), { style: "metaspace", forceTokens: new Set(["n't", "go"]) });
    assert.deepEqual(
      words.map((w) => w.text),
      ["▁do", "n't", "▁go"],
    );
    assert.deepEqual(
      words.map((w) => w.tokenProbabilities),
      [[0.4], [1], [1]],
    );
  });

  test("force_reserve_digit sets every token with a digit to 1, also inside a word", () => {
    const words = mergeTokensToWords(scored(["▁t", "+", "1", "▁x"], [0.2, 0.3, 0.4, 0.5]), { style: "metaspace", forceReserveDigit: true });
    assert.deepEqual(
      words.map((w) => w.tokenProbabilities),
      [[0.2], [0.3, 1], [0.5]],
    );
  });

  test("a continuation with no word before it starts one instead of failing", () => {
    const words = mergeTokensToWords(scored(["abc", "▁d"], []), { style: "metaspace" });
    assert.deepEqual(
      words.map((w) => w.text),
      ["abc", "▁d"],
    );
  });

  test("pure tokens lose every leading marker, as Python's lstrip does", () => {
    assert.equal(pureToken("▁▁x", "metaspace"), "x");
    assert.equal(pureToken("##ing", "wordpiece"), "ing");
    assert.equal(pureToken("#", "wordpiece"), "");
  });
});

describe("wordpiece words (multilingual BERT)", () => {
  test("'##' pieces continue the previous word; everything else starts one", () => {
    const words = mergeTokensToWords(scored(["[CLS]", "hel", "##lo", ",", "world", "##s", "[SEP]"], [0, 0.2, 0.4, 0.1, 0.9, 0.7, 0]), {
      style: "wordpiece",
    });
    assert.deepEqual(
      words.map((w) => w.text),
      ["hello", ",", "worlds"],
    );
    assert.deepEqual(
      words.map((w) => displayWord(w, "wordpiece")),
      ["hello", ",", "worlds"],
    );
    assert.ok(Math.abs(wordProbability(words[2] as (typeof words)[number], "mean") - 0.8) < 1e-12);
  });

  test("a forced '##' piece starts its own word", () => {
    const words = mergeTokensToWords(scored(["can", "##not"], [0.3, 0.2]), { style: "wordpiece", forceTokens: new Set(["not"]) });
    assert.deepEqual(
      words.map((w) => w.text),
      ["can", "##not"],
    );
    assert.deepEqual(
      words.map((w) => w.tokenProbabilities),
      [[0.3], [1]],
    );
  });
});
