/**
 * Builds a complete, tiny LLMLingua-2-style model folder in a temporary directory: an ONNX
 * token classifier (see onnx-graph.ts), a Hugging Face tokenizer.json, tokenizer_config.json
 * and config.json. The folder has the same layout as an optimum export of
 * microsoft/llmlingua-2-xlm-roberta-large-meetingbank, so the frontend loads it through exactly
 * the code that loads the real model.
 *
 * Two tokenizer styles are offered, the two LLMLingua-2 ships models for: "metaspace"
 * (XLM-RoBERTa: SentencePiece Unigram, words start with "▁") and "wordpiece" (multilingual BERT:
 * continuation pieces start with "##"). Every printable ASCII character is in the vocabulary,
 * so any ASCII text tokenizes without <unk>; the listed pieces are whole words or sub-words
 * the segmenter prefers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildTokenClassifierOnnx, buildTokenClassifierOnnxExternal } from "./onnx-graph.js";

export type TinyStyle = "metaspace" | "wordpiece";

export interface TinyModelSpec {
  style: TinyStyle;
  /** Preferred pieces and their keep logits, e.g. {"▁rain": 4, "door": 2}. */
  pieces?: Readonly<Record<string, number>>;
  /** Keep logit of every other piece (single characters, "▁"). Default 0 (probability 0.5). */
  defaultLogit?: number;
  /** Put the graph in onnx/model.onnx (transformers.js layout) instead of model.onnx. */
  onnxSubfolder?: boolean;
  /** Store the weights beside the graph in model.onnx_data, as optimum does for graphs above 2 GB. */
  externalWeights?: boolean;
}

export interface TinyModel {
  dir: string;
  /** Keep probability the model gives the piece (label 1 softmax over logits [0, z]). */
  probabilityOf(piece: string): number;
  remove(): void;
}

const PRINTABLE_ASCII = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i));

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

interface Vocabulary {
  pieces: string[];
  scores: number[];
  specials: string[];
}

function metaspaceVocabulary(preferred: readonly string[]): Vocabulary {
  const specials = ["<s>", "<pad>", "</s>", "<unk>"];
  const characters = ["▁", ...PRINTABLE_ASCII].filter((c) => !preferred.includes(c));
  // Unigram scores are log probabilities: whole pieces beat spelling a word out letter by letter.
  return {
    specials,
    pieces: [...specials, ...characters, ...preferred],
    scores: [...specials.map(() => 0), ...characters.map(() => -8), ...preferred.map(() => -2)],
  };
}

function wordpieceVocabulary(preferred: readonly string[]): Vocabulary {
  const specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
  const characters = [...PRINTABLE_ASCII, ...PRINTABLE_ASCII.map((c) => `##${c}`)].filter((c) => !preferred.includes(c));
  const pieces = [...specials, ...characters, ...preferred];
  return { specials, pieces, scores: pieces.map(() => 0) };
}

function addedTokens(vocabulary: Vocabulary): object[] {
  return vocabulary.specials.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
}

function metaspaceTokenizer(vocabulary: Vocabulary): object {
  const metaspace = { type: "Metaspace", replacement: "▁", prepend_scheme: "always", split: true };
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: addedTokens(vocabulary),
    normalizer: null,
    pre_tokenizer: metaspace,
    post_processor: { type: "RobertaProcessing", sep: ["</s>", 2], cls: ["<s>", 0], trim_offsets: true, add_prefix_space: true },
    decoder: metaspace,
    model: {
      type: "Unigram",
      unk_id: 3,
      vocab: vocabulary.pieces.map((piece, i) => [piece, vocabulary.scores[i]]),
      byte_fallback: false,
    },
  };
}

function wordpieceTokenizer(vocabulary: Vocabulary): object {
  const special = (id: string, index: number) => ({ id, ids: [index], tokens: [id] });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: addedTokens(vocabulary),
    normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: false },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: "[SEP]", type_id: 0 } }],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: { "[CLS]": special("[CLS]", 2), "[SEP]": special("[SEP]", 3) },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.pieces.map((piece, id) => [piece, id])),
    },
  };
}

function tokenizerConfig(style: TinyStyle): object {
  return style === "metaspace"
    ? {
        tokenizer_class: "XLMRobertaTokenizer",
        bos_token: "<s>",
        eos_token: "</s>",
        cls_token: "<s>",
        sep_token: "</s>",
        pad_token: "<pad>",
        unk_token: "<unk>",
        mask_token: "<mask>",
        model_max_length: 512,
      }
    : {
        tokenizer_class: "BertTokenizer",
        cls_token: "[CLS]",
        sep_token: "[SEP]",
        pad_token: "[PAD]",
        unk_token: "[UNK]",
        mask_token: "[MASK]",
        do_lower_case: false,
        model_max_length: 512,
      };
}

/** Writes the model folder and returns it with the probabilities it will produce. */
export function writeTinyModel(spec: TinyModelSpec): TinyModel {
  const preferredLogits = spec.pieces ?? {};
  const preferred = Object.keys(preferredLogits);
  const vocabulary = spec.style === "metaspace" ? metaspaceVocabulary(preferred) : wordpieceVocabulary(preferred);
  const defaultLogit = spec.defaultLogit ?? 0;
  const logitOf = (piece: string): number => preferredLogits[piece] ?? defaultLogit;

  const dir = mkdtempSync(join(tmpdir(), "silp-llmlingua2-"));
  const graph = { keepLogits: vocabulary.pieces.map(logitOf), tokenTypeIds: spec.style === "wordpiece" };
  const modelPath = spec.onnxSubfolder === true ? join(dir, "onnx", "model.onnx") : join(dir, "model.onnx");
  if (spec.onnxSubfolder === true) mkdirSync(join(dir, "onnx"));
  if (spec.externalWeights === true) {
    const external = buildTokenClassifierOnnxExternal(graph, "model.onnx_data");
    writeFileSync(modelPath, external.onnx);
    writeFileSync(`${modelPath}_data`, external.data);
  } else {
    writeFileSync(modelPath, buildTokenClassifierOnnx(graph));
  }
  const tokenizer = spec.style === "metaspace" ? metaspaceTokenizer(vocabulary) : wordpieceTokenizer(vocabulary);
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizer));
  writeFileSync(join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfig(spec.style)));
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({
      architectures: [spec.style === "metaspace" ? "XLMRobertaForTokenClassification" : "BertForTokenClassification"],
      model_type: spec.style === "metaspace" ? "xlm-roberta" : "bert",
      id2label: { "0": "LABEL_0", "1": "LABEL_1" },
    }),
  );
  return {
    dir,
    probabilityOf: (piece) => sigmoid(logitOf(piece)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Logit of a token the tiny model keeps, and of one it drops. */
export const HIGH = 4;
export const LOW = -4;
/** A study sentence (case 2's natural prose) and tiny-model logits that like its content words. */
export const PROSE = "If not rain at t+1, start hike otherwise start cards indoors.";
export const PIECES: Readonly<Record<string, number>> = {
  "▁If": LOW,
  "▁not": LOW,
  "▁rain": HIGH,
  "▁at": LOW,
  "▁t": LOW,
  "▁start": HIGH,
  "▁hike": HIGH,
  "▁otherwise": LOW,
  "▁cards": HIGH,
  "▁in": HIGH,
  door: HIGH,
};
