/**
 * The compact vocabulary form on small hand-made vocabularies (the real ones are checked
 * against upstream in identical-counts.test.ts): what goes in comes out, keys in order, edge
 * tokens included; damaged input is a VocabularyFormatError, and a missing or damaged file is
 * `dependency_missing` naming the file inside the package, never an absolute path.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, test } from "vitest";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { SilpError } from "silp";
import { readVocabularyFile } from "../src/vocabulary-files.js";
import {
  decodeVocabulary,
  encodeVocabulary,
  type HuggingFaceVocabulary,
  TiktokenBpe,
  type TiktokenVocabulary,
  VocabularyFormatError,
} from "../src/vocabulary.js";

const source = { package: "test-double", version: "0.0.0", entry: "hand-made" };

/** Every byte as a token, then a few merged ones: a complete little byte-level BPE. */
function tiktokenDouble(): TiktokenVocabulary {
  const tokens = Array.from({ length: 256 }, (_, byte) => String.fromCharCode(byte));
  tokens.push("ab", "abc", " a", "\u00ef\u00bb\u00bf", "\u00e4\u00b8\u00ad");
  return { kind: "tiktoken", source, pat_str: "\\p{L}+|\\s+|[^\\s\\p{L}]+", special_tokens: { "<|endoftext|>": 261 }, tokens };
}

function huggingFaceDouble(mergeForm: "string" | "pair"): HuggingFaceVocabulary {
  // Integer-like keys ("1", "10") sort first in a JS object: the order must survive anyway.
  const vocab: Record<string, number> = { a: 0, b: 1, "10": 2, ab: 3, "1": 4, "\ufeff": 5, 中文: 6, "😀": 7, 中: 8, 文: 9, "a\u0000": 10 };
  Object.defineProperty(vocab, "__proto__", { value: 11, enumerable: true, writable: true, configurable: true });
  const pairs: [string, string][] = [
    ["a", "b"],
    ["中", "文"],
    ["1", "0"],
  ];
  return {
    kind: "huggingface",
    source,
    tokenizerJSON: {
      version: "1.0",
      added_tokens: [{ id: 12, content: "<s>", special: true }],
      normalizer: null,
      model: { type: "BPE", dropout: null, vocab, merges: mergeForm === "pair" ? pairs : pairs.map(([l, r]) => `${l} ${r}`), byte_fallback: false },
    },
    tokenizerConfig: { tokenizer_class: "PreTrainedTokenizer", unk_token: null },
  };
}

