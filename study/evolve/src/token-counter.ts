/**
 * Token counts of payload texts on a fixed list of tokenizers, cached per text: a search scores
 * thousands of dialects whose payloads repeat (the same IR printed the same way by two
 * dialects), and counting on six tokenizers is the search's main cost. The cache is bounded; when
 * full it starts over (a simple bound; counts are deterministic, so a miss costs time only).
 */
import type { TokenizerSet } from "@silp/tokens";

const MAX_CACHED_TEXTS = 200_000;

/** Counts one text on each tokenizer, in a fixed order. */
export interface CountTokens {
  readonly tokenizers: readonly string[];
  counts(text: string): readonly number[];
}

export class CachedTokenCounter implements CountTokens {
  readonly tokenizers: readonly string[];
  readonly #cache = new Map<string, readonly number[]>();

  constructor(private readonly set: TokenizerSet) {
    if (set.length === 0) throw new RangeError("no tokenizer to count with");
    this.tokenizers = set.map((tokenizer) => tokenizer.name);
  }

  counts(text: string): readonly number[] {
    let counts = this.#cache.get(text);
    if (counts === undefined) {
      counts = Object.freeze(this.set.map((tokenizer) => tokenizer.encode(text).length));
      if (this.#cache.size >= MAX_CACHED_TEXTS) this.#cache.clear();
      this.#cache.set(text, counts);
    }
    return counts;
  }
}
