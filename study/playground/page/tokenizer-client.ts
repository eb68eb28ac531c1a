/**
 * The page's side of the tokenizer worker: asks it to load tokenizers, keeps each one's state
 * (idle, loading with bytes received, ready, failed) and asks for counts. Answers to count
 * requests come back in order; a caller drops the ones for a text no longer shown.
 */
import { PAGE_TOKENIZER_NAMES, type PageTokenizer } from "./tokenizers/catalog.js";
import type { WorkerReply, WorkerRequest } from "./tokenizers/messages.js";

export type TokenizerState =
  | { state: "idle" }
  | { state: "loading"; received: number; total: number | undefined }
  | { state: "ready"; ms: number }
  | { state: "failed"; message: string };

export type Counts = Partial<Record<PageTokenizer, (number | null)[]>>;

export class TokenizerClient {
  readonly #worker: Worker;
  readonly #states = new Map<PageTokenizer, TokenizerState>(PAGE_TOKENIZER_NAMES.map((name) => [name, { state: "idle" }]));
  readonly #pending = new Map<number, (counts: Counts) => void>();
  #nextId = 0;

  /** `onChange` runs on every state change and every progress report. */
  constructor(
    workerUrl: URL,
    private readonly onChange: (name: PageTokenizer, state: TokenizerState) => void,
  ) {
    this.#worker = new Worker(workerUrl, { type: "module" });
    this.#worker.addEventListener("message", (event: MessageEvent<WorkerReply>) => this.#receive(event.data));
    this.#worker.addEventListener("error", (event) => {
      for (const [name, state] of this.#states)
        if (state.state === "loading") this.#set(name, { state: "failed", message: event.message || "the worker failed" });
    });
  }

  state(name: PageTokenizer): TokenizerState {
    return this.#states.get(name) ?? { state: "idle" };
  }

  /** Starts loading `name` unless it is loading or loaded. */
  load(name: PageTokenizer): void {
    const current = this.state(name).state;
    if (current === "loading" || current === "ready") return;
    this.#set(name, { state: "loading", received: 0, total: undefined });
    this.#post({ kind: "load", name });
  }

  /** Counts each text on every loaded tokenizer. */
  count(texts: (string | null)[]): Promise<Counts> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#post({ kind: "count", id, texts });
    });
  }

  #post(request: WorkerRequest): void {
    this.#worker.postMessage(request);
  }

  #set(name: PageTokenizer, state: TokenizerState): void {
    this.#states.set(name, state);
    this.onChange(name, state);
  }

  #receive(reply: WorkerReply): void {
    switch (reply.kind) {
      case "progress":
        this.#set(reply.name, { state: "loading", received: reply.received, total: reply.total });
        break;
      case "ready":
        this.#set(reply.name, { state: "ready", ms: reply.ms });
        break;
      case "failed":
        this.#set(reply.name, { state: "failed", message: reply.message });
        break;
      case "counts":
        this.#pending.get(reply.id)?.(reply.counts);
        this.#pending.delete(reply.id);
        break;
    }
  }
}
