/**
 * Builds one of the six tokenizers from its data next to the page, reporting bytes as they
 * arrive. No DOM: it runs in the page's Web Worker (tokenizer-worker.ts) and in Node's tests,
 * which pass their own `fetch` and compare the counts with @silp/tokens'.
 *
 * Each tokenizer encodes exactly as @silp/tokens does (study/tokens/src/loaders.ts): the same
 * libraries, the same options, the same data (the build copies @silp/tokens' own compact
 * vocabulary files, and bundles the llama-tokenizer-js it depends on), so the page's counts are
 * the CLI's counts.
 */
import { TokenizerLoader } from "@lenml/tokenizers";
import { decodeVocabulary, isVocabulary, TiktokenBpe } from "@silp/tokens/vocabulary";
import { type PageTokenizer, TOKENIZER_DATA } from "./catalog.js";

export interface PageEncoder {
  /** Token count of `text`, no special tokens added. */
  count(text: string): number;
}

export type Progress = (received: number, total: number | undefined) => void;

export interface LoadEnvironment {
  /** The folder holding tokenizers/ (the page's own URL in the browser). */
  base: URL;
  fetch: (url: URL) => Promise<Response>;
  /** Imports an ES module by URL (the browser's and Node's `import()`). */
  importModule: (url: URL) => Promise<unknown>;
}

/** Reads a response body chunk by chunk so the page can show how much has arrived. */
export async function readWithProgress(response: Response, progress: Progress): Promise<Uint8Array<ArrayBuffer>> {
  const header = Number(response.headers.get("content-length"));
  const total = Number.isFinite(header) && header > 0 ? header : undefined;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    progress(received, total);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

async function fetchBytes(env: LoadEnvironment, file: string, progress: Progress): Promise<Uint8Array<ArrayBuffer>> {
  const response = await env.fetch(new URL(file, env.base));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return readWithProgress(response, progress);
}

/**
 * The compact files are gzipped on disk; a host that serves them with Content-Encoding: gzip has
 * had the browser undo that already, so only bytes without our magic are gunzipped here.
 */
async function gunzipUnlessDone(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (isVocabulary(bytes)) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The part of a @lenml (transformers.js) tokenizer the page uses; @silp/tokens uses the same. */
interface HfTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

/** Downloads and builds tokenizer `name`. */
export async function loadPageTokenizer(name: PageTokenizer, env: LoadEnvironment, progress: Progress): Promise<PageEncoder> {
  const data = TOKENIZER_DATA[name];
  switch (data.kind) {
    case "compact": {
      const vocabulary = decodeVocabulary(await gunzipUnlessDone(await fetchBytes(env, data.file, progress)));
      if (vocabulary.kind === "tiktoken") {
        const encoding = new TiktokenBpe(vocabulary);
        return { count: (text) => encoding.encode(text).length };
      }
      // The call @silp/tokens makes (and the upstream packages' own fromPreTrained()), on the same two objects.
      const { tokenizerJSON, tokenizerConfig } = vocabulary;
      const tokenizer = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig } as never) as unknown as HfTokenizer;
      return { count: (text) => tokenizer.encode(text, { add_special_tokens: false }).length };
    }
    case "module": {
      // Fetched first for its progress, then imported from the same URL (a second, cached or
      // revalidated read: the vocabulary is in the module's source, see llama-2.ts).
      const url = new URL(data.file, env.base);
      await fetchBytes(env, data.file, progress);
      const module = (await env.importModule(url)) as { encode?: (text: string) => number[] };
      const encode = module.encode;
      if (typeof encode !== "function") throw new Error(`${data.file} does not export encode`);
      return { count: (text) => encode(text).length };
    }
  }
}
