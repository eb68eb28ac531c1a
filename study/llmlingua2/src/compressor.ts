/**
 * LLMLingua-2 compression of one text (microsoft/LLMLingua, `compress_prompt_llmlingua2` with a
 * single context and the token-level filter only, which is how the study called it):
 *   1. tokenize, split into chunks of at most 510 tokens (chunks.ts);
 *   2. one classifier call per chunk gives each token's keep probability (model.ts);
 *   3. tokens are grouped into words and a word's probability is the mean of its tokens' (words.ts);
 *   4. words above the rate's percentile threshold are kept, in order (selection.ts);
 *   5. the kept words' tokens are joined back into text by the tokenizer's decoder.
 */
import { loadTokenizer } from "@silp/tokens";
import { chunkRanges, DEFAULT_CHUNK_END_TOKENS } from "./chunks.js";
import type { TokenClassifier } from "./model.js";
import { assertRate, selectWords } from "./selection.js";
import { displayWord, mergeTokensToWords, wordProbability, type ScoredToken, type TokenToWord } from "./words.js";

/** The spec's default (draft section 4.5) and LLMLingua-2's. */
export const DEFAULT_RATE = 0.5;

export interface CompressOptions {
  /** Share of the text to keep, in [0, 1]. Default 0.5. */
  rate?: number;
  /** Word probability from its tokens: "mean" (default) or "first". */
  tokenToWord?: TokenToWord;
  /** Single tokens that are always kept (LLMLingua-2's force_tokens). Default none, as in the study. */
  forceTokens?: readonly string[];
  /** Keep every token that contains a digit (LLMLingua-2's force_reserve_digit). Default false. */
  forceReserveDigit?: boolean;
  /** Tokens a chunk prefers to end at. Default [".", "\n"]. */
  chunkEndTokens?: readonly string[];
}

export interface CompressedWord {
  /** The word without its SentencePiece marker. */
  text: string;
  probability: number;
  kept: boolean;
}

export interface Compression {
  /** The compressed text ("" when no word survives). */
  text: string;
  rate: number;
  words: CompressedWord[];
  /** cl100k_base tokens of the input and of the output (LLMLingua-2 reports the same pair). */
  originTokens: number;
  compressedTokens: number;
  /** Model calls made (one per chunk). */
  chunks: number;
}

/** GPT-3.5's tokenizer, which LLMLingua-2 uses to weigh words and to report sizes. */
async function cl100kCounter(): Promise<(text: string) => number> {
  const tokenizer = await loadTokenizer("gpt-3.5");
  return (text) => tokenizer.encode(text).length;
}

function checkForceTokens(classifier: TokenClassifier, forceTokens: readonly string[]): Set<string> {
  for (const token of forceTokens) {
    const pieces = classifier.tokenize(token).ids.length;
    // The original maps a multi-token force token to a new vocabulary entry and resizes the
    // model's embeddings; a fixed ONNX graph cannot grow, so only single tokens are accepted.
    if (pieces !== 1) {
      throw new RangeError(`force token ${JSON.stringify(token)} is ${pieces} tokens for this model; only single-token force tokens are supported`);
    }
  }
  return new Set(forceTokens);
}

/** Compresses `text` with the classifier. Deterministic for a given model and options. */
export async function compressText(text: string, classifier: TokenClassifier, options: CompressOptions = {}): Promise<Compression> {
  const rate = options.rate ?? DEFAULT_RATE;
  assertRate(rate);
  const count = await cl100kCounter();
  const originTokens = count(text);
  if (rate >= 1) {
    // The original returns the text itself at rate 1 (its reduce_rate <= 0 branch), untouched by the model.
    return { text: text.trim(), rate, words: [], originTokens, compressedTokens: originTokens, chunks: 0 };
  }
  const forceTokens = checkForceTokens(classifier, options.forceTokens ?? []);
  const tokenized = classifier.tokenize(text);
  const endTokens = new Set(options.chunkEndTokens ?? DEFAULT_CHUNK_END_TOKENS);
  const ranges = chunkRanges(tokenized.tokens, classifier.maxContentTokens, endTokens);

  const scored: ScoredToken[] = [];
  for (const [start, end] of ranges) {
    const probabilities = await classifier.keepProbabilities(tokenized.ids.slice(start, end));
    for (let i = start; i < end; i++) {
      scored.push({
        id: tokenized.ids[i] ?? 0,
        text: tokenized.tokens[i] ?? "",
        probability: probabilities[i - start] ?? 0,
        special: tokenized.special[i] ?? false,
      });
    }
  }

  const words = mergeTokensToWords(scored, {
    style: classifier.style,
    forceTokens,
    forceReserveDigit: options.forceReserveDigit ?? false,
  });
  const mode = options.tokenToWord ?? "mean";
  const probabilities = words.map((word) => wordProbability(word, mode));
  // The weight is the cl100k size of the word as the original spells it, "▁" marker included.
  const kept = selectWords(
    probabilities,
    words.map((word) => count(word.text)),
    rate,
  );
  const keptIds = words.flatMap((word, i) => (kept[i] === true ? word.tokenIds : []));
  const compressed = keptIds.length === 0 ? "" : classifier.decode(keptIds).trim();
  return {
    text: compressed,
    rate,
    words: words.map((word, i) => ({
      text: displayWord(word, classifier.style),
      probability: probabilities[i] ?? 0,
      kept: kept[i] === true,
    })),
    originTokens,
    compressedTokens: count(compressed),
    chunks: ranges.length,
  };
}
