/**
 * Reading a compact vocabulary file in Node: vocabularies/<name>.vocab.gz next to this package's
 * src/ and dist/ (both one level below the package root), gunzipped and decoded. A missing or
 * unreadable file is a broken install or an unbuilt checkout: `dependency_missing`, naming the
 * file inside the package (never an absolute path) and what to run.
 */
import { readFile } from "node:fs/promises";
import { gunzip } from "node:zlib";
import { promisify } from "node:util";
import { SilpError } from "silp";
import { type CompactTokenizerName, VOCABULARY_FOLDER, VOCABULARY_KINDS, vocabularyFileName } from "./vocabulary-catalog.js";
import { decodeVocabulary, type Vocabulary } from "./vocabulary-format.js";

const gunzipAsync = promisify(gunzip);

/** The package's own vocabularies/ folder. */
export const PACKAGE_VOCABULARY_DIRECTORY = new URL(`../${VOCABULARY_FOLDER}/`, import.meta.url);

/** The vocabulary of tokenizer `name`, of the kind the catalog names (anything else is a damaged file). */
export async function readVocabularyFile<N extends CompactTokenizerName>(
  name: N,
  directory: URL = PACKAGE_VOCABULARY_DIRECTORY,
): Promise<Extract<Vocabulary, { kind: (typeof VOCABULARY_KINDS)[N] }>> {
  const file = `${VOCABULARY_FOLDER}/${vocabularyFileName(name)}`;
  let compressed: Buffer;
  try {
    compressed = await readFile(new URL(vocabularyFileName(name), directory));
  } catch (error) {
    const missing = (error as { code?: unknown }).code === "ENOENT";
    throw broken(name, file, missing ? "is missing" : "cannot be read", missing ? "missing_file" : "load_failed", error);
  }
  let vocabulary: Vocabulary;
  try {
    const bytes = await gunzipAsync(compressed);
    vocabulary = decodeVocabulary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  } catch (error) {
    throw broken(name, file, "is damaged", "load_failed", error);
  }
  if (vocabulary.kind !== VOCABULARY_KINDS[name]) throw broken(name, file, `holds a ${vocabulary.kind} vocabulary`, "load_failed", undefined);
  return vocabulary as Extract<Vocabulary, { kind: (typeof VOCABULARY_KINDS)[N] }>;
}

function broken(name: CompactTokenizerName, file: string, what: string, reason: string, cause: unknown): SilpError {
  return new SilpError(
    "dependency_missing",
    `the ${name} tokenizer needs its vocabulary file ${file} in @silp/tokens, which ${what}: reinstall @silp/tokens (in a checkout: npm run build)`,
    { cause, details: { package: "@silp/tokens", file, reason } },
  );
}
