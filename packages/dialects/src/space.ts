/**
 * The dialect space (docs/dialects.md): every gene, its option labels and the spelling each label
 * stands for. A dialect is one option per gene; the first option of every gene is what the code
 * frontend prints, so choosing all first options gives back the code frontend byte for byte.
 *
 * Why every combination is unambiguous is argued in docs/dialects.md ("Lossless by construction");
 * the option sets below are chosen for that argument, so adding an option means re-checking it:
 *   - punctuation in spellings is drawn only from characters a bare value can never contain
 *     ( ) , ; : @ = ! < > and the line feed, plus spaces;
 *   - a word in a spelling is always between spaces (or starts the payload), and every such word
 *     is reserved: a value or name equal to it is quoted;
 *   - no spelling is a proper prefix of another one unless what follows the shorter one can never
 *     begin the rest of the longer one (the parser takes the longest spelling that matches).
 */

/** One dimension of the space. */
export interface Gene {
  readonly name: string;
  /** Option labels; the first is the code frontend's choice. */
  readonly options: readonly string[];
  readonly doc: string;
}

/** A gene with the concrete text of each option (internal: the printer and parser read these). */
interface GeneTable extends Gene {
  readonly spellings: Readonly<Record<string, string>>;
}

function gene(name: string, doc: string, spellings: Record<string, string>): GeneTable {
  return Object.freeze({ name, doc, options: Object.freeze(Object.keys(spellings)), spellings: Object.freeze(spellings) });
}

const OPERATOR_SPELLINGS = {
  symbols: { "==": "==", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">=" },
  spaced: { "==": " == ", "!=": " != ", "<": " < ", ">": " > ", "<=": " <= ", ">=": " >= " },
  words: { "==": " is ", "!=": " is not ", "<": " below ", ">": " above ", "<=": " at most ", ">=": " at least " },
} as const satisfies Record<string, Record<string, string>>;

export type OperatorStyle = keyof typeof OPERATOR_SPELLINGS;

/** The operator spellings of one operators option, keyed by the IR's operator. */
export function operatorSpellings(style: string): Readonly<Record<string, string>> {
  return OPERATOR_SPELLINGS[style as OperatorStyle];
}

const TABLES: readonly GeneTable[] = [
  gene("if", "the word that opens the conditions", { if: "if ", If: "If ", when: "when ", When: "When " }),
  gene("and", "between two conditions", { and: " and ", "&": " & " }),
  // biome-ignore lint/suspicious/noThenProperty: "then" is an option label (a word the dialect writes); this table is never awaited
  gene("then", "between the conditions and the first action", { ":": ": ", then: " then " }),
  gene("actions", "between two actions (calls)", { ";": "; ", and: " and ", ",": ", ", newline: "\n" }),
  gene("else", "between the actions and the first alternative (else-branch)", {
    "else:": " else: ",
    else: " else ",
    otherwise: " otherwise ",
    "|": " | ",
  }),
  gene("alternatives", "between two alternatives", { ";": "; ", or: " or ", ",": ", " }),
  gene("call", "argument lists: f(a,b) or f a b (arguments after one space each, nothing closing them)", { parens: "(", spaces: " " }),
  gene("empty_args", "a call without arguments: f() or f (with spaces calls it is always f)", { "()": "()", omit: "" }),
  // "= " and " = " keep the value a space-prefixed word, which BPE tokenizers spell in fewer tokens
  // (" Shanghai" is one token where "=Shanghai" is three on some).
  gene("equals", "between a key and its value: k=v, k:v, k= v or k = v", { "=": "=", ":": ":", "= ": "= ", " = ": " = " }),
  gene("location", "between an alternative's target and its location: x@y or x at y", { "@": "@", at: " at " }),
  gene("negation", "before a negated condition: !rain or not rain or no rain", { "!": "!", not: "not ", no: "no " }),
  gene("operators", "comparison operators: temp>30, temp > 30 or temp above 30 (>= is 'at least', <= 'at most', == 'is', != 'is not', < 'below')", {
    symbols: "symbols",
    spaced: "spaced",
    words: "words",
  }),
  gene("time", "between a compared value and its time: temp>30, t+1 or temp>30 at t+1", { ",": ", ", at: " at " }),
  // "#meta" is the code frontend's own marker, " #{" since the terse trailer (` #{p2 c.75}`); the
  // name stays so that dialect files keep their meaning.
  gene("meta", "before the inline meta items (only printed when the IR's meta needs it): #{p2} or meta {p2}", { "#meta": " #{", meta: " meta {" }),
  // Not a spelling but a rule: "ordered" leaves out the names of a call's leading keyword arguments
  // that follow the dialect file's agreed per-verb argument_order (argument-order.ts).
  gene("keywords", "names of a call's keyword arguments: always written, or left out for a leading run that follows the agreed argument_order", {
    named: "named",
    ordered: "ordered",
  }),
];

/** Every gene with its option labels, in a fixed order. */
export const DIALECT_SPACE: readonly Gene[] = Object.freeze(TABLES.map(({ name, options, doc }) => Object.freeze({ name, options, doc })));

const BY_NAME: ReadonlyMap<string, GeneTable> = new Map(TABLES.map((table) => [table.name, table]));

/**
 * Every text any option of the space writes as structure (the operators of every style, both call
 * styles' punctuation and the extra fields' brackets), longest first: what the hostile and
 * unambiguity tests build and edit payloads from, kept here so that an option added to a table is
 * in their lists too.
 */
export const ALL_SPELLINGS: readonly string[] = Object.freeze(
  [
    ...new Set([
      ...TABLES.filter((table) => table.name !== "operators" && table.name !== "keywords").flatMap((table) => Object.values(table.spellings)),
      ...Object.values(OPERATOR_SPELLINGS).flatMap((style) => Object.values(style)),
      "(",
      ")",
      ",",
      "[",
      "]",
    ]),
  ]
    .filter((text) => text !== "")
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)),
);

/** The text an option stands for (for `operators`, the style name; see operatorSpellings). */
export function spellingOf(geneName: string, option: string): string | undefined {
  const table = BY_NAME.get(geneName);
  return table !== undefined && Object.hasOwn(table.spellings, option) ? table.spellings[option] : undefined;
}
