/**
 * Token counts in the page: gpt-4o (o200k_base) and gpt-3.5 (cl100k_base), encoded by
 * @silp/tokens' linear-time tiktoken merge over js-tiktoken's rank files. The ranks are 1-2 MB
 * each, so they are not in the page's bundle: the build writes them next to it (ranks/*.json)
 * and the page fetches each once, after its first render, reporting progress.
 */
import { TiktokenBpe, type TiktokenRanks } from "@silp/tokens";

export const PAGE_TOKENIZERS = { "gpt-4o": "o200k_base", "gpt-3.5": "cl100k_base" } as const;
export type PageTokenizer = keyof typeof PAGE_TOKENIZERS;

export type Progress = (tokenizer: PageTokenizer, received: number, total: number | undefined) => void;

/** Reads a response body chunk by chunk so the page can show how much has arrived. */
async function readWithProgress(response: Response, onChunk: (received: number, total: number | undefined) => void): Promise<string> {
  const header = Number(response.headers.get("content-length"));
  const total = Number.isFinite(header) && header > 0 ? header : undefined;
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onChunk(received, total);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}

const loading = new Map<PageTokenizer, Promise<TiktokenBpe>>();

/** The encoder for `name`, fetched from `base` (the folder holding ranks/) on first use. */
export function loadTokenizer(name: PageTokenizer, base: URL, progress: Progress): Promise<TiktokenBpe> {
  let pending = loading.get(name);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(new URL(`ranks/${PAGE_TOKENIZERS[name]}.json`, base));
      if (!response.ok) throw new Error(`ranks for ${name}: HTTP ${response.status}`);
      const ranks = JSON.parse(await readWithProgress(response, (received, total) => progress(name, received, total))) as TiktokenRanks;
      return new TiktokenBpe(ranks);
    })();
    // A failed fetch may be retried later (e.g. the server came back).
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}
