/**
 * Regular languages a context-free grammar has no operator for: "a word of these characters,
 * except these words" (a bare value that is not a keyword) and "except words starting with these
 * prefixes" (a value that is not time-like). Built from a trie of the excluded strings, so the
 * result is exact and its size grows with the excluded strings, not with the alphabet.
 *
 * The excluded strings are ASCII, so an alphabet is given as its ASCII ranges (which the trie
 * splits) plus expressions for units that can never start an excluded string: the non-ASCII
 * part (a rule reference, so the large class is printed once) and escape sequences.
 */
import { subtract } from "./char-class.js";
import { type CodePointRange, chars, choice, type Expr, literal, plus, seq, star } from "./grammar.js";

export interface Alphabet {
  /** The ASCII characters of the alphabet. */
  readonly ascii: readonly CodePointRange[];
  /** Units that are never a character of an excluded string (non-ASCII class, escapes). */
  readonly opaque: readonly Expr[];
}

export interface Exclusions {
  /** Whole words that are not allowed. */
  readonly words?: readonly string[];
  /** Prefixes: no allowed word starts with one of these. */
  readonly prefixes?: readonly string[];
}

/** Non-empty words over the alphabet that are neither in `words` nor start with one of `prefixes`. */
export function wordExcept(alphabet: Alphabet, exclusions: Exclusions): Expr {
  checkAscii(exclusions);
  return nonEmptyExcept(alphabet, exclusions.words ?? [], exclusions.prefixes ?? []);
}

/** Possibly empty words over the alphabet, minus the exclusions. */
export function anyWordExcept(alphabet: Alphabet, exclusions: Exclusions): Expr {
  checkAscii(exclusions);
  const expr = anyExcept(alphabet, exclusions.words ?? [], exclusions.prefixes ?? []);
  if (expr === undefined) throw new Error("the exclusions leave only the empty word");
  return expr;
}

/** Any unit of the alphabet. */
export function unit(alphabet: Alphabet): Expr {
  return choice(...(alphabet.ascii.length > 0 ? [chars(alphabet.ascii)] : []), ...alphabet.opaque);
}

function checkAscii(exclusions: Exclusions): void {
  for (const text of [...(exclusions.words ?? []), ...(exclusions.prefixes ?? [])]) {
    if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`excluded strings must be printable ASCII: ${JSON.stringify(text)}`);
  }
}

function firstChars(strings: readonly string[]): string[] {
  const firsts = new Set<string>();
  for (const text of strings) if (text.length > 0) firsts.add(text[0] as string);
  return [...firsts].sort();
}

function tail(strings: readonly string[], first: string): string[] {
  return strings.filter((text) => text.startsWith(first)).map((text) => text.slice(first.length));
}

function nonEmptyExcept(alphabet: Alphabet, words: readonly string[], prefixes: readonly string[]): Expr {
  if (prefixes.includes("")) throw new Error("an empty prefix excludes everything");
  const firsts = firstChars([...words, ...prefixes]).filter((char) =>
    alphabet.ascii.some(([low, high]) => low <= char.charCodeAt(0) && char.charCodeAt(0) <= high),
  );
  const others = subtract(
    alphabet.ascii,
    firsts.map((char) => [char.charCodeAt(0), char.charCodeAt(0)] as const),
  );
  const firstUnits: Expr[] = [...(others.length > 0 ? [chars(others)] : []), ...alphabet.opaque];
  const options: Expr[] = [];
  if (firstUnits.length > 0) options.push(seq(choice(...firstUnits), star(unit(alphabet))));
  for (const first of firsts) {
    const restPrefixes = tail(prefixes, first);
    if (restPrefixes.includes("")) continue; // every continuation starts with an excluded prefix
    const rest = anyExcept(alphabet, tail(words, first), restPrefixes);
    options.push(rest === undefined ? literal(first) : seq(literal(first), rest));
  }
  return choice(...options);
}

/** Possibly empty strings minus the exclusions; undefined when only the empty string is left. */
function anyExcept(alphabet: Alphabet, words: readonly string[], prefixes: readonly string[]): Expr | undefined {
  const emptyAllowed = !words.includes("");
  const remainingWords = words.filter((word) => word.length > 0);
  const nonEmpty = remainingWords.length === 0 && prefixes.length === 0 ? plus(unit(alphabet)) : nonEmptyExcept(alphabet, remainingWords, prefixes);
  if (!emptyAllowed) return nonEmpty;
  return { kind: "repeat", item: nonEmpty, min: 0, max: 1 };
}
