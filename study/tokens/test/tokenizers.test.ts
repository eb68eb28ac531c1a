/**
 * The tokenizer layer on the two cheapest vocabularies (gpt-4o, llama-2): lazy cached loading
 * with progress, name parsing, the counting rules, and our tiktoken merge against js-tiktoken's.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import fc from "fast-check";
import { assertProperty } from "@silp/testkit/property.js";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { SilpError } from "silp";
import {
  TOKENIZER_NAMES,
  TiktokenBpe,
  countInRunningText,
  countTokens,
  loadTokenizer,
  loadTokenizers,
  loadedTokenizerNames,
  parseTokenizerList,
  tokenize,
  type LoadProgress,
} from "../src/index.js";

describe("loading", () => {
  test("loads only what is asked for, once, reporting progress in order", async () => {
    const events: LoadProgress[] = [];
    const first = await loadTokenizers(["llama-2", "gpt-4o"], { onProgress: (event) => events.push(event) });
    assert.deepEqual(
      first.map((tokenizer) => tokenizer.name),
      ["llama-2", "gpt-4o"],
    );
    assert.deepEqual(
      events.map((event) => [event.tokenizer, event.state, event.index, event.total]),
      [
        ["llama-2", "loading", 1, 2],
        ["llama-2", "loaded", 1, 2],
        ["gpt-4o", "loading", 2, 2],
        ["gpt-4o", "loaded", 2, 2],
      ],
    );
    assert.ok(loadedTokenizerNames().every((name) => name === "llama-2" || name === "gpt-4o"));
    const again: LoadProgress[] = [];
    const second = await loadTokenizers(["gpt-4o"], { onProgress: (event) => again.push(event) });
    assert.equal(second[0], first[1], "the cached instance is reused");
    assert.ok(again.every((event) => event.cached));
    assert.equal(await loadTokenizer("gpt-4o"), first[1]);
  });

  test("parseTokenizerList keeps the spec's order, drops duplicates, expands all", () => {
    assert.deepEqual(parseTokenizerList("gemini, gpt-4o,gemini"), ["gpt-4o", "gemini"]);
    assert.deepEqual(parseTokenizerList("all"), [...TOKENIZER_NAMES]);
    assert.deepEqual(parseTokenizerList(""), [...TOKENIZER_NAMES]);
    assert.throws(
      () => parseTokenizerList("gpt-4o,llama-3"),
      (error: unknown) => error instanceof SilpError && error.code === "invalid_syntax" && /llama-3/.test(error.message),
    );
    assert.throws(() => parseTokenizerList("__proto__"), SilpError);
  });
});

describe("counting rules", () => {
  test("bare counting adds no BOS/EOS; Llama-2 keeps its dummy-prefix space", async () => {
    const [gpt, llama] = await loadTokenizers(["gpt-4o", "llama-2"]);
    assert.ok(gpt && llama);
    assert.deepEqual(tokenize(gpt, "cancel"), { count: 1, pieces: ["cancel"], unk: false });
    assert.deepEqual(tokenize(llama, "cancel"), { count: 1, pieces: ["cancel"], unk: false });
    assert.equal(countTokens(gpt, ""), 0);
    assert.equal(countTokens(llama, ""), 0);
    assert.equal(countInRunningText(gpt, "cancel"), 1);
    assert.equal(countInRunningText(llama, "cancel"), 1);
  });

  test("special-token text is counted as ordinary text, never rejected", async () => {
    const [gpt, llama] = await loadTokenizers(["gpt-4o", "llama-2"]);
    assert.ok(gpt && llama);
    for (const text of ["<|endoftext|>", "<|im_start|>x<|im_end|>", "<s></s>", "<|fim_prefix|>"]) {
      assert.ok(countTokens(gpt, text) > 1, text);
      assert.ok(countTokens(llama, text) > 1, text);
      assert.equal(gpt.piece(-1), "");
    }
  });

  test("hostile text: lone surrogates, NUL, huge single words and mixed scripts do not crash", async () => {
    const [gpt, llama] = await loadTokenizers(["gpt-4o", "llama-2"]);
    assert.ok(gpt && llama);
    for (const text of ["\ud800", "a\u0000b", "\u202e!CANCEL", "中".repeat(20_000), "a".repeat(50_000), "😀".repeat(5_000)]) {
      assert.ok(countTokens(gpt, text) > 0);
      assert.ok(countTokens(llama, text) > 0);
    }
    // Lossless on valid text: decoding the ids gives the text back.
    const long = `${"a".repeat(30_000)} ${"中文".repeat(3_000)} 😀x`;
    const ids = gpt.encode(long);
    assert.equal(ids.map((id) => gpt.piece(id)).length, ids.length);
  });
});

describe("TiktokenBpe (our linear-time merge) against js-tiktoken's reference encoder", () => {
  const alphabet = ["a", "b", "e", "th", "in", " ", "  ", "中", "文", "é", "\u200b", "\ufeff", "😀", "1", "23", "_", "!", "\n", "'s", "я", "ق", "AB", "aaa"];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((parts) => parts.join(""));

  for (const [name, ranks] of [
    ["o200k_base", o200k],
    ["cl100k_base", cl100k],
  ] as const) {
    test(`${name}: identical ids on generated text, and lossless`, () => {
      const reference = new Tiktoken(ranks);
      const ours = new TiktokenBpe(ranks);
      assertProperty(
        fc.property(fc.oneof(text, fc.string({ maxLength: 30 }), fc.string({ unit: "grapheme", maxLength: 20 })), (input) => {
          const ids = ours.encode(input);
          assert.deepEqual(ids, reference.encode(input, [], []));
          if (!/\p{Cs}/u.test(input)) assert.equal(ours.decode(ids), input);
        }),
        { numRuns: 1500 },
      );
    });
  }

  test("long single pre-tokens give the reference result", () => {
    const reference = new Tiktoken(o200k);
    const ours = new TiktokenBpe(o200k);
    for (const input of ["a".repeat(600), "ab".repeat(300), "中".repeat(200), "😀".repeat(100)]) {
      assert.deepEqual(ours.encode(input), reference.encode(input, [], []));
    }
  });
});
