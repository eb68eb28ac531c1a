/** What the page and its tokenizer worker say to each other (tokenizer-worker.ts, tokenizer-client.ts). */
import type { PageTokenizer } from "./catalog.js";

export type WorkerRequest =
  | { kind: "load"; name: PageTokenizer }
  /** Counts `texts` (null: a frontend without output) on every tokenizer loaded so far. */
  | { kind: "count"; id: number; texts: (string | null)[] };

export type WorkerReply =
  | { kind: "progress"; name: PageTokenizer; received: number; total: number | undefined }
  | { kind: "ready"; name: PageTokenizer; ms: number }
  | { kind: "failed"; name: PageTokenizer; message: string }
  | { kind: "counts"; id: number; counts: Partial<Record<PageTokenizer, (number | null)[]>> };
