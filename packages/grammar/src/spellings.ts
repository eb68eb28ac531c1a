/**
 * How a grammar spells the code frontend's abstract tokens: the code frontend's own spellings
 * (`CODE_SPELLINGS`), or a dialect's (`dialectSpellings`, docs/dialects.md "The space"). The code
 * grammar is written once against these, so a dialect's grammar is the code grammar with other
 * spellings, and the code frontend's grammar is the point where every spelling is the code one.
 *
 * @silp/dialects keeps its resolved spellings internal (its public surface is the spec, the
 * printer and the decoder), so the option -> text table is stated here, one case per gene. It is
 * checked against the dialects package in both directions by the tests: every gene and option of
 * DIALECT_SPACE must have a case here (a new gene fails loudly, naming itself), and the texts and
 * reserved words must be the ones `buildDialectPrompt` shows and the dialect printer writes.
 */
import { type DialectSpec, parseDialectSpec } from "@silp/dialects";
import { codeSyntax } from "silp/util";

export interface GrammarSpellings {
  /** Opens the conditions, e.g. "if ". */
  readonly if: string;
  /** Between two conditions, e.g. " and ". */
  readonly and: string;
  /** After the last condition, e.g. ": " (not `then`: an object with a `then` field is a thenable). */
  readonly thenWord: string;
  /** Between two calls of the task, e.g. "; ". */
  readonly actions: string;
  /** Before the first alternative, e.g. " else: ". */
  readonly else: string;
  /** Between two alternatives, e.g. "; ". */
  readonly alternatives: string;
  /** `f a b` instead of `f(a,b)`: each argument follows one space, nothing closes the list. */
  readonly spacesCall: boolean;
  /** A call without arguments is its bare name (always so with spaces calls). */
  readonly omitEmptyArgs: boolean;
  /** Between a key and its value, e.g. "=". */
  readonly equals: string;
  /** Between an alternative's target and its location, e.g. "@". */
  readonly location: string;
  /** Before a negated condition, e.g. "!". */
  readonly negation: string;
  /** The comparison operators, keyed by the IR's operator, in the code grammar's order. */
  readonly operators: Readonly<Record<string, string>>;
  /** Between a compared value and its time, e.g. ", ". */
  readonly time: string;
  /** Before the inline meta items, with the opening brace: " #{" (the code frontend), " meta {". */
  readonly meta: string;
  /**
   * Words that are structure (the code frontend's keywords and every word of a spelling): never
   * bare as a value or name; and, when `quoteReservedFunctionNames`, never bare as a function name.
   */
  readonly reserved: readonly string[];
  /** A function name that is a reserved word is quoted (so `or x` cannot open an alternative). */
  readonly quoteReservedFunctionNames: boolean;
  /**
   * `keywords: ordered`: verb (action code) -> the agreed order of its action calls' argument
   * names (the dialect file's `argument_order`); a leading run of arguments in that order is
   * written without names. Empty for `keywords: named` and for the code frontend.
   */
  readonly argumentOrder: Readonly<Record<string, readonly string[]>>;
}

const OPERATORS = ["==", "!=", "<=", ">=", "<", ">"] as const;

const OPERATOR_STYLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  symbols: { "==": "==", "!=": "!=", "<=": "<=", ">=": ">=", "<": "<", ">": ">" },
  spaced: { "==": " == ", "!=": " != ", "<=": " <= ", ">=": " >= ", "<": " < ", ">": " > " },
  words: { "==": " is ", "!=": " is not ", "<=": " at most ", ">=": " at least ", "<": " below ", ">": " above " },
};

/** No argument order: every argument name is written (`keywords: named`, the code frontend). */
const NO_ORDER: Readonly<Record<string, readonly string[]>> = Object.freeze({});

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<Omit<GrammarSpellings, "reserved" | "quoteReservedFunctionNames" | "argumentOrder">> & { orderedKeywords: boolean };

/** Sets the field of one gene's option. */
const text =
  (
    field: "if" | "and" | "thenWord" | "actions" | "else" | "alternatives" | "equals" | "location" | "negation" | "time" | "meta",
    options: Record<string, string>,
  ) =>
  (draft: Draft, option: string): boolean => {
    if (!Object.hasOwn(options, option)) return false;
    draft[field] = options[option] as string;
    return true;
  };

/**
 * One case per gene of DIALECT_SPACE: apply the option to the draft, or return false for an option
 * this table does not know. A new gene is one more entry here (and, if it changes structure
 * rather than a token's text, one more field the code grammar reads).
 */
