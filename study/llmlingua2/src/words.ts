/**
 * From token probabilities to word probabilities, as LLMLingua-2 does it (microsoft/LLMLingua,
 * `PromptCompressor.__merge_token_to_word` and `__token_prob_to_word_prob`, with the word-start
 * rules of `llmlingua/utils.py`).
 *
 * A word is one token that starts a word plus the continuation tokens after it. Which tokens
 * start a word depends on the tokenizer family:
 *   - "metaspace" (XLM-RoBERTa, SentencePiece): a token starting with "▁", a token that is a
 *     substring of Python's `string.punctuation` (so "," or "_" on its own starts a word, and
 *     "order_42" is the two words "▁order" and "_42"), or a forced token;
 *   - "wordpiece" (multilingual BERT): every token except "##" continuations (a forced token
 *     starts a word even when it carries "##").
 * Special tokens (<s>, </s>, <unk>, [CLS], ...) belong to no word; they are skipped.
 */

export type WordBoundaryStyle = "metaspace" | "wordpiece";

/** How token probabilities become a word probability: "mean" (LLMLingua-2's default) or "first". */
export type TokenToWord = "mean" | "first";

/** Python's `string.punctuation`; the original tests `token in string.punctuation`, a substring test. */
const PYTHON_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const METASPACE = "▁";
const DIGIT = /\d/;

export interface ScoredToken {
  id: number;
  /** The token as the tokenizer spells it ("▁order", "##ing", ","). */
  text: string;
  /** Keep probability (label 1) from the classifier. */
  probability: number;
  special: boolean;
}

export interface Word {
  /** The word as the original builds it: start token as spelled (keeps "▁"), continuations without their marker. */
  text: string;
  /** Token ids that make up the word, in order. */
  tokenIds: number[];
  /** Per-token probabilities after forcing (1.0 for forced tokens and, if asked, tokens with digits). */
  tokenProbabilities: number[];
}

export interface WordOptions {
  style: WordBoundaryStyle;
  /** Tokens that always start a word and are kept with probability 1 (LLMLingua-2's force_tokens). */
  forceTokens?: ReadonlySet<string>;
  /** Give every token that contains a digit probability 1 (LLMLingua-2's force_reserve_digit). */
  forceReserveDigit?: boolean;
}

/** Python `str.lstrip(chars)`: removes every leading character that is in `chars`. */
function stripLeading(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) start++;
  return text.slice(start);
}

/** The token without its word marker: "▁order" -> "order", "##ing" -> "ing". */
export function pureToken(text: string, style: WordBoundaryStyle): string {
  return style === "metaspace" ? stripLeading(text, METASPACE) : stripLeading(text, "#");
}

export function startsWord(text: string, style: WordBoundaryStyle, forceTokens: ReadonlySet<string>): boolean {
  if (style === "metaspace") {
    return PYTHON_PUNCTUATION.includes(text) || forceTokens.has(text) || text.startsWith(METASPACE);
  }
  return forceTokens.has(pureToken(text, style)) || !text.startsWith("##");
}

/**
 * Groups scored tokens into words. A continuation token with no word before it (possible only
 * with unusual tokenizers; the original would crash) starts a word of its own.
 */
export function mergeTokensToWords(tokens: readonly ScoredToken[], options: WordOptions): Word[] {
  const forceTokens = options.forceTokens ?? new Set<string>();
  const words: Word[] = [];
  for (const token of tokens) {
    if (token.special) continue;
    const pure = pureToken(token.text, options.style);
    const digitForced = options.forceReserveDigit === true && DIGIT.test(token.text);
    const current = words[words.length - 1];
    if (current === undefined || startsWord(token.text, options.style, forceTokens)) {
      const forced = forceTokens.has(pure) || digitForced;
      words.push({ text: token.text, tokenIds: [token.id], tokenProbabilities: [forced ? 1 : token.probability] });
    } else {
      current.text += pure;
      current.tokenIds.push(token.id);
      current.tokenProbabilities.push(digitForced ? 1 : token.probability);
    }
  }
  return words;
}

export function wordProbability(word: Word, mode: TokenToWord): number {
  const probabilities = word.tokenProbabilities;
  if (mode === "first") return probabilities[0] ?? 0;
  let sum = 0;
  for (const p of probabilities) sum += p;
  return probabilities.length === 0 ? 0 : sum / probabilities.length;
}

/** The word as people read it: without the SentencePiece marker (the original strips it for XLM-R). */
export function displayWord(word: Word, style: WordBoundaryStyle): string {
  return style === "metaspace" ? stripLeading(word.text, METASPACE) : word.text;
}
