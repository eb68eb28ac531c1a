/** The part of fs-native-extensions (which ships no types) that the lock uses. */
declare module "fs-native-extensions" {
  /**
   * Tries to take a lock on the whole open file `fd` without blocking: true when taken, false
   * when another open file holds a conflicting lock. Exclusive unless `shared`.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  /** Releases the lock `fd` holds (closing `fd` does too). */
  export function unlock(fd: number): void;
}
