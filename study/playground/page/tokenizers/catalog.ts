/**
 * The six tokenizers of @silp/tokens as the page has them: where each one's data lives next to
 * the page (written by scripts/build-site.ts) and what it is built from. gpt-4o and gpt-3.5 load
 * after the first render; the other four only when the reader asks.
 */
export const PAGE_TOKENIZER_NAMES = ["gpt-4o", "gpt-3.5", "llama-2", "qwen2.5", "claude", "gemini"] as const;
export type PageTokenizer = (typeof PAGE_TOKENIZER_NAMES)[number];

/** Loaded after the first render without being asked for (their files are 0.4-1 MB). */
export const DEFAULT_TOKENIZERS: readonly PageTokenizer[] = ["gpt-4o", "gpt-3.5"];

export type TokenizerData =
  /**
   * @silp/tokens' own compact vocabulary file, copied as it is (gzipped): tiktoken ranks encoded by
   * its TiktokenBpe, or tokenizer.json + tokenizer_config.json built by @lenml/tokenizers.
   */
  | { kind: "compact"; file: string }
  /** llama-tokenizer-js with its vocabulary inside (base64 strings in its source), as an ES module. */
  | { kind: "module"; file: string };

export const TOKENIZER_DATA: Readonly<Record<PageTokenizer, TokenizerData>> = {
  "gpt-4o": { kind: "compact", file: "tokenizers/gpt-4o.vocab.gz" },
  "gpt-3.5": { kind: "compact", file: "tokenizers/gpt-3.5.vocab.gz" },
  "llama-2": { kind: "module", file: "tokenizers/llama-2.js" },
  "qwen2.5": { kind: "compact", file: "tokenizers/qwen2.5.vocab.gz" },
  claude: { kind: "compact", file: "tokenizers/claude.vocab.gz" },
  gemini: { kind: "compact", file: "tokenizers/gemini.vocab.gz" },
};

export const isPageTokenizer = (value: unknown): value is PageTokenizer => (PAGE_TOKENIZER_NAMES as readonly unknown[]).includes(value);
