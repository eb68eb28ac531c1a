/**
 * Dialects named in the docs and used by both the hand-written examples
 * (packages/dialects/test/examples.test.ts) and the token table of perf/dialect-tokens.ts, so the
 * two measure and check the same points of the space.
 */
import { type ArgumentOrder, CODE_DIALECT, type DialectSpec, parseDialectSpec } from "@silp/dialects";

/** The code frontend's genes with some changed; checked by parseDialectSpec like a dialect file. */
export function dialectSpecWith(name: string, genes: Readonly<Record<string, string>>, argumentOrder?: ArgumentOrder): DialectSpec {
  return parseDialectSpec({
    silp_dialect: 1,
    name,
    genes: { ...CODE_DIALECT.genes, ...genes },
    ...(argumentOrder === undefined ? {} : { argument_order: argumentOrder }),
  });
}

/** docs/dialects.md's "prose-like" dialect: English words for every structure token. */
export const PROSE_LIKE_GENES: Readonly<Record<string, string>> = Object.freeze({
  if: "If",
  // biome-ignore lint/suspicious/noThenProperty: the gene named "then" (a string, never awaited)
  then: "then",
  actions: "and",
  else: "otherwise",
  alternatives: "or",
  call: "spaces",
  location: "at",
  negation: "not",
  operators: "words",
  time: "at",
});

/** A terse dialect: symbols and line breaks. */
export const TERSE_GENES: Readonly<Record<string, string>> = Object.freeze({
  and: "&",
  actions: "newline",
  else: "|",
  alternatives: ",",
  empty_args: "omit",
  equals: ":",
  operators: "spaced",
  meta: "meta",
});
