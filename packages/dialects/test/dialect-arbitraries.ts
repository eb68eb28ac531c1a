/** fast-check arbitraries for dialect specs, shared by this package's property tests. */
import fc from "fast-check";
import { DIALECT_SPACE, type DialectSpec, randomDialectSpec } from "@silp/dialects";

const SCALE = 2 ** 31;

/** Verbs the IR generators use most (so a random table meets the calls of random IRs), and some others. */
const VERBS = ["!CANCEL", "!START", "!EMAIL", "!FETCH", "!PROCESS", "!SWITCH_TOOL", "!IF", "!ELSE", "!AND", "!A_", "!A__B"];
/** Argument names: the positional `act`, ids the IR generators draw (keywords, `__proto__`, short words), others. */
const NAMES = ["act", "act", "value", "type", "loc", "id", "if", "else", "constructor", "__proto__", "intent", "a", "b", "src", "field"];

/**
 * A random agreed argument order: a few verbs, each with 1 to 4 distinct names; `act` is often
 * among them (first, or later) so that the runs the rule must get right (an `act` inside the
 * table, an `act` that breaks it) occur often.
 */
export const argumentOrderArb: fc.Arbitrary<Record<string, string[]>> = fc.dictionary(
  fc.constantFrom(...VERBS),
  fc.uniqueArray(fc.oneof(fc.constantFrom(...NAMES), fc.stringMatching(/^[a-z][a-z_]{0,2}$/)), { minLength: 1, maxLength: 4 }),
  { maxKeys: 4 },
);

/**
 * A dialect spec drawn by randomDialectSpec from fast-check's seeded randomness: one uniform
 * number in [0, 1) per gene, so a failure shrinks gene by gene towards the first options; with a
 * random argument order (or none) as the data the `keywords` gene uses.
 */
export const dialectSpecArb: fc.Arbitrary<DialectSpec> = fc
  .tuple(
    fc.array(fc.nat({ max: SCALE - 1 }), { minLength: DIALECT_SPACE.length, maxLength: DIALECT_SPACE.length }),
    fc.option(argumentOrderArb, { nil: undefined, freq: 4 }),
  )
  .map(([draws, order]) => {
    let next = 0;
    return randomDialectSpec(() => (draws[next++] as number) / SCALE, "x-random", order);
  });
