/**
 * Lazy, cached loading of the six tokenizers. Loading all six takes seconds and several hundred
 * MB (docs/tokens.md has the measurements), so a tokenizer is built only when asked for, once
 * per process, and callers can watch progress.
 */
import { SilpError } from "silp";
import { TOKENIZER_LOADERS } from "./loaders.js";
import { isTokenizerName, TOKENIZER_NAMES, type TextTokenizer, type TokenizerName } from "./tokenizer.js";

export interface LoadProgress {
  tokenizer: TokenizerName;
  /** "loading" before the build starts, "loaded" after it finished. */
  state: "loading" | "loaded";
  /** 1-based position in this request, and the request's size. */
  index: number;
  total: number;
  /** Milliseconds the build took ("loaded" only; 0 when it came from the cache). */
  elapsedMs?: number;
  cached: boolean;
}

export interface LoadOptions {
  onProgress?: (event: LoadProgress) => void;
}

/** Tokenizers loaded for one request, in the order asked for. */
export type TokenizerSet = readonly TextTokenizer[];

const cache = new Map<TokenizerName, Promise<TextTokenizer>>();

export function loadTokenizer(name: TokenizerName): Promise<TextTokenizer> {
  let pending = cache.get(name);
  if (pending === undefined) {
    pending = TOKENIZER_LOADERS[name]();
    // A failed load is not cached: installing the package and retrying must work.
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/** Loads the named tokenizers one after another (default: all six), reporting progress. */
export async function loadTokenizers(names: readonly TokenizerName[] = TOKENIZER_NAMES, options: LoadOptions = {}): Promise<TokenizerSet> {
  const loaded: TextTokenizer[] = [];
  for (const [position, name] of names.entries()) {
    const cached = cache.has(name);
    const step = { tokenizer: name, index: position + 1, total: names.length, cached };
    options.onProgress?.({ ...step, state: "loading" });
    const started = performance.now();
    loaded.push(await loadTokenizer(name));
    options.onProgress?.({ ...step, state: "loaded", elapsedMs: cached ? 0 : performance.now() - started });
  }
  return loaded;
}

/** Names of the tokenizers already loaded in this process. */
export function loadedTokenizerNames(): TokenizerName[] {
  return TOKENIZER_NAMES.filter((name) => cache.has(name));
}

/**
 * Parses a comma-separated list such as "gpt-4o,llama-2" (or "all"), keeping the spec's order
 * and dropping duplicates. Unknown names are an error listing the valid ones.
 */
export function parseTokenizerList(list: string): TokenizerName[] {
  const wanted = list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (wanted.length === 0 || (wanted.length === 1 && wanted[0] === "all")) return [...TOKENIZER_NAMES];
  for (const name of wanted) {
    if (!isTokenizerName(name)) {
      throw new SilpError("invalid_syntax", `unknown tokenizer "${name}"`, {
        expected: [...TOKENIZER_NAMES],
        details: { tokenizer: name },
      });
    }
  }
  return TOKENIZER_NAMES.filter((name) => wanted.includes(name));
}
