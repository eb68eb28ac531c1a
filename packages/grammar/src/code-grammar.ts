/**
 * The code frontend's canonical syntax (docs/grammar.md, "ABNF"; packages/silp/src/frontends/code)
 * as a grammar source, with the verbs in force baked in as literal alternatives. It describes
 * exactly what `compile(ir, "code")` prints: canonical spacing, the printer's quoting and escapes,
 * the printer's argument orders. It is deliberately tighter than the lenient decoder and, where a
 * context-free grammar can say so, never looser than the strict one: a field is never given twice
 * by role, a secondary call never repeats the primary verb and always has arguments, the meta
 * trailer's items have their schema's types. What no context-free grammar can say (two keys of one
 * object differ) is marked `distinct` (docs/models.md, "What the grammar cannot say").
 */
import { APPROVED_VERBS } from "silp";
import { codeSyntax, IR_SHAPE } from "silp/util";
import { mergeRanges, rangesWhere, single, subtract } from "./char-class.js";
import { type Alphabet, anyWordExcept, unit, wordExcept } from "./complement.js";
import { type CodePointRange, chars, choice, type Expr, type Grammar, list, literal, optional, plus, type Rule, ref, seq, star } from "./grammar.js";
import { unicodeEscape } from "./hex-escape.js";
import { CODE_SPELLINGS, type GrammarSpellings } from "./spellings.js";

/** The default verb set: the spec's whitelist (Table 7), from the codec, never copied. */
export function approvedVerbCodes(): readonly string[] {
  return APPROVED_VERBS.map((verb) => verb.code);
}

const ACTION_CODE = /^![A-Z][A-Z_]*$/;

/** Normalises a verb list (`!CANCEL`, `CANCEL` or `cancel`) to action codes, deduplicated, in order. */
export function verbCodes(verbs: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (const verb of verbs) {
    const code = verb.startsWith("!") ? verb.toUpperCase() : `!${verb.toUpperCase()}`;
    if (!ACTION_CODE.test(code)) throw new TypeError(`not a SILP verb: ${JSON.stringify(verb)} (expected an action code such as !CANCEL)`);
    if (!out.includes(code)) out.push(code);
  }
  if (out.length === 0) throw new TypeError("a grammar needs at least one verb");
  return out;
}

const TIME_PREFIXES = ["t+", "t-"];
/** The code frontend's keywords: the meta trailer is code syntax in every dialect. */
const CODE_WORDS: readonly string[] = [...codeSyntax.KEYWORDS];
/** Bare names of the meta trailer that are not extra fields (the codec's list). */
const META_RESERVED: readonly string[] = [...codeSyntax.META_RESERVED_NAMES];
/** The known meta fields: never an extra field's name, bare or quoted. */
const KNOWN_META: readonly string[] = [...IR_SHAPE.metaFields];
const DIGITS = "0123456789".split("");

interface CharSets {
  /** Characters the printer leaves bare in values (docs/grammar.md, bare-char; no default-ignorables, no joiners). */
  bare: CodePointRange[];
  /** Characters a quoted string holds raw (everything the printer does not escape). */
  stringRaw: CodePointRange[];
  /** Code units the printer writes as \uXXXX. */
  escaped: CodePointRange[];
}

let cached: CharSets | undefined;

