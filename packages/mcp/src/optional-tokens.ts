/** `@silp/tokens` as an optional part of the integrations: loaded on demand, absent without error. */
import type { CENSUS_TOKENIZERS } from "silp/util";

/** One of the six tokenizers of the spec's census (section 3.8), by name. */
type CensusTokenizer = (typeof CENSUS_TOKENIZERS)[number];

/** A loaded tokenizer, as the count_tokens tool uses it. */
export interface TokenCounter {
  readonly name: string;
}

/**
 * What the count_tokens tool uses of `@silp/tokens`, stated here so that @silp/mcp's types need
 * no `@silp/tokens` installed (it is an optional dependency); the module itself is one (checked
 * where it is loaded, below).
 */
export interface TokensModule {
  readonly TOKENIZER_NAMES: readonly CensusTokenizer[];
  readonly DEFAULT_MAX_COUNT_LENGTH: number;
  parseTokenizerList(list: string): CensusTokenizer[];
  loadTokenizers(names: readonly CensusTokenizer[]): Promise<readonly TokenCounter[]>;
  countTokens(tokenizer: TokenCounter, text: string): number;
}

/** Imports silp/tokens if it loads here; undefined when it (or a package it needs) is missing. */
export async function loadTokensModule(): Promise<TokensModule | undefined> {
  try {
    const tokens: TokensModule = await import("@silp/tokens");
    return tokens;
  } catch {
    return undefined;
  }
}
