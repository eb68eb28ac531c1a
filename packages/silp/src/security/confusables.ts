/**
 * Homoglyph knowledge, from Unicode's confusables data (UTS #39, confusables.txt) as shipped by
 * the npm package `unhomoglyph` (docs/security.md says why that one). The table is loaded on
 * first use, so payloads that are pure ASCII never pay for it.
 *
 * UTS #39 skeletons are for comparing strings, not for display: the skeleton of ASCII `m` is
 * `rn` and of `I` is `l`. So this module never applies a skeleton to text. It folds one
 * non-ASCII character at a time to the ASCII character that has the SAME skeleton (its "ASCII
 * prototype"): Cyrillic `с` -> `c`, Cyrillic `І` -> `I`, Greek `ο` -> `o`.
 */
import confusablesData from "unhomoglyph/data.json" with { type: "json" };

type ConfusablesTable = Readonly<Record<string, string>>;

let table: ConfusablesTable | undefined;
/** Skeleton of one printable ASCII character -> the ASCII characters with that skeleton. */
let asciiBySkeleton: Map<string, string[]> | undefined;
const prototypeCache = new Map<number, string | null>();

function confusables(): ConfusablesTable {
  table ??= confusablesData as ConfusablesTable;
  return table;
}

/** UTS #39 skeleton: NFD, map every code point through confusables.txt, NFD again. */
export function skeleton(text: string): string {
  const map = confusables();
  let mapped = "";
  for (const char of text.normalize("NFD")) mapped += map[char] ?? char;
  return mapped.normalize("NFD");
}

function asciiIndex(): Map<string, string[]> {
  if (asciiBySkeleton === undefined) {
    asciiBySkeleton = new Map();
    for (let code = 0x21; code <= 0x7e; code++) {
      const char = String.fromCharCode(code);
      const key = skeleton(char);
      const group = asciiBySkeleton.get(key);
      if (group) group.push(char);
      else asciiBySkeleton.set(key, [char]);
    }
  }
  return asciiBySkeleton;
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const ASCII_LETTERS = /^[A-Za-z]+$/;

/**
 * Picks among ASCII characters sharing a skeleton (e.g. `I`, `l`, `1`, `|` all look like `l`):
 * a letter of the same case as the source character first, then any letter, then the rest.
 */
function pickPrototype(char: string, candidates: readonly string[]): string | undefined {
  const upper = char !== char.toLowerCase();
  const lower = char !== char.toUpperCase();
  const sameCase = candidates.find((c) => ASCII_LETTERS.test(c) && (upper ? c !== c.toLowerCase() : lower ? c !== c.toUpperCase() : true));
  return sameCase ?? candidates.find((c) => ASCII_LETTERS.test(c)) ?? candidates[0];
}

/**
 * The ASCII text that looks like `char` (one non-ASCII code point), or undefined when it
 * resembles no ASCII text. A multi-character prototype (`ﬁ` -> `fi`) is used only when that
 * ASCII text is its own skeleton.
 */
export function asciiPrototype(char: string): string | undefined {
  const cp = char.codePointAt(0) as number;
  const cached = prototypeCache.get(cp);
  if (cached !== undefined) return cached ?? undefined;
  const key = skeleton(char);
  const candidates = asciiIndex().get(key);
  let result: string | undefined;
  if (candidates) result = pickPrototype(char, candidates);
  else if (PRINTABLE_ASCII.test(key) && skeleton(key) === key) result = key;
  prototypeCache.set(cp, result ?? null);
  return result;
}

export interface AsciiFold {
  /** The text with every non-ASCII character replaced by its ASCII prototype. */
  folded: string;
  /** First non-ASCII code point in the text. */
  codePoint: number;
}

/**
 * Folds all non-ASCII characters of `text` to ASCII prototypes. All or nothing: undefined when
 * some non-ASCII character has no prototype (then the text is left for the grammar to reject).
 */
export function foldToAscii(text: string): AsciiFold | undefined {
  let folded = "";
  let codePoint: number | undefined;
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) {
      folded += char;
      continue;
    }
    const prototype = asciiPrototype(char);
    if (prototype === undefined) return undefined;
    codePoint ??= char.codePointAt(0);
    folded += prototype;
  }
  return codePoint === undefined ? undefined : { folded, codePoint };
}

