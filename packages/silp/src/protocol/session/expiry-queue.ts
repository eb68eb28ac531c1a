/**
 * Keys ordered by when they lapse: a binary min-heap of (time, key), so the memory store sweeps
 * what has lapsed by looking only at what has lapsed, never at everything it holds. Entries are
 * not updated in place: a key whose time changes is pushed again, and an entry is live only
 * while `current(key)` still returns its time, so stale entries are skipped when they surface and
 * the heap is rebuilt from its live entries once they are outnumbered by stale ones (amortized
 * O(log n) per push). Hand-written because the core package has no runtime dependencies, and a
 * textbook binary heap is small.
 */
interface Entry<K> {
  at: number;
  key: K;
}

export class ExpiryQueue<K> {
  #heap: Entry<K>[] = [];
  /** The key's time now, or undefined when it is gone: what tells a live entry from a stale one. */
  readonly #current: (key: K) => number | undefined;

  constructor(current: (key: K) => number | undefined) {
    this.#current = current;
  }

  /** Records that `key` lapses at `at` (after any earlier time it had). `live` is how many keys are held. */
  push(key: K, at: number, live: number): void {
    this.#heap.push({ at, key });
    this.#up(this.#heap.length - 1);
    if (this.#heap.length > 2 * live + 32) this.#compact();
  }

  /** The live key that lapses soonest, with its time, or undefined. Drops stale entries on the way. */
  peek(): Entry<K> | undefined {
    for (;;) {
      const top = this.#heap[0];
      if (top === undefined) return undefined;
      if (this.#current(top.key) === top.at) return top;
      this.#pop();
    }
  }

  /** Removes and returns the live key that lapses soonest. */
  shift(): Entry<K> | undefined {
    const top = this.peek();
    if (top !== undefined) this.#pop();
    return top;
  }

  clear(): void {
    this.#heap = [];
  }

  #compact(): void {
    const live = this.#heap.filter((entry) => this.#current(entry.key) === entry.at);
    this.#heap = [];
    for (const entry of live) {
      this.#heap.push(entry);
      this.#up(this.#heap.length - 1);
    }
  }

  #pop(): void {
    const last = this.#heap.pop();
    if (last === undefined || this.#heap.length === 0) return;
    this.#heap[0] = last;
    this.#down(0);
  }

  #up(index: number): void {
    const heap = this.#heap;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((heap[parent] as Entry<K>).at <= (heap[i] as Entry<K>).at) break;
      [heap[parent], heap[i]] = [heap[i] as Entry<K>, heap[parent] as Entry<K>];
      i = parent;
    }
  }

  #down(index: number): void {
    const heap = this.#heap;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && (heap[left] as Entry<K>).at < (heap[least] as Entry<K>).at) least = left;
      if (right < heap.length && (heap[right] as Entry<K>).at < (heap[least] as Entry<K>).at) least = right;
      if (least === i) return;
      [heap[least], heap[i]] = [heap[i] as Entry<K>, heap[least] as Entry<K>];
      i = least;
    }
  }
}
