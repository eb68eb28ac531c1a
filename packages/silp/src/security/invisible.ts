/**
 * The invisible-character classes of the sanitizer (docs/security.md, "Character classes").
 *
 * Candidates are every character in Unicode category Cf or with the Default_Ignorable_Code_Point
 * property, found with one native regex scan. Each candidate is then classified with a look at
 * its neighbours, because a few of these characters are a legitimate part of real text: the ZWJ
 * inside an emoji sequence, ZWJ/ZWNJ inside Persian or Indic words, a variation selector after
 * its base character, the tag characters of a subdivision flag.
 *
 * Only format (Cf) characters are ever stripped or rejected. The other default-ignorables are
 * letters, marks or unassigned code points that the code grammar accepts inside bare values and
 * the compiler prints raw, so removing them would break lossless round trips: they are flagged.
 */
import type { JoinerMode } from "./options.js";

export type InvisibleKind = "zero_width" | "invisible" | "bidi";

export interface InvisibleFinding {
  kind: InvisibleKind;
  /** UTF-16 offset of the character in the scanned text. */
  offset: number;
  /** UTF-16 length (2 for astral characters such as tag characters). */
  length: number;
  codePoint: number;
  /**
   * A default-ignorable character that is not a format (Cf) character: a letter or mark that
   * renders blank (Hangul fillers, U+034F), a stray variation selector, or an unassigned
   * default-ignorable code point. Always flagged, never stripped or rejected (docs/security.md).
   */
  flagOnly?: true;
}

const CANDIDATE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** The same class without the global flag: a test that keeps no state between calls, so one serves every scan. */
const ANY_CANDIDATE = new RegExp(CANDIDATE.source, "u");
const BIDI_CONTROL = /^\p{Bidi_Control}$/u;
const FORMAT = /^\p{Cf}$/u;

const ZWSP = 0x200b;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;

/** The four zero-width characters spec 8.1 names. */
export const SPEC_ZERO_WIDTH: ReadonlySet<number> = new Set([ZWSP, ZWNJ, ZWJ, BOM]);

/**
 * Format characters that have a visible glyph (Arabic, Syriac and Kaithi "prepended
 * concatenation marks", e.g. the Arabic number sign U+0600): legitimate text, never a hit.
 */
function isVisibleFormat(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x0605) || cp === 0x06dd || cp === 0x070f || cp === 0x0890 || cp === 0x0891 || cp === 0x08e2 || cp === 0x110bd || cp === 0x110cd
  );
}

function isVariationSelector(cp: number): boolean {
  return (
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    // Mongolian free variation selectors (U+180E, the vowel separator, is not one).
    (cp >= 0x180b && cp <= 0x180d) ||
    cp === 0x180f
  );
}

const BASE_CHARACTER = /^[\p{L}\p{M}\p{N}\p{S}\p{P}]$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const JOINING_LETTER = /^[\p{L}\p{M}]$/u;
const LATIN = /^\p{Script=Latin}$/u;
/** Tag spec of an emoji subdivision flag (UTS #51): 2-7 tag digits/lowercase letters, then CANCEL TAG. */
const FLAG_TAG_SEQUENCE = /[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,7}\u{E007F}/uy;
const BLACK_FLAG = 0x1f3f4;

export function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

function test(pattern: RegExp, cp: number | undefined): boolean {
  return cp !== undefined && pattern.test(String.fromCodePoint(cp));
}

/** ZWJ inside an emoji ZWJ sequence (UTS #51), e.g. 👩🏽‍💻 or 🏳️‍🌈. */
function isEmojiJoiner(before: number | undefined, after: number | undefined): boolean {
  const joinsEmoji = before === 0xfe0f || before === 0xe007f || test(PICTOGRAPHIC, before) || test(EMOJI_MODIFIER, before);
  return joinsEmoji && test(PICTOGRAPHIC, after);
}

/**
 * ZWJ/ZWNJ between two non-Latin letters or marks: how Persian, Arabic and Indic text use them
 * (e.g. Persian می‌خواهم). Between Latin letters they have no orthographic use.
 */
export function isJoinerInWord(before: number | undefined, after: number | undefined): boolean {
  const scriptLetter = (cp: number | undefined): boolean => cp !== undefined && cp > 0x7f && test(JOINING_LETTER, cp) && !test(LATIN, cp);
  return scriptLetter(before) && scriptLetter(after);
}

/**
 * A variation selector directly after the character it modifies: a non-ASCII base (emoji, CJK
 * ideograph, Mongolian letter), or an ASCII keycap base [0-9#*] before U+FE0E/U+FE0F.
 */
