/**
 * The dialect Layer 4 found: dialects/x-evolved.json (written by `silpc evolve`; docs/evolve.md),
 * shipped inside the package, so that `--dialect x-evolved` and `registerDialect(EVOLVED_DIALECT)`
 * work from an installed package, without a checkout. A copy of the file as data; a test fails
 * while the two differ (test/evolved.test.ts).
 */
import { type DialectSpec, parseDialectSpec } from "./spec.js";

// The file's JSON as text: its genes have a key named "then", and an object with one in code is a thenable to `await`.
export const EVOLVED_DIALECT: DialectSpec = parseDialectSpec(
  JSON.parse(
    '{"silp_dialect":1,"name":"x-evolved","genes":{"if":"When","and":"and","then":"then","actions":"and","else":"otherwise","alternatives":"or","call":"spaces","empty_args":"()","equals":":","location":"at","negation":"not","operators":"symbols","time":"at","meta":"#meta","keywords":"ordered"},"argument_order":{"!BOOK":["act","city","checkin","nights"],"!SEARCH":["act","query","location","filter"],"!TRANSLATE":["src","tgt","style"],"!UPDATE":["act","field","new_value"]}}',
  ),
);

/** The dialects this package ships, by name (what a CLI may accept in place of a dialect file). */
export const SHIPPED_DIALECTS: Readonly<Record<string, DialectSpec>> = Object.freeze({ [EVOLVED_DIALECT.name]: EVOLVED_DIALECT });
