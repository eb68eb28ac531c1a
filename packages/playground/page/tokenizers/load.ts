/**
 * Builds one of the six tokenizers from its data next to the page, reporting bytes as they
 * arrive. No DOM: it runs in the page's Web Worker (tokenizer-worker.ts) and in Node's tests,
 * which pass their own `fetch` and compare the counts with @silp/tokens'.
 *
 * Each tokenizer encodes exactly as @silp/tokens does (packages/tokens/src/loaders.ts): the same
 * libraries, the same options, the same data (the build copies it from the packages @silp/tokens
 * uses), so the page's counts are the CLI's counts.
 */
import { TokenizerLoader } from "@lenml/tokenizers";
import { TiktokenBpe, type TiktokenRanks } from "@silp/tokens";
import { type PageTokenizer, TOKENIZER_DATA } from "./catalog.js";

export interface PageEncoder {
  /** Token count of `text`, no special tokens added. */
  count(text: string): number;
}

export type Progress = (received: number, total: number | undefined) => void;

export interface LoadEnvironment {
  /** The folder holding ranks/ and tokenizers/ (the page's own URL in the browser). */
  base: URL;
  fetch: (url: URL) => Promise<Response>;
  /** Imports an ES module by URL (the browser's and Node's `import()`). */
  importModule: (url: URL) => Promise<unknown>;
}

/** Reads a response body chunk by chunk so the page can show how much has arrived. */
export async function readWithProgress(response: Response, progress: Progress): Promise<Uint8Array> {
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

async function fetchBytes(env: LoadEnvironment, file: string, progress: Progress): Promise<Uint8Array> {
  const response = await env.fetch(new URL(file, env.base));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return readWithProgress(response, progress);
}

const readJson = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

/** The part of a @lenml (transformers.js) tokenizer the page uses; @silp/tokens uses the same. */
interface HfTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

/** What the build writes for a Hugging Face tokenizer: the two files the package bundles. */
interface HfData {
  tokenizerJSON: object;
  tokenizerConfig: object;
}

/** Downloads and builds tokenizer `name`. */
export async function loadPageTokenizer(name: PageTokenizer, env: LoadEnvironment, progress: Progress): Promise<PageEncoder> {
  const data = TOKENIZER_DATA[name];
  switch (data.kind) {
    case "tiktoken": {
      const encoding = new TiktokenBpe(readJson(await fetchBytes(env, data.file, progress)) as TiktokenRanks);
      return { count: (text) => encoding.encode(text).length };
    }
    case "huggingface": {
      const { tokenizerJSON, tokenizerConfig } = readJson(await fetchBytes(env, data.file, progress)) as HfData;
      // The packages' own fromPreTrained() is this call on the same two objects (their bundled copies).
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
