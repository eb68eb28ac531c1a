/**
 * Test helper: the dialects the dialect-grammar checks run on (the shipped x-evolved, four that
 * between them take every option of every gene, and seeded random ones), and the verdict on a
 * text derived from a dialect's grammar.
 */
import { readFileSync } from "node:fs";
import { DIALECT_SPACE, type DialectSpec, parseDialectSpec, randomDialectSpec, registerDialect } from "@silp/dialects";
import { decode, SilpError, type SilpOptions } from "silp";

const EVOLVED = new URL("../../../dialects/x-evolved.json", import.meta.url);

/** The shipped dialect file (the genetic search's result), read as `silpc --dialect` reads it. */
export function evolvedDialect(): DialectSpec {
  return parseDialectSpec(JSON.parse(readFileSync(EVOLVED, "utf8")));
}

/**
 * Dialect k takes option (k + i) mod n of the i-th gene (n options): four consecutive k take every
 * option of every gene (genes have 2 to 4 options). The shift by i pairs neighbouring two-option
 * genes both ways: call and empty_args come as (spaces, "()") and (parens, omit), the pairs that
 * neither the code frontend's point (parens, "()") nor x-evolved (spaces, omit) has.
 */
export function coveringDialects(): DialectSpec[] {
  return [1, 2, 3, 4].map((k) =>
    parseDialectSpec({
      silp_dialect: 1,
      name: `x-cover${k}`,
      genes: Object.fromEntries(DIALECT_SPACE.map((gene, index) => [gene.name, gene.options[(k + index) % gene.options.length]])),
    }),
  );
}

/** A small seeded generator (mulberry32), so the random dialects are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

export function randomDialects(count: number, seed: number): DialectSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => randomDialectSpec(random, `x-random${index}`));
}

/** x-evolved, the covering dialects, then `randomCount` random ones; all registered. */
export function dialectsUnderTest(randomCount: number, seed: number): DialectSpec[] {
  const specs = [evolvedDialect(), ...coveringDialects(), ...randomDialects(randomCount, seed)];
  for (const spec of specs) registerDialect(spec);
  return specs;
}

/**
 * The one reason a text of a dialect's grammar may fail the dialect's strict decoder
 * (docs/grammar.md, "Dialects"): the dialect's reader and the code decoder accept it (every
 * spelling, reserved word, quote and role in it is right) and it spells a valid IR, but not the
 * way the printer spells that IR (a value quoted that could be bare, a JSON literal for a string,
 * a keyword role where the printer writes it positionally, a JSON number or meta member in
 * another form). The strict decoder reports exactly that with this message, after decoding.
 */
export const NOT_CANONICAL = "not this dialect's canonical spelling of the payload (strict decoder)";

export type DerivedVerdict = "decodes" | "not-canonical";

/** Decodes a derived text strictly in the (registered) dialect; throws on any failure other than NOT_CANONICAL. */
export function derivedVerdict(text: string, dialect: string, options: SilpOptions = {}): DerivedVerdict {
  try {
    decode(text, dialect, { ...options, strict: true });
    return "decodes";
  } catch (error) {
    if (error instanceof SilpError && error.code === "invalid_syntax" && error.message.startsWith(NOT_CANONICAL)) return "not-canonical";
    throw error;
  }
}
