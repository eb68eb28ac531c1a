/**
 * A spec resolved into what the printer and parser use: the text of every abstract token, the
 * reserved words (printed quoted when they are values), and every spelling longest first (the
 * parser's longest match).
 */
import { codeSyntax } from "silp/util";
import { checkInvariants, type SpellingRoles } from "./invariants.js";
import { type DialectSpec, parseDialectSpec } from "./spec.js";
import { operatorSpellings, spellingOf } from "./space.js";

/**
 * The spellings of one dialect: the ones the invariants check (`SpellingRoles`: the `then` gene is
 * `thenWord` there, since an object with a `then` field is a thenable; `spacesCall` is `f a b`
 * instead of `f(a,b)`; `operators` maps each IR operator to its spelling), plus what the printer
 * and parser derive from them.
 */
export interface Spellings extends SpellingRoles {
  /** A call without arguments prints as its bare name (always so with spaces calls). */
  readonly omitEmptyArgs: boolean;
  /**
   * Function names that are reserved words print quoted. Not needed (and not done, so the code
   * frontend's point prints as it does) when every call has parentheses: a function name is then
   * always directly followed by "(", which no word of a spelling ever is.
   */
  readonly quoteReservedFunctionNames: boolean;
  /** Words that are structure in this dialect (and the code frontend's keywords): quoted as values. */
  readonly reserved: ReadonlySet<string>;
  /**
   * The code frontend's marker before an earlier version's JSON meta object (` #meta {"meta":…}`),
   * which dialects spelling meta as the code frontend does still read; undefined otherwise.
   */
  readonly metaJson: string | undefined;
  /** Every distinct non-empty spelling, longest first. */
  readonly longestFirst: readonly string[];
}

const NO_ORDER = Object.freeze({});

/** Characters that spellings use besides words; none of them can occur in a bare value. */
const STRUCTURE_CHARS = /[\s(),;:@=!<>[\]]+/;

function option(spec: DialectSpec, gene: string): string {
  const text = spellingOf(gene, spec.genes[gene] as string);
  if (text === undefined) throw new TypeError(`gene ${gene} has no option ${spec.genes[gene]}`);
  return text;
}

export function resolveSpellings(input: DialectSpec): Spellings {
  // A spec may have been built by hand (a plain object typed DialectSpec): check it again.
  const spec = parseDialectSpec(input);
  const spacesCall = spec.genes.call === "spaces";
  const spellings = {
    if: option(spec, "if"),
    and: option(spec, "and"),
    thenWord: option(spec, "then"),
    actions: option(spec, "actions"),
    else: option(spec, "else"),
    alternatives: option(spec, "alternatives"),
    spacesCall,
    omitEmptyArgs: spacesCall || spec.genes.empty_args === "omit",
    equals: option(spec, "equals"),
    location: option(spec, "location"),
    negation: option(spec, "negation"),
    time: option(spec, "time"),
    meta: option(spec, "meta"),
    operators: operatorSpellings(option(spec, "operators")),
    argumentOrder: spec.genes.keywords === "ordered" ? (spec.argument_order ?? NO_ORDER) : NO_ORDER,
  };
  checkInvariants(spellings);
  const texts = [
    spellings.if,
    spellings.and,
    spellings.thenWord,
    spellings.actions,
    spellings.else,
    spellings.alternatives,
    spellings.equals,
    spellings.location,
    spellings.negation,
    spellings.time,
    spellings.meta,
    ...Object.values(spellings.operators),
    ...(spacesCall ? [" "] : ["(", ")", ","]),
    "[",
    "]",
    ",",
  ];
  const reserved = new Set<string>(codeSyntax.KEYWORDS);
  for (const text of texts) {
    // A word holding "{" (the meta marker " #{") is never a value: no bare value holds "{".
    for (const word of text.split(STRUCTURE_CHARS)) if (word !== "" && !word.includes("{")) reserved.add(word);
  }
  const metaJson = spec.genes.meta === "#meta" ? " #meta {" : undefined;
  const longestFirst = [...new Set([...texts, ...(metaJson === undefined ? [] : [metaJson])])]
    .filter((text) => text !== "")
    .sort((a, b) => b.length - a.length);
  return Object.freeze({ ...spellings, quoteReservedFunctionNames: spellings.omitEmptyArgs, reserved, metaJson, longestFirst });
}
