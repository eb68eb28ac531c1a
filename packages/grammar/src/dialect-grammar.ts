/**
 * The grammar of a dialect (@silp/dialects): the code grammar with the dialect's spellings
 * (docs/grammar.md, "Dialects"). Exported as GBNF and Lark like the code frontend's, so a model
 * can be constrained to write a dialect payload.
 */
import type { DialectSpec } from "@silp/dialects";
import { approvedVerbCodes, spelledCodeGrammar, verbCodes } from "./code-grammar.js";
import type { Grammar } from "./grammar.js";
import { dialectSpellings } from "./spellings.js";

export interface DialectGrammarOptions {
  /** Verbs in force (action codes); default: the spec's whitelist. */
  readonly verbs?: readonly string[];
}

/**
 * The grammar of what the dialect's printer writes (`compile(ir, spec.name)` once registered),
 * with the verbs in force baked in. The spec is checked as `parseDialectSpec` checks a dialect
 * file (a bad one is `invalid_options`).
 */
export function dialectGrammar(spec: DialectSpec, options: DialectGrammarOptions = {}): Grammar {
  const spellings = dialectSpellings(spec);
  const genes = Object.entries(spec.genes)
    .map(([gene, option]) => `${gene}=${JSON.stringify(option)}`)
    .join(" ");
  return spelledCodeGrammar(
    spellings,
    verbCodes(options.verbs ?? approvedVerbCodes()),
    spec.name,
    `compile(ir, "${spec.name}") output (dialect ${genes})`,
    true,
  );
}
