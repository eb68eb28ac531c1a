/** fast-check arbitraries for dialect specs, shared by this package's property tests. */
import fc from "fast-check";
import { DIALECT_SPACE, type DialectSpec, randomDialectSpec } from "@silp/dialects";

const SCALE = 2 ** 31;

/**
 * A dialect spec drawn by randomDialectSpec from fast-check's seeded randomness: one uniform
 * number in [0, 1) per gene, so a failure shrinks gene by gene towards the first options.
 */
export const dialectSpecArb: fc.Arbitrary<DialectSpec> = fc
  .array(fc.nat({ max: SCALE - 1 }), { minLength: DIALECT_SPACE.length, maxLength: DIALECT_SPACE.length })
  .map((draws) => {
    let next = 0;
    return randomDialectSpec(() => (draws[next++] as number) / SCALE);
  });