const GENES: Readonly<Record<string, (draft: Draft, option: string) => boolean>> = {
  if: text("if", { if: "if ", If: "If ", when: "when ", When: "When " }),
  and: text("and", { and: " and ", "&": " & " }),
  // biome-ignore lint/suspicious/noThenProperty: "then" is the gene's name (a word the dialect writes); this table is never awaited
  then: text("thenWord", { ":": ": ", then: " then " }),
  actions: text("actions", { ";": "; ", and: " and ", ",": ", ", newline: "\n" }),
  else: text("else", { "else:": " else: ", else: " else ", otherwise: " otherwise ", "|": " | " }),
  alternatives: text("alternatives", { ";": "; ", or: " or ", ",": ", " }),
  call: (draft, option) => {
    if (option !== "parens" && option !== "spaces") return false;
    draft.spacesCall = option === "spaces";
    return true;
  },
  empty_args: (draft, option) => {
    if (option !== "()" && option !== "omit") return false;
    draft.omitEmptyArgs = option === "omit";
    return true;
  },
  equals: text("equals", { "=": "=", ":": ":", "= ": "= ", " = ": " = " }),
  location: text("location", { "@": "@", at: " at " }),
  negation: text("negation", { "!": "!", not: "not ", no: "no " }),
  operators: (draft, option) => {
    const style = Object.hasOwn(OPERATOR_STYLES, option) ? OPERATOR_STYLES[option] : undefined;
    if (style === undefined) return false;
    draft.operators = style;
    return true;
  },
  time: text("time", { ",": ", ", at: " at " }),
  meta: text("meta", { "#meta": " #{", meta: " meta {" }),
  keywords: (draft, option) => {
    if (option !== "named" && option !== "ordered") return false;
    draft.orderedKeywords = option === "ordered";
    return true;
  },
};

/** Characters spellings use besides words (docs/dialects.md, "Lossless by construction", rule 1). */
const STRUCTURE = /[\s(),;:@=!<>[\]]+/;

/** The grammar's spellings of a dialect (the spec is checked by @silp/dialects first). */
export function dialectSpellings(input: DialectSpec): GrammarSpellings {
  const spec = parseDialectSpec(input);
  const draft: Draft = {
    if: "",
    and: "",
    thenWord: "",
    actions: "",
    else: "",
    alternatives: "",
    spacesCall: false,
    omitEmptyArgs: false,
    equals: "",
    location: "",
    negation: "",
    operators: {},
    time: "",
    meta: "",
    orderedKeywords: false,
  };
  for (const [gene, option] of Object.entries(spec.genes)) {
    const apply = Object.hasOwn(GENES, gene) ? GENES[gene] : undefined;
    if (apply === undefined) throw new Error(`@silp/grammar has no grammar for the dialect gene "${gene}" yet (packages/grammar/src/spellings.ts)`);
    if (!apply(draft, option)) throw new Error(`@silp/grammar has no grammar for option ${JSON.stringify(option)} of the dialect gene "${gene}" yet`);
  }
  if (draft.spacesCall) draft.omitEmptyArgs = true;
  const texts = [
    draft.if,
    draft.and,
    draft.thenWord,
    draft.actions,
    draft.else,
    draft.alternatives,
    draft.equals,
    draft.location,
    draft.negation,
    draft.time,
    draft.meta,
    ...OPERATORS.map((operator) => draft.operators[operator] as string),
  ];
  const reserved = new Set<string>(codeSyntax.KEYWORDS);
  // A word holding "{" (the meta marker " #{") is never a value: no bare value holds "{".
  for (const spelling of texts) for (const word of spelling.split(STRUCTURE)) if (word !== "" && !word.includes("{")) reserved.add(word);
  const { orderedKeywords, ...spellings } = draft;
  return Object.freeze({
    ...spellings,
    operators: Object.freeze({ ...draft.operators }),
    reserved: Object.freeze([...reserved]),
    quoteReservedFunctionNames: draft.omitEmptyArgs,
    argumentOrder: orderedKeywords && spec.argument_order !== undefined ? spec.argument_order : NO_ORDER,
  });
}

/**
 * The code frontend's own spellings: the CODE_DIALECT point of the space (a test checks that
 * `dialectSpellings(CODE_DIALECT)` gives exactly these). Written out rather than computed, so the
 * code grammar never depends on the dialect table: a gene this table does not know yet makes
 * `dialectGrammar` fail, never `codeGrammar`.
 */
export const CODE_SPELLINGS: GrammarSpellings = Object.freeze({
  if: "if ",
  and: " and ",
  thenWord: ": ",
  actions: "; ",
  else: " else: ",
  alternatives: "; ",
  spacesCall: false,
  omitEmptyArgs: false,
  equals: "=",
  location: "@",
  negation: "!",
  operators: OPERATOR_STYLES.symbols as Readonly<Record<string, string>>,
  time: ", ",
  meta: " #{",
  reserved: Object.freeze([...codeSyntax.KEYWORDS]),
  quoteReservedFunctionNames: false,
  argumentOrder: NO_ORDER,
});
