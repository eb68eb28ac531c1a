/**
 * Maps offsets in the sanitized text back to the original payload, so that an error raised while
 * decoding the cleaned text can point at what the peer actually sent (decode moves the error
 * there with `SilpError.relocate(original, map.toOriginal(offset))`).
 *
 * Only the places where characters were removed are stored (one entry per run of removed
 * characters), so building the map is linear and a lookup is a binary search.
 */
export class OffsetMap {
  /** Clean-text offsets at which a run of removed characters sat, strictly increasing. */
  private readonly at: number[] = [];
  /** Total removed UTF-16 units up to and including the run at the same index. */
  private readonly shift: number[] = [];

  /** Records `count` removed units just before clean offset `cleanOffset` (offsets must not decrease). */
  recordRemoval(cleanOffset: number, count: number): void {
    const last = this.at.length - 1;
    const before = last >= 0 ? (this.shift[last] as number) : 0;
    if (last >= 0 && this.at[last] === cleanOffset) {
      this.shift[last] = before + count;
    } else {
      this.at.push(cleanOffset);
      this.shift.push(before + count);
    }
  }

  /** True when nothing was removed: clean and original offsets are the same. */
  get identity(): boolean {
    return this.at.length === 0;
  }

  /**
   * The original offset of the clean-text character at `offset`. A position right where
   * characters were removed maps to just after them (to the character the decoder was looking
   * at); the end of the clean text maps to the end of the original.
   */
  toOriginal(offset: number): number {
    let low = 0;
    let high = this.at.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if ((this.at[mid] as number) <= offset) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found < 0 ? offset : offset + (this.shift[found] as number);
  }
}
