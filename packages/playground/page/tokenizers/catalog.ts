/**
 * The six tokenizers of @silp/tokens as the page has them: where each one's data lives next to
 * the page (written by scripts/build-site.ts) and what it is built from. gpt-4o and gpt-3.5 load
 * after the first render; the other four only when the reader asks.
 */
export const PAGE_TOKENIZER_NAMES = ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini"] as const;
export type PageTokenizer = (typeof PAGE_TOKENIZER_NAMES)[number];

/** Loaded after the first render without being asked for (their ranks are 1-2 MB). */
export const DEFAULT_TOKENIZERS: readonly PageTokenizer[] = ["gpt-4o", "gpt-3.5"];

export type TokenizerData =
  /** js-tiktoken's ranks as JSON, encoded by @silp/tokens' TiktokenBpe. */
  | { kind: "tiktoken"; file: string }
  /** Hugging Face tokenizer.json + tokenizer_config.json as one JSON file, built by @lenml/tokenizers. */
  | { kind: "huggingface"; file: string }
  /** llama-tokenizer-js with its vocabulary inside (base64 strings in its source), as an ES module. */
  | { kind: "module"; file: string };

export const TOKENIZER_DATA: Readonly<Record<PageTokenizer, TokenizerData>> = {
  "gpt-4o": { kind: "tiktoken", file: "ranks/o200k_base.json" },
  "gpt-3.5": { kind: "tiktoken", file: "ranks/cl100k_base.json" },
  "llama-2": { kind: "module", file: "tokenizers/llama-2.js" },
  "qwen2.5": { kind: "huggingface", file: "tokenizers/qwen2.5.json" },
  claude: { kind: "huggingface", file: "tokenizers/claude.json" },
  gemini: { kind: "huggingface", file: "tokenizers/gemini.json" },
};

export const isPageTokenizer = (value: unknown): value is PageTokenizer => (PAGE_TOKENIZER_NAMES as readonly unknown[]).includes(value);
