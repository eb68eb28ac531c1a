/**
 * The page's tokenizer worker: downloads and builds the tokenizers and counts tokens, off the
 * main thread. Building an encoder means parsing megabytes of JSON and filling maps with
 * 100,000-256,000 entries (gemini's vocabulary is 9.8 MB), which froze the page for up to a
 * second on the main thread; here the editor stays responsive while it happens.
 */
import { isPageTokenizer, type PageTokenizer } from "./tokenizers/catalog.js";
import { loadPageTokenizer, type PageEncoder } from "./tokenizers/load.js";
import type { WorkerReply, WorkerRequest } from "./tokenizers/messages.js";

/** The parts of DedicatedWorkerGlobalScope used here (the page's types are the DOM's, not the worker's). */
interface WorkerScope {
  location: { href: string };
  postMessage(message: WorkerReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerRequest>) => void): void;
}
const scope = globalThis as unknown as WorkerScope;
const env = {
  base: new URL(".", scope.location.href),
  fetch: (url: URL) => fetch(url),
  importModule: (url: URL) => import(/* @vite-ignore */ url.href) as Promise<unknown>,
};

const loading = new Map<PageTokenizer, Promise<void>>();
const ready = new Map<PageTokenizer, PageEncoder>();

function load(name: PageTokenizer): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    const started = performance.now();
    pending = loadPageTokenizer(name, env, (received, total) => scope.postMessage({ kind: "progress", name, received, total }))
      .then((encoder) => {
        ready.set(name, encoder);
        scope.postMessage({ kind: "ready", name, ms: Math.round(performance.now() - started) });
      })
      .catch((error: unknown) => {
        // Not remembered: asking again retries (e.g. the server came back).
        loading.delete(name);
        scope.postMessage({ kind: "failed", name, message: error instanceof Error ? error.message : String(error) });
      });
    loading.set(name, pending);
  }
  return pending;
}

scope.addEventListener("message", ({ data }) => {
  if (data.kind === "load" && isPageTokenizer(data.name)) void load(data.name);
  if (data.kind === "count") {
    const counts: Partial<Record<PageTokenizer, (number | null)[]>> = {};
    for (const [name, encoder] of ready) counts[name] = data.texts.map((text) => (text === null ? null : encoder.count(text)));
    scope.postMessage({ kind: "counts", id: data.id, counts });
  }
});