/** First non-ASCII character of `text` that looks like ASCII text (a confusable). */
export function firstConfusable(text: string): number | undefined {
  for (const char of text) {
    if (char.charCodeAt(0) >= 0x80 && asciiPrototype(char) !== undefined) return char.codePointAt(0);
  }
  return undefined;
}

export function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}

/**
 * A linear, regex-free prefilter for findMixedScriptWords. It splits on ASCII characters that are
 * not letters, digits or `_` (a word never crosses one) and answers true when some run holds both
 * a character that may be Latin (an ASCII letter, or a non-ASCII code point in a block with Latin
 * letters or an astral one) and another non-ASCII character. Pure Cyrillic, CJK or Arabic words
 * next to ASCII words ("Tokyo 東京", "item 5 and Москва") are ruled out without any regex.
 */
export function mayHoldMixedWord(text: string): boolean {
  let maybeLatin = false;
  let other = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      const wordChar = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
      if (!wordChar) {
        maybeLatin = false;
        other = false;
      } else if (code >= 0x41) {
        maybeLatin = true;
      }
    } else if (mayBeLatin(code)) {
      maybeLatin = true;
      other = true; // a non-ASCII Latin letter may itself sit next to a look-alike
    } else {
      other = true;
    }
    if (maybeLatin && other) return true;
  }
  return false;
}

/** Blocks that hold Latin-script (or Latin look-alike) letters; surrogates count as maybe. */
function mayBeLatin(code: number): boolean {
  return (
    code <= 0x02ff ||
    (code >= 0x1d00 && code <= 0x1eff) ||
    (code >= 0x2000 && code <= 0x218f) ||
    (code >= 0x2c60 && code <= 0x2c7f) ||
    (code >= 0xa720 && code <= 0xa7ff) ||
    (code >= 0xab30 && code <= 0xab6f) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    (code >= 0xfb00 && code <= 0xfb4f) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const LETTER = /^\p{L}$/u;
const LATIN = /^\p{Script=Latin}$/u;
const HAS_LATIN = /\p{Script=Latin}/u;

export interface MixedScriptWord {
  /** UTF-16 index of the word in the scanned text. */
  index: number;
  word: string;
  /** The first look-alike letter of another script. */
  codePoint: number;
  /** The word folded to ASCII, when every non-ASCII character has a prototype. */
  replacement?: string;
}

/**
 * Words that mix Latin letters with letters of another script that look like Latin ones
 * (`pаypal` with Cyrillic а). Words are runs of letters, marks, digits and `_`, so `Tokyo 東京`,
 * digits and punctuation never count; letters with no Latin look-alike (東, Δ) never count.
 */
export function findMixedScriptWords(text: string): MixedScriptWord[] {
  const found: MixedScriptWord[] = [];
  for (const word of mixedScriptWords(text)) found.push(withReplacement(word));
  return found;
}

/**
 * The same words, found lazily and without their ASCII fold, so that a caller that has stopped
 * collecting hits (the report cap) can count the rest without paying for folds or a result array.
 * Linear in the text: one regex scan, constant work per character.
 */
export function* mixedScriptWords(text: string): Generator<MixedScriptWord> {
  if (!mayHoldMixedWord(text)) return;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (isAscii(word) || !HAS_LATIN.test(word)) continue;
    let lookalike: number | undefined;
    for (const char of word) {
      if (LETTER.test(char) && !LATIN.test(char) && ASCII_LETTERS.test(asciiPrototype(char) ?? "")) {
        lookalike = char.codePointAt(0);
        break;
      }
    }
    if (lookalike !== undefined) yield { index: match.index, word, codePoint: lookalike };
  }
}

/** Adds the all-ASCII look-alike of a mixed-script word, when every character has one. */
export function withReplacement(word: MixedScriptWord): MixedScriptWord {
  const fold = foldToAscii(word.word);
  return fold ? { ...word, replacement: fold.folded } : word;
}
