/**
 * The search's one source of randomness: a seeded xoroshiro128+ from pure-rand (the generator
 * fast-check runs on, already in the tree), whose whole state is four 32-bit numbers. The state
 * goes into the resumable state file, so a resumed search draws exactly the numbers the
 * uninterrupted one would have drawn. Math.random has no seed and no readable state.
 */
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { JumpableRandomGenerator } from "pure-rand/types/JumpableRandomGenerator";

export class SeededRandom {
  private constructor(private readonly generator: JumpableRandomGenerator) {}

  /** A generator started from a 32-bit integer seed. */
  static fromSeed(seed: number): SeededRandom {
    if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) throw new RangeError(`seed must be a 32-bit integer, got ${seed}`);
    return new SeededRandom(xoroshiro128plus(seed | 0));
  }

  /** A generator continuing from a state written by `state()`. */
  static fromState(state: readonly number[]): SeededRandom {
    if (state.length !== 4 || !state.every((n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 32)) {
      throw new RangeError(`a random generator state is four 32-bit integers, got ${JSON.stringify(state)}`);
    }
    return new SeededRandom(xoroshiro128plusFromState(state));
  }

  /** A float in [0, 1). */
  next(): number {
    return uniformFloat64(this.generator);
  }

  /** An integer in [0, size). */
  below(size: number): number {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`below() needs a positive integer, got ${size}`);
    return uniformInt(this.generator, 0, size - 1);
  }

  /** The generator's state, to continue from later. */
  state(): number[] {
    return [...this.generator.getState()];
  }
}