/** Computed once from the runtime's Unicode tables (the same the codec's regular expressions use). */
function charSets(): CharSets {
  if (cached) return cached;
  const bareChar = /[\p{L}\p{M}\p{N}_\-+.%/*#$&~^|?]/u;
  const ignorable = /\p{Default_Ignorable_Code_Point}/u;
  // What packages/silp/src/frontends/text-escape.ts escapes, plus what JSON itself escapes.
  const mustEscape = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u0000-\u001f\u007f-\u009f]/u;
  const escapedChars = rangesWhere((char) => mustEscape.test(char));
  const escaped = mergeRanges([
    ...escapedChars.filter(([low]) => low <= 0xffff).map(([low, high]) => [low, Math.min(high, 0xffff)] as const),
    [0xd800, 0xdfff],
  ]);
  cached = {
    bare: rangesWhere((char) => bareChar.test(char) && !ignorable.test(char)),
    stringRaw: subtract(
      rangesWhere((char) => !mustEscape.test(char)),
      single('"', "\\"),
    ),
    escaped,
  };
  return cached;
}

const ASCII: CodePointRange[] = [[0, 0x7f]];
const NON_ASCII: CodePointRange[] = [[0x80, 0x10ffff]];
const asciiPart = (ranges: readonly CodePointRange[]): CodePointRange[] => subtract(ranges, NON_ASCII);
const nonAsciiPart = (ranges: readonly CodePointRange[]): CodePointRange[] => subtract(ranges, ASCII);

const SHORT_ESCAPES = ['\\"', "\\\\", "\\b", "\\f", "\\n", "\\r", "\\t"];

/** A JSON string literal of one context (code values, or inside a `json` literal). */
function stringRules(prefix: string, alphabet: Alphabet, escaped: readonly CodePointRange[]): Rule[] {
  return [
    { name: `${prefix}-escape`, lexical: true, expr: choice(...SHORT_ESCAPES.map(literal), unicodeEscape(escaped)) },
    { name: `${prefix}-string`, lexical: true, expr: seq(literal('"'), star(unit(alphabet)), literal('"')) },
  ];
}

/** A quoted string whose decoded text is none of `words` and starts with none of `prefixes`. */
function quotedExcept(alphabet: Alphabet, words: readonly string[], prefixes: readonly string[] = []): Expr {
  return seq(literal('"'), anyWordExcept(alphabet, { words, prefixes }), literal('"'));
}

/** JSON text as JSON.stringify prints it (no whitespace); keys of one object are distinct. */
function jsonRules(prefix: string, stringRule: string): Rule[] {
  const value = `${prefix}-json`;
  return [
    {
      name: value,
      expr: choice(
        ref(`${prefix}-json-object`),
        ref(`${prefix}-json-array`),
        ref(stringRule),
        ref("json-number"),
        literal("true"),
        literal("false"),
        literal("null"),
      ),
    },
    { name: `${prefix}-json-object`, expr: seq(literal("{"), optional(list(ref(`${prefix}-json-member`), ",")), literal("}")) },
    { name: `${prefix}-json-member`, expr: seq(ref(`${prefix}-json-key`), literal(":"), ref(value)) },
    { name: `${prefix}-json-key`, lexical: true, distinct: true, comment: "keys of one object differ", expr: ref(stringRule) },
    { name: `${prefix}-json-array`, expr: seq(literal("["), optional(list(ref(value), ",")), literal("]")) },
  ];
}

/**
 * Rules `<prefix>-items`: one or more of `items`, each at most once and in their order, then
 * optionally the `rest`, separated by single spaces: a chain of rules, one per item, each naming
 * what may follow it (so the grammar says "at most once, in order" without a distinct check).
 */
function orderedItems(prefix: string, items: readonly Expr[], rest: Expr): Rule[] {
  const after = (index: number): string => `${prefix}-after-${index}`;
  const rules: Rule[] = [
    {
      name: `${prefix}-items`,
      expr: choice(...items.map((item, index) => seq(item, ref(after(index)))), ref(`${prefix}-rest`)),
    },
    { name: `${prefix}-rest`, expr: rest },
  ];
  items.forEach((_, index) => {
    const later = items.slice(index + 1).map((item, offset) => seq(literal(" "), item, ref(after(index + 1 + offset))));
    rules.push({ name: after(index), expr: optional(choice(...later, seq(literal(" "), ref(`${prefix}-rest`)))) });
  });
  return rules;
}

function ruleName(functionName: string): string {
  return functionName.replace(/_/g, "-");
}

export interface CodeGrammarOptions {
  /** Verbs in force (action codes); default: the spec's whitelist. */
  readonly verbs?: readonly string[];
}

export function codeGrammar(options: CodeGrammarOptions = {}): Grammar {
  return spelledCodeGrammar(CODE_SPELLINGS, verbCodes(options.verbs ?? approvedVerbCodes()), "code", 'compile(ir, "code") output');
}

/**
 * The code grammar with every abstract token written as `s` spells it (docs/grammar.md,
 * "Dialects"). With CODE_SPELLINGS it is the code frontend's grammar, expression for expression
 * (so its GBNF and Lark stay byte for byte what they were before dialects existed).
 *
 * `printerQuoting` (dialects: their strict decoder accepts only what their printer writes) quotes
 * only what the printer quotes: a value only when it is empty, has a character that is not bare
 * or is a reserved word; a name only when it is not an ASCII identifier or is a reserved word; a
 * `json` literal only for what is not a string; and the meta trailer's values, seq entries and
 * integers as the code printer writes them. The code frontend's strict decoder accepts the other spellings, so its
 * grammar keeps them.
 */
export function spelledCodeGrammar(s: GrammarSpellings, verbs: readonly string[], frontend: string, describe: string, printerQuoting = false): Grammar {
  const functionNames = verbs.map((code) => code.slice(1).toLowerCase());
  const reserved = s.reserved;
  // A keyword of a keyword argument (value=, time=, ...) is a name token: quoted if it is reserved.
  const key = (word: string): string => (reserved.includes(word) ? JSON.stringify(word) : word);
  const fn = (name: string): string => (s.quoteReservedFunctionNames && reserved.includes(name) ? JSON.stringify(name) : name);
  // An argument list: `(a,b)`, or ` a b` with spaces calls (nothing closes it).
  const sep = s.spacesCall ? " " : ",";
  const open = s.spacesCall ? " " : "(";
  const closing: Expr[] = s.spacesCall ? [] : [literal(")")];
  /** A call of `name` whose arguments `args` may be left out: `f()` / `f(a)`, or `f` / `f(a)` / `f a` when an empty call is the bare name. */
  const callMaybeEmpty = (name: string, args: Expr): Expr[] =>
    s.omitEmptyArgs ? [literal(fn(name)), optional(seq(literal(open), args, ...closing))] : [literal(`${fn(name)}(`), optional(args), literal(")")];
  const sets = charSets();
  const bare: Alphabet = { ascii: asciiPart(sets.bare), opaque: [ref("bare-char-ext")] };
  const ident: Alphabet = { ascii: single(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".split("")), opaque: [] };
  const quoted: Alphabet = { ascii: asciiPart(sets.stringRaw), opaque: [ref("string-char-ext"), ref("s-escape")] };
  // Inside a `json` literal a backtick is written \u0060 (it would close the literal).
  const inLiteral: Alphabet = { ascii: subtract(asciiPart(sets.stringRaw), single("`")), opaque: [ref("string-char-ext"), ref("l-escape")] };

  const value = ref("value");
  const comma = literal(sep); // between arguments; the meta trailer keeps the code frontend's ","
  // What the printer quotes (printerQuoting): a unit of a quoted string that is not bare / not an identifier character.
  const notBare: Expr = choice(chars(subtract(asciiPart(sets.stringRaw), asciiPart(sets.bare))), ref("string-char-ext-not-bare"), ref("s-escape"));
  const notIdent: Expr = choice(chars(subtract(asciiPart(sets.stringRaw), ident.ascii)), ref("string-char-ext"), ref("s-escape"));
  const anyQuoted = star(unit(quoted));
  const reservedWords = (words: readonly string[]): Expr[] => words.map((word) => literal(word));
  /** `"…"` holding what the printer quotes as a value: nothing, a unit that is not bare, or one of `words`. */
  const quotedValueOf = (words: readonly string[]): Expr =>
    seq(literal('"'), optional(choice(seq(anyQuoted, notBare, anyQuoted), ...reservedWords(words))), literal('"'));
  const quotedValue = (): Expr => quotedValueOf(reserved);
  /** The same for a name: nothing, a leading digit, a unit that is not an identifier character, or one of `words`. */
  const quotedNameOf = (words: readonly string[]): Expr =>
    seq(literal('"'), optional(choice(seq(chars(single(...DIGITS)), anyQuoted), seq(anyQuoted, notIdent, anyQuoted), ...reservedWords(words))), literal('"'));
  /** A name as the printer quotes it: also a reserved word (or `loc`, a literal field name). */
  const quotedName = (roleWords: readonly string[]): Expr => quotedNameOf([...reserved, ...(roleWords.includes("loc") ? ["loc"] : [])]);
  /** A quoted value the printer writes that does not start with t+ or t- (reserved words never do; "t" is bare). */
  const quotedNotTimeLike = (): Expr => {
    const bareNot = (...excluded: string[]): Expr => choice(chars(subtract(asciiPart(sets.bare), single(...excluded))), ref("bare-char-ext"));
    const needs = seq(anyQuoted, notBare, anyQuoted);
    return seq(
      literal('"'),
      optional(
        choice(
          seq(notBare, anyQuoted),
          seq(bareNot("t"), needs),
          seq(literal("t"), choice(seq(notBare, anyQuoted), seq(bareNot("+", "-"), needs))), // "t" alone is bare
          ...reservedWords(reserved),
        ),
      ),
      literal('"'),
    );
  };
  /**
   * A seq entry as the code printer quotes it: empty, a keyword, or holding a unit that is not
   * bare, and never shaped like an action code ("!" + an upper-case letter + upper-case letters
   * and "_"), which the printer writes bare.
   */
  const seqQuoted = (): Expr => {
    const other = (...excluded: [number, number][]): Expr =>
      choice(chars(subtract(asciiPart(sets.stringRaw), excluded)), ref("string-char-ext"), ref("s-escape"));
    const upper: [number, number] = [0x41, 0x5a];
    const underscore: [number, number] = [0x5f, 0x5f];
    const notBareNorBang: Expr = choice(
      chars(subtract(asciiPart(sets.stringRaw), [...asciiPart(sets.bare), [0x21, 0x21]])),
      ref("string-char-ext-not-bare"),
      ref("s-escape"),
    );
    return seq(
      literal('"'),
      optional(
        choice(
          seq(notBareNorBang, anyQuoted),
          seq(plus(unit(bare)), notBare, anyQuoted),
          seq(
            literal("!"),
            optional(choice(seq(other(upper), anyQuoted), seq(chars([upper]), star(chars([upper, underscore])), other(upper, underscore), anyQuoted))),
          ),
          ...reservedWords(CODE_WORDS),
        ),
      ),
      literal('"'),
    );
  };
  const nameExcept = (roleWords: readonly string[]): Expr =>
    choice(
      wordExcept(ident, { words: [...reserved, ...roleWords], prefixes: DIGITS }),
      printerQuoting
        ? quotedName(roleWords)
        : quotedExcept(
            quoted,
            roleWords.filter((word) => word !== "loc"),
          ),
    );
  const keywordArgs = (rule: string): Expr => star(seq(comma, ref(rule)));

  // keywords: ordered (docs/dialects.md, rule 6; docs/grammar.md, "Dialects"): an action call of a
  // verb with an agreed order writes a leading run of its arguments without names. The printer's
  // rule, as a grammar: j unnamed arguments (the order's first j names; "act" is positional), then,
  // if the run stopped before the order's end, the argument that broke it (a name other than the
  // order's next one, or `act=` for a positional one when the next name is not "act"), then
  // arguments as the code frontend writes them. A written name never repeats an elided one
  // (except "act", which may repeat): that would be a repeated keyword id, which the IR refuses.
  const ordered: [string, readonly string[]][] = functionNames.flatMap((name) => {
    const code = `!${name.toUpperCase()}`;
    return Object.hasOwn(s.argumentOrder, code) ? [[name, s.argumentOrder[code] as readonly string[]]] : [];
  });
  const entityArgs = (name: string): Expr => (ordered.some(([other]) => other === name) ? ref(`entity-args-${ruleName(name)}`) : ref("entity-args"));
  const orderedArgsRules = (name: string, order: readonly string[]): Rule[] => {
    const r = ruleName(name);
    const extras = optional(seq(literal("["), list(ref("e-extra"), ","), literal("]")));
    const unnamed = seq(value, extras);
    const named = (idRule: string): Expr => seq(ref(idRule), literal(s.equals), value, extras);
    const elided = (j: number): string[] => order.slice(0, j).filter((word) => word !== "act");
    const rest = (j: number): Expr => star(seq(comma, choice(unnamed, named(`entity-id-${r}-${j}`))));
    // The argument that ends a run of j (< k) unnamed ones: a name other than the order's next, or
    // `act=` for a positional one when the next name is not act.
    const broke = (j: number): Expr =>
      // Not act, not a name left out, not the next name: exactly what may be written after j + 1 are
      // left out (or after j when the next is act, which is excluded anyway), so that rule serves.
      choice(named(`entity-id-${r}-${order[j] === "act" ? j : j + 1}`), ...(order[j] === "act" ? [] : [seq(literal(`${key("act")}${s.equals}`), unnamed)]));
    // One rule per run length, each referring to the next (`after-j`: what may follow j unnamed
    // arguments), so the grammar grows linearly with the order, not with its square: a dialect
    // file is untrusted, and an order may hold 32 names for each of 512 verbs.
    const after = (j: number): string => `entity-args-${r}-after-${j}`;
    const rules: Rule[] = [
      { name: `entity-args-${r}`, comment: `${name}: argument order ${order.join(", ")}`, expr: choice(seq(unnamed, ref(after(1))), seq(broke(0), rest(0))) },
    ];
    for (let j = 1; j <= order.length; j++) {
      rules.push({
        name: after(j),
        expr: j === order.length ? rest(j) : optional(seq(comma, choice(seq(unnamed, ref(after(j + 1))), seq(broke(j), rest(j))))),
      });
    }
    for (let j = 0; j <= order.length; j++) {
      rules.push({
        name: `entity-id-${r}-${j}`,
        lexical: true,
        distinct: true,
        comment: "keyword ids of one call differ",
        expr: nameExcept(["act", ...elided(j)]),
      });
    }
    return rules;
  };
  const timeKey = `${sep}${key("time")}${s.equals}`;

  const rules: Rule[] = [
    {
      name: "payload",
      comment: `${describe}; verbs in force: ${verbs.join(" ")}`,
      expr: seq(optional(seq(literal(s.if), ref("condition"), literal(s.thenWord))), ref("actions"), optional(ref("else-part")), optional(ref("meta-part"))),
    },
    // Conditions.
    { name: "condition", expr: list(ref("constraint"), s.and) },
    { name: "constraint", expr: choice(ref("negation"), ref("operator-form"), ref("constraint-call")) },
    { name: "negation", expr: seq(literal(s.negation), ref("name"), optional(seq(literal(open), ref("negation-args"), ...closing))) },
    {
      name: "negation-args",
      comment: "a positional argument is the time; value= and time= at most once each",
      expr: printerQuoting
        ? // As the printer writes it: a time-like time positionally, any other by time=; value= only when it is not "true".
          choice(
            seq(ref("time-like"), optional(seq(literal(`${sep}${key("value")}${s.equals}`), ref("value-not-true"))), keywordArgs("c-extra")),
            seq(
              literal(`${key("value")}${s.equals}`),
              ref("value-not-true"),
              optional(seq(literal(`${sep}${key("time")}${s.equals}`), ref("not-time-like"))),
              keywordArgs("c-extra"),
            ),
            seq(literal(`${key("time")}${s.equals}`), ref("not-time-like"), keywordArgs("c-extra")),
            list(ref("c-extra"), sep),
          )
        : choice(
            seq(value, optional(seq(literal(`${sep}${key("value")}${s.equals}`), value)), keywordArgs("c-extra")),
            seq(literal(`${key("value")}${s.equals}`), value, optional(seq(literal(`${sep}${key("time")}${s.equals}`), value)), keywordArgs("c-extra")),
            seq(literal(`${key("time")}${s.equals}`), value, keywordArgs("c-extra")),
            list(ref("c-extra"), sep),
          ),
    },
    ...(printerQuoting
      ? [
          {
            name: "value-not-true",
            lexical: true,
            comment: 'a negation\'s value "true" is left out',
            expr: choice(wordExcept(bare, { words: [...reserved, "true"] }), ref("quoted-value")),
          },
        ]
      : []),
    { name: "operator-form", expr: seq(ref("name"), ref("operator"), value, optional(seq(literal(s.time), ref("time-like")))) },
    { name: "operator", expr: choice(...["==", "!=", "<=", ">=", "<", ">"].map((operator) => literal(s.operators[operator] as string))) },
    {
      name: "constraint-call",
      comment: "positional roles by count (value; value,time; subject,value; subject,value,time), or keyword roles",
      expr: seq(ref("name"), literal(open), ref("constraint-args"), ...closing),
    },
    {
      name: "constraint-args",
      expr: printerQuoting
        ? // As the printer writes them (packages/silp/src/frontends/code/printer.ts): positional when
          // the roles read back by count, else subject=/value=; a time that is not time-like by time=.
          choice(
            seq(value, keywordArgs("c-extra")),
            seq(value, comma, ref("time-like"), keywordArgs("c-extra")),
            seq(value, comma, ref("not-time-like"), keywordArgs("c-extra-no-subject")),
            seq(value, comma, value, comma, ref("time-like"), keywordArgs("c-extra-no-subject")),
            seq(value, literal(timeKey), ref("not-time-like"), keywordArgs("c-extra")),
            seq(value, comma, ref("not-time-like"), literal(timeKey), ref("not-time-like"), keywordArgs("c-extra-no-subject")),
            seq(
              literal(`${key("subject")}${s.equals}`),
              value,
              literal(`${sep}${key("value")}${s.equals}`),
              ref("time-like"),
              optional(seq(literal(timeKey), ref("not-time-like"))),
              keywordArgs("c-extra-no-subject"),
            ),
          )
        : choice(
            seq(value, keywordArgs("c-extra")),
            seq(value, comma, ref("time-like"), keywordArgs("c-extra")),
            seq(value, comma, value, keywordArgs("c-extra-no-subject")),
            seq(value, comma, value, comma, value, keywordArgs("c-extra-no-subject")),
            seq(value, literal(timeKey), value, keywordArgs("c-extra")),
            seq(value, comma, ref("not-time-like"), literal(timeKey), value, keywordArgs("c-extra-no-subject")),
            seq(
              literal(`${key("subject")}${s.equals}`),
              value,
              literal(`${sep}${key("value")}${s.equals}`),
              value,
              optional(seq(literal(timeKey), value)),
              keywordArgs("c-extra-no-subject"),
            ),
            seq(literal(`${key("value")}${s.equals}`), value, optional(seq(literal(timeKey), value)), keywordArgs("c-extra")),
          ),
    },
    { name: "c-extra", expr: seq(ref("c-key"), literal(s.equals), ref("extra-value")) },
    { name: "c-extra-no-subject", expr: seq(ref("c-key-no-subject"), literal(s.equals), ref("extra-value")) },
    { name: "c-key", lexical: true, distinct: true, comment: "an extra field of a constraint", expr: nameExcept(["type", "value", "time"]) },
    {
      name: "c-key-no-subject",
      lexical: true,
      distinct: true,
      comment: "an extra field when the subject is positional",
      expr: nameExcept(["type", "value", "time", "subject"]),
    },
    // Actions: the first call gives the intent; later calls are other verbs, with arguments.
    { name: "actions", expr: choice(...functionNames.map((name) => ref(`primary-${ruleName(name)}`))) },
    ...functionNames.map(
      (name): Rule => ({
        name: `primary-${ruleName(name)}`,
        expr: seq(
          ...callMaybeEmpty(name, entityArgs(name)),
          ...(functionNames.length > 1 ? [star(seq(literal(s.actions), ref(`secondary-not-${ruleName(name)}`)))] : []),
        ),
      }),
    ),
    ...(functionNames.length > 1
      ? functionNames.map(
          (name): Rule => ({
            name: `secondary-not-${ruleName(name)}`,
            expr:
              ordered.length === 0
                ? seq(choice(...functionNames.filter((other) => other !== name).map((other) => literal(`${fn(other)}${open}`))), ref("entity-args"), ...closing)
                : seq(
                    // With argument orders, a call's arguments depend on its verb.
                    choice(...functionNames.filter((other) => other !== name).map((other) => seq(literal(`${fn(other)}${open}`), entityArgs(other)))),
                    ...closing,
                  ),
          }),
        )
      : []),
    { name: "entity-args", expr: list(ref("entity-arg"), sep) },
    ...ordered.flatMap(([name, order]) => orderedArgsRules(name, order)),
    {
      name: "entity-arg",
      expr: seq(optional(seq(ref("entity-id"), literal(s.equals))), value, optional(seq(literal("["), list(ref("e-extra"), ","), literal("]")))),
    },
    // A dialect's printer writes the entity `act` positionally, never as act=.
    { name: "entity-id", lexical: true, distinct: true, comment: "keyword ids of one call differ", expr: nameExcept(printerQuoting ? ["act"] : []) },
    { name: "e-extra", expr: seq(ref("e-key"), literal(s.equals), ref("extra-value")) },
    { name: "e-key", lexical: true, distinct: true, comment: "an extra field of an entity", expr: nameExcept(["id", "value", "action"]) },
    // Alternatives.
    { name: "else-part", expr: seq(literal(s.else), list(ref("alt-call"), s.alternatives)) },
    ...(s.omitEmptyArgs
      ? [
          { name: "alt-call", expr: seq(ref("verb-name"), optional(seq(literal(open), ref("alt-args"), ...closing))) },
          { name: "verb-name", expr: choice(...functionNames.map((name) => literal(fn(name)))) },
        ]
      : [
          { name: "alt-call", expr: seq(ref("verb-call-open"), optional(ref("alt-args")), literal(")")) },
          { name: "verb-call-open", expr: choice(...functionNames.map((name) => literal(`${fn(name)}(`))) },
        ]),
    {
      name: "alt-args",
      expr: choice(
        seq(choice(seq(value, optional(seq(literal(s.location), value))), seq(literal(`${key("loc")}${s.equals}`), value)), keywordArgs("alt-extra")),
        list(ref("alt-extra"), sep),
      ),
    },
    { name: "alt-extra", expr: seq(ref("alt-key"), literal(s.equals), ref("extra-value")) },
    {
      name: "alt-key",
      lexical: true,
      distinct: true,
      comment: "an extra field of an alternative; bare loc means location",
      expr: nameExcept(["action", "target", "location", "loc"]),
    },
    // Values and names.
    { name: "extra-value", expr: choice(value, seq(literal("`"), ref(printerQuoting ? "l-json-not-string" : "l-json"), literal("`"))) },
    ...(printerQuoting
      ? [
          {
            name: "l-json-not-string",
            comment: "a string is written as a value, never as a json literal",
            expr: choice(ref("l-json-object"), ref("l-json-array"), ref("json-number"), literal("true"), literal("false"), literal("null")),
          },
          { name: "quoted-value", lexical: true, comment: "what the printer quotes: empty, not all bare, or a reserved word", expr: quotedValue() },
          {
            name: "string-char-ext-not-bare",
            lexical: true,
            comment: "characters beyond ASCII a quoted string holds raw that are not bare",
            expr: chars(nonAsciiPart(subtract(sets.stringRaw, sets.bare))),
          },
        ]
      : []),
    { name: "value", lexical: true, expr: choice(ref("bare"), ref(printerQuoting ? "quoted-value" : "s-string")) },
    {
      name: "bare",
      lexical: true,
      comment: `letters, marks, digits of any script and _-+.%/*#$&~^|?; not a ${frontend === "code" ? "keyword" : "reserved word"}`,
      expr: wordExcept(bare, { words: reserved }),
    },
    {
      name: "time-like",
      lexical: true,
      expr: choice(
        seq(literal("t"), chars(single("+", "-")), star(unit(bare))),
        seq(literal('"t'), chars(single("+", "-")), ...(printerQuoting ? [anyQuoted, notBare, anyQuoted] : [star(unit(quoted))]), literal('"')),
      ),
    },
    {
      name: "not-time-like",
      lexical: true,
      expr: choice(
        wordExcept(bare, { words: reserved, prefixes: TIME_PREFIXES }),
        printerQuoting ? quotedNotTimeLike() : quotedExcept(quoted, [], TIME_PREFIXES),
      ),
    },
    { name: "name", lexical: true, comment: "constraint types: ASCII identifiers bare, anything else quoted", expr: nameExcept([]) },
    { name: "bare-char-ext", lexical: true, comment: "bare characters beyond ASCII", expr: chars(nonAsciiPart(sets.bare)) },
    { name: "string-char-ext", lexical: true, comment: "characters beyond ASCII a quoted string holds raw", expr: chars(nonAsciiPart(sets.stringRaw)) },
    ...stringRules("s", quoted, sets.escaped),
    ...stringRules("l", inLiteral, mergeRanges([...sets.escaped, [0x60, 0x60]])),
    ...jsonRules("l", "l-string"),
    {
      name: "json-number",
      lexical: true,
      expr: seq(
        optional(literal("-")),
        ref("json-int-digits"),
        optional(seq(literal("."), plus(ref("digit")))),
        optional(seq(chars(single("e", "E")), optional(chars(single("+", "-"))), plus(ref("digit")))),
      ),
    },
    { name: "json-int-digits", lexical: true, expr: choice(literal("0"), seq(chars([[0x31, 0x39]]), star(ref("digit")))) },
    { name: "digit", lexical: true, expr: chars([[0x30, 0x39]]) },
    // The meta trailer (docs/grammar.md, "Meta trailer"): items in code syntax whatever the
    // dialect (the dialect copies them as the code printer writes them), in the printer's order
    // (the IR's version; then extra fields named like array indexes, as JavaScript orders object
    // keys; then id, sid, p, c, seq, out, next; then the other extra fields), each at most once.
    { name: "meta-part", expr: seq(literal(s.meta), ref("m-body"), literal("}")) },
    { name: "m-body", expr: choice(seq(literal("version="), ref("m-value"), optional(seq(literal(" "), ref("m-meta")))), ref("m-meta")) },
    { name: "m-meta", expr: choice(seq(list(ref("m-index-extra"), " "), optional(seq(literal(" "), ref("m-items")))), ref("m-items")) },
    ...orderedItems(
      "m",
      [
        seq(literal("id="), ref("req-id")),
        seq(literal("sid="), ref("m-value")),
        seq(literal("p"), ref("m-priority")),
        seq(literal("c"), ref("m-confidence")),
        seq(literal("seq=["), optional(list(ref("m-seq-entry"), ",")), literal("]")),
        seq(literal("out="), ref("m-value")),
        seq(literal("next="), ref("m-value")),
      ],
      list(ref("m-extra"), " "),
    ),
    { name: "m-extra", expr: seq(ref("m-extra-key"), literal("="), ref("m-extra-value")) },
    { name: "m-index-extra", expr: seq(ref("m-index-key"), literal("="), ref("m-extra-value")) },
    {
      name: "m-index-key",
      lexical: true,
      distinct: true,
      comment: "an extra meta field named like an array index",
      expr: seq(literal('"'), choice(literal("0"), seq(chars([[0x31, 0x39]]), star(ref("digit")))), literal('"')),
    },
    {
      name: "m-priority",
      lexical: true,
      comment: "an integer as JSON.stringify prints it",
      expr: printerQuoting
        ? choice(literal("0"), seq(optional(literal("-")), chars([[0x31, 0x39]]), star(ref("digit"))))
        : seq(optional(literal("-")), ref("json-int-digits")),
    },
    {
      name: "m-confidence",
      lexical: true,
      comment: 'a number in [0, 1] as JSON.stringify prints it, "0." written "."',
      expr: choice(
        literal("0"),
        seq(literal("."), plus(ref("digit"))),
        literal("1"),
        seq(chars([[0x31, 0x39]]), optional(seq(literal("."), plus(ref("digit")))), literal("e-"), chars([[0x31, 0x39]]), star(ref("digit"))),
      ),
    },
    {
      name: "m-value",
      lexical: true,
      comment: "a value as the code frontend writes it",
      expr: choice(ref("m-bare"), ref(printerQuoting ? "m-quoted-value" : "s-string")),
    },
    { name: "m-bare", lexical: true, expr: wordExcept(bare, { words: CODE_WORDS }) },
    {
      name: "m-seq-entry",
      lexical: true,
      comment: "an action code of a verb in force as the IR writes it (!FETCH), or a value",
      expr: printerQuoting ? choice(ref("m-bare"), ref("m-seq-quoted"), ...verbs.map(literal)) : choice(ref("m-value"), ...verbs.map(literal)),
    },
    { name: "m-extra-value", expr: choice(ref("m-value"), seq(literal("`"), ref(printerQuoting ? "l-json-not-string" : "l-json"), literal("`"))) },
    {
      name: "m-extra-key",
      lexical: true,
      distinct: true,
      comment: "an extra meta field: bare unless an item's name or a known field's; quoted otherwise",
      expr: choice(
        wordExcept(ident, { words: [...CODE_WORDS, ...META_RESERVED], prefixes: DIGITS }),
        printerQuoting ? quotedNameOf([...CODE_WORDS, ...META_RESERVED.filter((word) => !KNOWN_META.includes(word))]) : quotedExcept(quoted, KNOWN_META),
      ),
    },
    ...(printerQuoting
      ? [
          {
            name: "m-quoted-value",
            lexical: true,
            comment: "what the code printer quotes: empty, not all bare, or a keyword",
            expr: quotedValueOf(CODE_WORDS),
          },
          {
            name: "m-seq-quoted",
            lexical: true,
            comment: "a quoted seq entry the printer writes: quoted as a value, and not shaped like an action code (those stay bare)",
            expr: seqQuoted(),
          },
        ]
      : []),
    { name: "req-id", lexical: true, expr: seq(...Array.from({ length: 4 }, () => ref("hex")), ...Array.from({ length: 4 }, () => optional(ref("hex")))) },
    { name: "hex", lexical: true, expr: chars([...single(..."0123456789".split("")), [0x61, 0x66]]) },
  ];
  return { frontend, root: "payload", rules, verbs };
}