describe("the compact vocabulary form", () => {
  test("a tiktoken vocabulary comes back byte for byte, and encodes as the rank-file form does", () => {
    const vocabulary = tiktokenDouble();
    const decoded = decodeVocabulary(encodeVocabulary(vocabulary));
    assert.deepStrictEqual(decoded, vocabulary);
    assert.equal(decoded.kind, "tiktoken");
    const ranks = {
      pat_str: vocabulary.pat_str,
      special_tokens: vocabulary.special_tokens,
      bpe_ranks: `! 0 ${vocabulary.tokens.map((token) => Buffer.from(token, "latin1").toString("base64")).join(" ")}`,
    };
    const fromRanks = new TiktokenBpe(ranks);
    const fromCompact = new TiktokenBpe(decoded as TiktokenVocabulary);
    for (const text of ["abc ab a", "\ufeff中x", "<|endoftext|>", "", "zzz abcabc"]) {
      assert.deepEqual(fromCompact.encode(text), fromRanks.encode(text), text);
    }
    assert.deepEqual(fromCompact.encode("abc"), [257]);
    assert.equal(fromCompact.decode(fromCompact.encode("\ufeff中")), "\ufeff中");
  });

  for (const form of ["string", "pair"] as const) {
    test(`a Hugging Face vocabulary comes back with its key order (merges as ${form}s)`, () => {
      const vocabulary = huggingFaceDouble(form);
      const decoded = decodeVocabulary(encodeVocabulary(vocabulary));
      assert.deepStrictEqual(decoded, vocabulary);
      assert.ok(decoded.kind === "huggingface");
      assert.deepEqual(Object.keys(decoded.tokenizerJSON.model.vocab), Object.keys(vocabulary.tokenizerJSON.model.vocab));
      assert.ok(Object.hasOwn(decoded.tokenizerJSON.model.vocab, "__proto__"), "__proto__ stays an own key");
      assert.equal(Object.getPrototypeOf(decoded.tokenizerJSON.model.vocab), Object.prototype);
    });
  }

  test("what the form cannot hold is refused when writing, not lost", () => {
    const gap = tiktokenDouble();
    const tokens = [...gap.tokens];
    delete tokens[3];
    assert.throws(() => encodeVocabulary({ ...gap, tokens }), /no token at rank 3/);
    const lone = huggingFaceDouble("string");
    lone.tokenizerJSON.model.vocab["\ud800"] = 99;
    assert.throws(() => encodeVocabulary(lone), /lone surrogate/);
    const stray = huggingFaceDouble("string");
    stray.tokenizerJSON.model.merges = ["b a"];
    assert.throws(() => encodeVocabulary(stray), /does not make a vocabulary token/);
  });

  test("damaged input is a VocabularyFormatError", () => {
    const good = encodeVocabulary(huggingFaceDouble("string"));
    const damaged: [string, Uint8Array][] = [
      ["empty", new Uint8Array()],
      ["bad magic", new TextEncoder().encode("SILPVOCAB2\n{}\n")],
      ["no header end", good.subarray(0, 20)],
      ["unreadable header", new TextEncoder().encode('SILPVOCAB1\n{"kind":\n')],
      ["unknown kind", new TextEncoder().encode('SILPVOCAB1\n{"kind":"wordpiece"}\n')],
      ["impossible count", new TextEncoder().encode('SILPVOCAB1\n{"kind":"tiktoken","tokens":1000000000}\n\u0001a')],
      ["count not a number", new TextEncoder().encode('SILPVOCAB1\n{"kind":"huggingface","vocab":"3","vocabTextBytes":0,"merges":0}\n\u0000')],
      ["truncated body", good.subarray(0, good.length - 3)],
      ["trailing bytes", Uint8Array.from([...good, 0])],
    ];
    for (const [what, bytes] of damaged) assert.throws(() => decodeVocabulary(bytes), VocabularyFormatError, what);
  });
});

describe("reading the package's vocabulary files", () => {
  const dir = mkdtempSync(join(tmpdir(), "silp-vocabularies-"));
  const url = pathToFileURL(`${dir}/`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const brokenFile = (reason: string) => (error: unknown) => {
    assert.ok(error instanceof SilpError);
    assert.equal(error.code, "dependency_missing");
    assert.deepEqual(error.details, { package: "@silp/tokens", file: "vocabularies/claude.vocab.gz", reason });
    assert.ok(!error.message.includes(dir), "no absolute path in the message");
    return true;
  };

  test("a missing file is dependency_missing naming the file in the package", async () => {
    await assert.rejects(readVocabularyFile("claude", url), brokenFile("missing_file"));
  });

  test("a damaged file, or one of the wrong kind, is dependency_missing too", async () => {
    writeFileSync(join(dir, "claude.vocab.gz"), "not gzip");
    await assert.rejects(readVocabularyFile("claude", url), brokenFile("load_failed"));
    writeFileSync(join(dir, "claude.vocab.gz"), gzipSync(encodeVocabulary(tiktokenDouble())));
    await assert.rejects(readVocabularyFile("claude", url), brokenFile("load_failed"));
    writeFileSync(join(dir, "claude.vocab.gz"), gzipSync(encodeVocabulary(huggingFaceDouble("pair"))));
    assert.deepStrictEqual(await readVocabularyFile("claude", url), huggingFaceDouble("pair"));
  });
});
