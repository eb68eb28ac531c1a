/**
 * The compact vocabulary form @silp/tokens ships: one file per tokenizer, built from the upstream
 * package's own data by scripts/build-vocabularies.ts and read back here. Platform-neutral (no
 * Node.js API), so the playground's Web Worker reads the same files.
 *
 *   "SILPVOCAB1\n"                         magic and format version
 *   header JSON, then "\n"                  kind, source package, everything but the big tables
 *   body                                    the big tables, as unsigned LEB128 varints and bytes
 *
 * tiktoken body: varint(byte length) of every rank 0..tokens-1, then every token's bytes,
 * concatenated in rank order.
 *
 * huggingface body (tokenizer.json's BPE model):
 *   vocab entries  for every entry in the object's own order: varint(zigzag(id - previous id - 1)),
 *                  varint(UTF-16 length of the token)
 *   vocab text     every token's text, concatenated, as UTF-8 (header.vocabTextBytes bytes)
 *   merges         for every merge in rank order: varint(zigzag(id of the merged token - previous
 *                  one)), varint(UTF-16 length of the left part). A merge "a b" is always the
 *                  split of the vocabulary token "ab", so two small numbers name it exactly.
 *
 * The file is gzip-compressed as a whole (gzip is in Node's zlib and in every browser's
 * DecompressionStream); the readers decompress before calling `decodeVocabulary`.
 * Hand-written because no maintained package stores a BPE vocabulary this small; the build
 * decodes every file it writes and compares it with the upstream data before it keeps it.
 */

const MAGIC = "SILPVOCAB1\n";
const NEWLINE = 0x0a;

/** Where a vocabulary came from: the npm package (and version) whose data the build read. */
export interface VocabularySource {
  package: string;
  version: string;
  /** The file or export of that package the data was read from. */
  entry: string;
}

/**
 * A tiktoken vocabulary: the split pattern, the special tokens (kept for reference; we encode
 * their text as ordinary text) and every token's bytes by rank, as a "binary" string (one char
 * per byte, U+0000-U+00FF), the form TiktokenBpe keys its tables with.
 */
export interface TiktokenVocabulary {
  kind: "tiktoken";
  source: VocabularySource;
  pat_str: string;
  special_tokens: Record<string, number>;
  tokens: readonly string[];
}

/** A Hugging Face tokenizer: tokenizer.json and tokenizer_config.json, as @lenml/tokenizers reads them. */
export interface HuggingFaceVocabulary {
  kind: "huggingface";
  source: VocabularySource;
  tokenizerJSON: HuggingFaceTokenizerJson;
  tokenizerConfig: Record<string, unknown>;
}

/** The part of tokenizer.json the compact form restructures: the BPE model's vocab and merges. */
export interface HuggingFaceTokenizerJson {
  model: { vocab: Record<string, number>; merges: string[] | [string, string][]; [key: string]: unknown };
  [key: string]: unknown;
}

export type Vocabulary = TiktokenVocabulary | HuggingFaceVocabulary;

interface TiktokenHeader {
  kind: "tiktoken";
  source: VocabularySource;
  pat_str: string;
  special_tokens: Record<string, number>;
  tokens: number;
}

interface HuggingFaceHeader {
  kind: "huggingface";
  source: VocabularySource;
  /** tokenizer.json with model.vocab and model.merges set to null (they are in the body). */
  tokenizerJSON: Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
  vocab: number;
  vocabTextBytes: number;
  merges: number;
  /** "string": merges as "a b"; "pair": as ["a", "b"] (tokenizers >= 0.20). */
  mergeForm: "string" | "pair";
}

/** Why a file is not a vocabulary we wrote: wrong magic, truncated, inconsistent. */
export class VocabularyFormatError extends Error {
  override readonly name = "VocabularyFormatError";
}

// --- varints -------------------------------------------------------------------------------

class ByteWriter {
  private chunks: Uint8Array[] = [];
  private current = new Uint8Array(1 << 16);
  private used = 0;

