/**
 * Test helper: the dialects the dialect-grammar checks run on (the shipped x-evolved, four that
 * between them take every option of every gene, and seeded random ones), and the verdict on a
 * text derived from a dialect's grammar.
 */
import { readFileSync } from "node:fs";
import { DIALECT_SPACE, type DialectSpec, parseDialectSpec, randomDialectSpec, registerDialect } from "@silp/dialects";
import { compile, decode, SilpError, type SilpOptions } from "silp";
import { dialectSpellings } from "../src/spellings.js";
import { seededRandom } from "@silp/testkit/seeded-random.js";

const EVOLVED = new URL("../../../dialects/x-evolved.json", import.meta.url);

/** The shipped dialect file (the genetic search's result), read as `silpc --dialect` reads it. */
export function evolvedDialect(): DialectSpec {
  return known(parseDialectSpec(JSON.parse(readFileSync(EVOLVED, "utf8"))));
}

/** The specs this helper handed out, by name: derivedVerdict reads their argument orders. */
const KNOWN = new Map<string, DialectSpec>();
function known(spec: DialectSpec): DialectSpec {
  KNOWN.set(spec.name, spec);
  return spec;
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

export function randomDialects(count: number, seed: number): DialectSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => randomDialectSpec(random, `x-random${index}`));
}

/** x-evolved, the covering dialects, then `randomCount` random ones; all registered. */
export function dialectsUnderTest(randomCount: number, seed: number): DialectSpec[] {
  const specs = [evolvedDialect(), ...coveringDialects(), ...randomDialects(randomCount, seed)];
  for (const spec of specs) registerDialect(known(spec));
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

/**
 * The verdicts a derived text may get (docs/grammar.md, "What the grammar still over-accepts"):
 * it decodes; it fails only as not canonical; or (case 3 with `keywords: ordered`) it calls a verb
 * with an agreed argument order twice, and the two calls' left-out names repeat a keyword id of
 * that verb, which the IR refuses (`invalid_ir`, duplicate-entity-id).
 */
export type DerivedVerdict = "decodes" | "not-canonical" | "verb-twice";

/** Decodes a derived text strictly in the (registered) dialect; throws on any failure other than the documented ones. */
export function derivedVerdict(text: string, dialect: string, options: SilpOptions = {}): DerivedVerdict {
  try {
    decode(text, dialect, { ...options, strict: true });
    return "decodes";
  } catch (error) {
    if (error instanceof SilpError && error.code === "invalid_syntax" && error.message.startsWith(NOT_CANONICAL)) return "not-canonical";
    if (error instanceof SilpError && error.code === "invalid_ir") {
      const repeated = /keyword id "[^"]*" is repeated within (![A-Z_]+);.*\[duplicate-entity-id\]( \(and \d+ more\))?$/.exec(error.message);
      const order = KNOWN.get(dialect)?.genes.keywords === "ordered" ? KNOWN.get(dialect)?.argument_order : undefined;
      const verb = repeated?.[1];
      // Only a verb whose names are left out, and only when the text calls it more than once.
      if (verb !== undefined && order !== undefined && Object.hasOwn(order, verb) && callsOf(text, verb) > 1) return "verb-twice";
    }
    throw error;
  }
}

/** How many times `text` calls the verb: its function name opening a call (start, or after a space). */
function callsOf(text: string, verb: string): number {
  const name = verb.slice(1).toLowerCase();
  return text.split(new RegExp(`(?:^| )"?${name}"?(?=[ (]|$)`)).length - 1;
}

/**
 * For every reserved word of the dialect: `start x to=<word>` as the printer writes it (the word
 * quoted), and the same text with the word bare, which the dialect refuses.
 */
export function reservedWordPayloads(spec: DialectSpec): { quoted: string[]; bare: string[] } {
  const quoted: string[] = [];
  const bare: string[] = [];
  for (const word of dialectSpellings(spec).reserved) {
    const text = compile(
      {
        intent: "!START",
        entities: [
          { id: "act", value: "x" },
          { id: "to", value: word },
        ],
        meta: { req_id: "abcd" },
      },
      spec.name,
    );
    quoted.push(text);
    bare.push(text.replace(JSON.stringify(word), word));
  }
  return { quoted, bare };
}