function hasVariationBase(cp: number, before: number | undefined): boolean {
  if (before === undefined || isVariationSelector(before)) return false;
  if (before < 0x80) {
    const keycap = (before >= 0x30 && before <= 0x39) || before === 0x23 || before === 0x2a;
    return keycap && (cp === 0xfe0e || cp === 0xfe0f);
  }
  return test(BASE_CHARACTER, before);
}

/**
 * Yields every invisible character of `text` that the sanitizer must handle, in order. Runs in
 * time linear in the text: one native regex scan plus constant work per candidate.
 */
export function* findInvisible(text: string, joiners: JoinerMode): Generator<InvisibleFinding> {
  // Most text holds no candidate: one native test answers, without a global regex of the scan's
  // own (a stream sanitizes a piece of text per chunk that has non-ASCII characters, and making
  // that regex cost more than the test).
  if (!ANY_CANDIDATE.test(text)) return;
  const scan = new RegExp(CANDIDATE.source, CANDIDATE.flags);
  for (let match = scan.exec(text); match !== null; match = scan.exec(text)) {
    const offset = match.index;
    const cp = text.codePointAt(offset) as number;
    const length = cp > 0xffff ? 2 : 1;
    const before = codePointBefore(text, offset);
    if (SPEC_ZERO_WIDTH.has(cp)) {
      if (joiners === "contextual" && (cp === ZWJ || cp === ZWNJ)) {
        const after = text.codePointAt(offset + 1);
        if ((cp === ZWJ && isEmojiJoiner(before, after)) || isJoinerInWord(before, after)) continue;
      }
      yield { kind: "zero_width", offset, length, codePoint: cp };
    } else if (BIDI_CONTROL.test(match[0])) {
      yield { kind: "bidi", offset, length, codePoint: cp };
    } else if (isVisibleFormat(cp)) {
    } else if (isVariationSelector(cp)) {
      if (!hasVariationBase(cp, before)) yield { kind: "invisible", offset, length, codePoint: cp, flagOnly: true };
    } else if (before === BLACK_FLAG && cp >= 0xe0020 && cp <= 0xe007f) {
      FLAG_TAG_SEQUENCE.lastIndex = offset;
      if (FLAG_TAG_SEQUENCE.test(text)) {
        scan.lastIndex = FLAG_TAG_SEQUENCE.lastIndex; // the whole flag is legitimate
        continue;
      }
      yield { kind: "invisible", offset, length, codePoint: cp };
    } else if (FORMAT.test(match[0])) {
      yield { kind: "invisible", offset, length, codePoint: cp };
    } else {
      yield { kind: "invisible", offset, length, codePoint: cp, flagOnly: true };
    }
  }
}

const NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, "SOFT HYPHEN"],
  [0x034f, "COMBINING GRAPHEME JOINER"],
  [0x061c, "ARABIC LETTER MARK"],
  [0x180e, "MONGOLIAN VOWEL SEPARATOR"],
  [ZWSP, "ZERO WIDTH SPACE"],
  [ZWNJ, "ZERO WIDTH NON-JOINER"],
  [ZWJ, "ZERO WIDTH JOINER"],
  [0x200e, "LEFT-TO-RIGHT MARK"],
  [0x200f, "RIGHT-TO-LEFT MARK"],
  [0x202a, "LEFT-TO-RIGHT EMBEDDING"],
  [0x202b, "RIGHT-TO-LEFT EMBEDDING"],
  [0x202c, "POP DIRECTIONAL FORMATTING"],
  [0x202d, "LEFT-TO-RIGHT OVERRIDE"],
  [0x202e, "RIGHT-TO-LEFT OVERRIDE"],
  [0x2060, "WORD JOINER"],
  [0x2061, "FUNCTION APPLICATION"],
  [0x2062, "INVISIBLE TIMES"],
  [0x2063, "INVISIBLE SEPARATOR"],
  [0x2064, "INVISIBLE PLUS"],
  [0x2066, "LEFT-TO-RIGHT ISOLATE"],
  [0x2067, "RIGHT-TO-LEFT ISOLATE"],
  [0x2068, "FIRST STRONG ISOLATE"],
  [0x2069, "POP DIRECTIONAL ISOLATE"],
  [0x3164, "HANGUL FILLER"],
  [BOM, "ZERO WIDTH NO-BREAK SPACE (BOM)"],
]);

/** "U+202E RIGHT-TO-LEFT OVERRIDE", or a generic label for characters without a listed name. */
export function describeCodePoint(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = NAMES.get(cp);
  if (name !== undefined) return `${hex} ${name}`;
  if (cp >= 0xe0000 && cp <= 0xe007f) return `${hex} TAG CHARACTER`;
  if (isVariationSelector(cp)) return `${hex} VARIATION SELECTOR`;
  return hex;
}