  private room(bytes: number): void {
    if (this.used + bytes <= this.current.length) return;
    this.chunks.push(this.current.subarray(0, this.used));
    this.current = new Uint8Array(Math.max(1 << 16, bytes));
    this.used = 0;
  }

  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint: not a non-negative integer: ${value}`);
    this.room(8);
    let rest = value;
    while (rest >= 0x80) {
      this.current[this.used++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.current[this.used++] = rest;
  }

  bytes(data: Uint8Array): void {
    this.room(data.length);
    this.current.set(data, this.used);
    this.used += data.length;
  }

  finish(): Uint8Array {
    const parts = [...this.chunks, this.current.subarray(0, this.used)];
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

class ByteReader {
  constructor(
    private readonly data: Uint8Array,
    public at: number,
  ) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.data.length) throw new VocabularyFormatError("vocabulary file is truncated");
      const byte = this.data[this.at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 49) throw new VocabularyFormatError("vocabulary file has an over-long number");
    }
  }

  bytes(length: number): Uint8Array {
    if (this.at + length > this.data.length) throw new VocabularyFormatError("vocabulary file is truncated");
    const slice = this.data.subarray(this.at, this.at + length);
    this.at += length;
    return slice;
  }
}

const zigzag = (value: number): number => (value >= 0 ? 2 * value : -2 * value - 1);
const unzigzag = (value: number): number => (value % 2 === 0 ? value / 2 : -(value + 1) / 2);

/** Bytes as a binary string, in chunks (String.fromCharCode takes a bounded argument list). */
function bytesToBinary(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x2000) text += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return text;
}

const binaryToBytes = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

// --- encoding (the build) -------------------------------------------------------------------

function withHeader(header: TiktokenHeader | HuggingFaceHeader, body: ByteWriter): Uint8Array {
  const head = new TextEncoder().encode(`${MAGIC}${JSON.stringify(header)}\n`);
  const rest = body.finish();
  const out = new Uint8Array(head.length + rest.length);
  out.set(head, 0);
  out.set(rest, head.length);
  return out;
}

/** A lone surrogate does not survive UTF-8; no vocabulary we ship has one, and the build says so if one ever does. */
const LONE_SURROGATE = /\p{Cs}/u;

export function encodeVocabulary(vocabulary: Vocabulary): Uint8Array {
  const body = new ByteWriter();
  if (vocabulary.kind === "tiktoken") {
    const { tokens, kind, source, pat_str, special_tokens } = vocabulary;
    // An index loop, not forEach: forEach skips the holes of a sparse array, which must fail here.
    for (let rank = 0; rank < tokens.length; rank++) {
      const token = tokens[rank];
      if (typeof token !== "string") throw new RangeError(`tiktoken vocabulary has no token at rank ${rank}`);
      body.varint(token.length);
    }
    body.bytes(binaryToBytes(tokens.join("")));
    return withHeader({ kind, source, pat_str, special_tokens, tokens: tokens.length }, body);
  }
  const { model, ...rest } = vocabulary.tokenizerJSON;
  const { vocab, merges } = model;
  const entries = Object.entries(vocab);
  const idOf = new Map(entries);
  let previous = -1;
  const texts: string[] = [];
  for (const [token, id] of entries) {
    if (LONE_SURROGATE.test(token)) throw new RangeError(`vocabulary token ${JSON.stringify(token)} has a lone surrogate`);
    body.varint(zigzag(id - previous - 1));
    body.varint(token.length);
    texts.push(token);
    previous = id;
  }
  const text = new TextEncoder().encode(texts.join(""));
  body.bytes(text);
  const mergeForm = merges.length > 0 && Array.isArray(merges[0]) ? "pair" : "string";
  let previousMerged = 0;
  for (const merge of merges) {
    const [left, right] = typeof merge === "string" ? splitMerge(merge) : merge;
    const merged = idOf.get(left + right);
    if (merged === undefined) throw new RangeError(`merge ${JSON.stringify(merge)} does not make a vocabulary token`);
    body.varint(zigzag(merged - previousMerged));
    body.varint(left.length);
    previousMerged = merged;
  }
  const header: HuggingFaceHeader = {
    kind: "huggingface",
    source: vocabulary.source,
    tokenizerJSON: { ...rest, model: { ...model, vocab: null, merges: null } },
    tokenizerConfig: vocabulary.tokenizerConfig,
    vocab: entries.length,
    vocabTextBytes: text.length,
    merges: merges.length,
    mergeForm,
  };
  return withHeader(header, body);
}

/** "a b" -> ["a", "b"]; a merge string with no space or more than one is not one we can store. */
function splitMerge(merge: string): [string, string] {
  const parts = merge.split(" ");
  if (parts.length !== 2) throw new RangeError(`merge ${JSON.stringify(merge)} is not two tokens`);
  return parts as [string, string];
}

// --- decoding (run time) --------------------------------------------------------------------

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new VocabularyFormatError("vocabulary file has invalid UTF-8");
  }
}

/** Whether `bytes` start with our magic (a server may already have undone the gzip layer). */
export function isVocabulary(bytes: Uint8Array): boolean {
  if (bytes.length < MAGIC.length) return false;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Reads a decompressed vocabulary file. Throws VocabularyFormatError on anything else. */
export function decodeVocabulary(bytes: Uint8Array): Vocabulary {
  if (!isVocabulary(bytes)) throw new VocabularyFormatError("not a SILP vocabulary file (bad magic)");
  const end = bytes.indexOf(NEWLINE, MAGIC.length);
  if (end < 0) throw new VocabularyFormatError("vocabulary file is truncated");
  let header: TiktokenHeader | HuggingFaceHeader;
  try {
    header = JSON.parse(utf8(bytes.subarray(MAGIC.length, end)));
  } catch {
    throw new VocabularyFormatError("vocabulary file has an unreadable header");
  }
  const reader = new ByteReader(bytes, end + 1);
  // Every counted entry takes at least one byte: a count above what is left is a damaged file,
  // refused before anything is allocated for it.
  const left = bytes.length - reader.at;
  const counts = header.kind === "tiktoken" ? [header.tokens] : [header.vocab, header.vocabTextBytes, header.merges];
  if (!counts.every((count) => Number.isSafeInteger(count) && count >= 0 && count <= left)) {
    throw new VocabularyFormatError("vocabulary file has impossible counts");
  }
  const vocabulary = header.kind === "tiktoken" ? readTiktoken(header, reader) : header.kind === "huggingface" ? readHuggingFace(header, reader) : undefined;
  if (vocabulary === undefined) throw new VocabularyFormatError("vocabulary file has an unknown kind");
  if (reader.at !== bytes.length) throw new VocabularyFormatError("vocabulary file has trailing bytes");
  return vocabulary;
}

function readTiktoken(header: TiktokenHeader, reader: ByteReader): TiktokenVocabulary {
  const lengths = new Array<number>(header.tokens);
  let total = 0;
  for (let rank = 0; rank < header.tokens; rank++) {
    const length = reader.varint();
    lengths[rank] = length;
    total += length;
  }
  // One binary string for all token bytes, then one slice per token: far cheaper than a string per token.
  const text = bytesToBinary(reader.bytes(total));
  const tokens = new Array<string>(header.tokens);
  let at = 0;
  for (let rank = 0; rank < header.tokens; rank++) {
    const length = lengths[rank] as number;
    tokens[rank] = text.slice(at, at + length);
    at += length;
  }
  return { kind: "tiktoken", source: header.source, pat_str: header.pat_str, special_tokens: header.special_tokens, tokens };
}

function readHuggingFace(header: HuggingFaceHeader, reader: ByteReader): HuggingFaceVocabulary {
  const ids = new Array<number>(header.vocab);
  const lengths = new Array<number>(header.vocab);
  let previous = -1;
  for (let i = 0; i < header.vocab; i++) {
    previous += unzigzag(reader.varint()) + 1;
    ids[i] = previous;
    lengths[i] = reader.varint();
  }
  const text = utf8(reader.bytes(header.vocabTextBytes));
  const vocab: Record<string, number> = {};
  const tokenById: string[] = [];
  let at = 0;
  for (let i = 0; i < header.vocab; i++) {
    const token = text.slice(at, at + (lengths[i] as number));
    at += lengths[i] as number;
    const id = ids[i] as number;
    // As JSON.parse does: "__proto__" is an own key like any other, not the prototype.
    if (token === "__proto__") Object.defineProperty(vocab, token, { value: id, enumerable: true, writable: true, configurable: true });
    else vocab[token] = id;
    tokenById[id] = token;
  }
  if (at !== text.length) throw new VocabularyFormatError("vocabulary file is inconsistent (vocabulary text)");
  const pairs = header.mergeForm === "pair";
  const merges: (string | [string, string])[] = new Array(header.merges);
  let merged = 0;
  for (let i = 0; i < header.merges; i++) {
    merged += unzigzag(reader.varint());
    const split = reader.varint();
    const token = tokenById[merged];
    if (token === undefined || split > token.length) throw new VocabularyFormatError("vocabulary file is inconsistent (merges)");
    const left = token.slice(0, split);
    const right = token.slice(split);
    merges[i] = pairs ? [left, right] : `${left} ${right}`;
  }
  const model = header.tokenizerJSON.model as Record<string, unknown>;
  // The placeholders keep the model's key order; the tables go back where they were.
  const tokenizerJSON = { ...header.tokenizerJSON, model: { ...model, vocab, merges } } as HuggingFaceTokenizerJson;
  return { kind: "huggingface", source: header.source, tokenizerJSON, tokenizerConfig: header.tokenizerConfig };
}
