/**
 * Which tokenizers read a compact vocabulary file of ours, and its name. The files live in the
 * package's vocabularies/ folder; scripts/build-vocabularies.ts writes them from the upstream
 * packages (TOKENIZER_SOURCES). Llama-2 has none: llama-tokenizer-js keeps its one copy of the
 * vocabulary inside its code (see loaders.ts).
 */
import type { TokenizerName } from "./tokenizer.js";

/** Each compact tokenizer and the kind of vocabulary its file holds (vocabulary-format.ts). */
export const VOCABULARY_KINDS = Object.freeze({
  "gpt-4o": "tiktoken",
  "gpt-3.5": "tiktoken",
  "qwen2.5": "huggingface",
  claude: "huggingface",
  gemini: "huggingface",
} as const satisfies Record<Exclude<TokenizerName, "llama-2">, "tiktoken" | "huggingface">);

export type CompactTokenizerName = keyof typeof VOCABULARY_KINDS;

export const COMPACT_TOKENIZERS = Object.freeze(Object.keys(VOCABULARY_KINDS) as CompactTokenizerName[]);

/** The folder, relative to the package root, and each tokenizer's file in it. */
export const VOCABULARY_FOLDER = "vocabularies";

export const vocabularyFileName = (name: CompactTokenizerName): string => `${name}.vocab.gz`;
