/**
 * `@silp/tokens/vocabulary`: the platform-neutral part of the package, for code that runs where
 * Node's file system does not (the playground's Web Worker): the compact vocabulary form, the
 * file names, and the tiktoken encoder that runs on it. Loading by name (`loadTokenizer`) stays
 * in the main entry; it reads the files with Node's fs.
 */
export { TiktokenBpe, type TiktokenRanks } from "./tiktoken-bpe.js";
export { COMPACT_TOKENIZERS, type CompactTokenizerName, VOCABULARY_FOLDER, VOCABULARY_KINDS, vocabularyFileName } from "./vocabulary-catalog.js";
export {
  decodeVocabulary,
  encodeVocabulary,
  isVocabulary,
  VocabularyFormatError,
  type HuggingFaceTokenizerJson,
  type HuggingFaceVocabulary,
  type TiktokenVocabulary,
  type Vocabulary,
  type VocabularySource,
} from "./vocabulary-format.js";
