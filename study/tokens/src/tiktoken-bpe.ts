/**
 * A tiktoken encoder over o200k_base and cl100k_base: from our compact vocabulary files
 * (vocabulary-format.ts, built from js-tiktoken's rank files) or from js-tiktoken's rank files.
 *
 * Why not js-tiktoken's own encoder: its byte-pair merge rescans every adjacent pair after each
 * merge, which is quadratic in the length of one pre-token; a 10,000-letter word took 16 s and
 * 10,000 CJK characters 150 s on this machine. Untrusted payloads must not be able to do that.
 * This merge keeps the candidate pairs in a min-heap ordered by (rank, position), which picks
 * exactly the pair tiktoken picks (lowest rank, leftmost on ties) in O(n log n).
 */

import type { TiktokenVocabulary } from "./vocabulary-format.js";

/** The shape of js-tiktoken's rank files (js-tiktoken/ranks/<name>). */
export interface TiktokenRanks {
  pat_str: string;
  special_tokens: Record<string, number>;
  /** Lines "! <first rank> <base64 token> <base64 token> ...". */
  bpe_ranks: string;
}

/** Bytes as a "binary" string: one char per byte, cheap to slice and to use as a Map key. */
const bytesToKey = (bytes: Uint8Array): string => {
  let key = "";
  for (let i = 0; i < bytes.length; i += 0x2000) {
    key += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  }
  return key;
};

/**
 * Base64 -> bytes as a binary string. Node's Buffer where it exists (typed structurally: the
 * playground's page build has no Node types) (faster than Node 20's atob
 * over 200,000 tokens); `atob` elsewhere, so the encoder also runs in a browser (the playground).
 */
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "base64"): { toString(encoding: "latin1"): string } } }).Buffer;
const base64ToBinary: (text: string) => string = NodeBuffer ? (text) => NodeBuffer.from(text, "base64").toString("latin1") : (text) => atob(text);

/** A min-heap of merge candidates, ordered by rank, then by start position. */
class CandidateHeap {
  private readonly ranks: number[] = [];
  private readonly starts: number[] = [];

  get size(): number {
    return this.ranks.length;
  }

  private less(a: number, b: number): boolean {
    const ra = this.ranks[a] as number;
    const rb = this.ranks[b] as number;
    return ra < rb || (ra === rb && (this.starts[a] as number) < (this.starts[b] as number));
  }

  private swap(a: number, b: number): void {
    [this.ranks[a], this.ranks[b]] = [this.ranks[b] as number, this.ranks[a] as number];
    [this.starts[a], this.starts[b]] = [this.starts[b] as number, this.starts[a] as number];
  }

  push(rank: number, start: number): void {
    this.ranks.push(rank);
    this.starts.push(start);
    let child = this.ranks.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.less(child, parent)) break;
      this.swap(child, parent);
      child = parent;
    }
  }

  /** Removes the smallest candidate and returns [rank, start]. */
  pop(): [number, number] {
    const top: [number, number] = [this.ranks[0] as number, this.starts[0] as number];
    const lastRank = this.ranks.pop() as number;
    const lastStart = this.starts.pop() as number;
    if (this.ranks.length > 0) {
      this.ranks[0] = lastRank;
      this.starts[0] = lastStart;
      let parent = 0;
      for (;;) {
        const left = 2 * parent + 1;
        const right = left + 1;
        let smallest = parent;
        if (left < this.ranks.length && this.less(left, smallest)) smallest = left;
        if (right < this.ranks.length && this.less(right, smallest)) smallest = right;
        if (smallest === parent) break;
        this.swap(parent, smallest);
        parent = smallest;
      }
    }
    return top;
  }
}

export class TiktokenBpe {
  private readonly rankByBytes = new Map<string, number>();
  /** Token bytes by rank, as binary strings (see bytesToKey). */
  private readonly bytesByRank: string[] = [];
  private readonly pattern: RegExp;
  private readonly encoder = new TextEncoder();
  // ignoreBOM keeps a U+FEFF token as U+FEFF (the default decoder would drop it, as Python does not).
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });

  /** From js-tiktoken's rank file, or from our compact vocabulary (the tokens' bytes by rank). */
  constructor(ranks: TiktokenRanks | TiktokenVocabulary) {
    this.pattern = new RegExp(ranks.pat_str, "gu");
    if ("tokens" in ranks) {
      for (let rank = 0; rank < ranks.tokens.length; rank++) this.add(rank, ranks.tokens[rank] as string);
      return;
    }
    for (const line of ranks.bpe_ranks.split("\n")) {
      if (line === "") continue;
      const [, offset, ...tokens] = line.split(" ");
      const first = Number.parseInt(offset ?? "", 10);
      for (const [index, token] of tokens.entries()) this.add(first + index, base64ToBinary(token));
    }
  }

  private add(rank: number, bytes: string): void {
    this.rankByBytes.set(bytes, rank);
    this.bytesByRank[rank] = bytes;
  }

  /** Token ids of `text`. Special-token text ("<|endoftext|>") is encoded as ordinary text. */
  encode(text: string): number[] {
    const ids: number[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const piece = bytesToKey(this.encoder.encode(match[0]));
      const whole = this.rankByBytes.get(piece);
      if (whole !== undefined) ids.push(whole);
      else this.mergePiece(piece, ids);
    }
    return ids;
  }

  decode(ids: readonly number[]): string {
    const bytes = ids.map((id) => this.bytesByRank[id] ?? "").join("");
    // One byte per char (see bytesToKey); no Buffer, so this also runs in a browser.
    return this.decoder.decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0)));
  }

  /**
   * Byte-pair merge of one pre-token: parts start as single bytes, and the adjacent pair whose
   * concatenation has the lowest rank (leftmost on ties) is merged until none is in the vocabulary.
   */
  private mergePiece(piece: string, out: number[]): void {
    const n = piece.length;
    // Doubly linked list of part starts; a part runs from its start to the next part's start.
    const next = Int32Array.from({ length: n + 1 }, (_, i) => i + 1);
    const prev = Int32Array.from({ length: n + 1 }, (_, i) => i - 1);
    const alive = new Uint8Array(n + 1).fill(1);
    const heap = new CandidateHeap();
    const pairRank = (start: number): number | undefined => {
      if (start < 0 || start >= n) return undefined;
      const mid = next[start] as number;
      if (mid >= n) return undefined;
      return this.rankByBytes.get(piece.slice(start, next[mid] as number));
    };
    const offer = (start: number): void => {
      const rank = pairRank(start);
      if (rank !== undefined) heap.push(rank, start);
    };
    for (let start = 0; start < n - 1; start++) offer(start);
    while (heap.size > 0) {
      const [rank, start] = heap.pop();
      // Stale candidate: the part or its right neighbour changed since it was offered.
      if (!alive[start] || pairRank(start) !== rank) continue;
      const mid = next[start] as number;
      const end = next[mid] as number;
      alive[mid] = 0;
      next[start] = end;
      prev[end] = start;
      if ((prev[start] as number) >= 0) offer(prev[start] as number);
      offer(start);
    }
    for (let start = 0; start < n; start = next[start] as number) {
      const rank = this.rankByBytes.get(piece.slice(start, next[start] as number));
      // Every single byte is in a tiktoken vocabulary, so a part always has a rank.
      if (rank !== undefined) out.push(rank);
    }
  }
}
