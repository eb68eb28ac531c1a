/**
 * Character classes of the code frontend (docs/grammar.md). A value prints bare only when every
 * character is a "bare character"; anything else is quoted. The structural characters are never
 * bare, which is what makes structure injection through values impossible.
 */

/**
 * Bare characters: letters, marks and digits of any script, plus a few ASCII punctuation marks
 * that values in the spec's examples use (`t+1am`, `90%`, `5_Tianfu_Ave`, `4.0`).
 */
export const BARE_CHAR = /[\p{L}\p{M}\p{N}_\-+.%/*#$&~^|?]/u;
const BARE_TOKEN = /^[\p{L}\p{M}\p{N}_\-+.%/*#$&~^|?]+$/u;

/** ASCII identifier: how names (types, keyword ids) print bare. */
const ASCII_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Function names: the lower-cased action verb (spec 3.7); one pattern for every frontend. */
export { FUNCTION_NAME } from "../../ir/verbs.js";

/** Words the grammar gives meaning to; values and names equal to them are quoted. */
export const KEYWORDS: ReadonlySet<string> = new Set(["if", "else", "and", "then", "#meta"]);

/** Times that the positional argument rules recognise (spec examples: t+1, t+1am, t+5). */
export function isTimeLike(text: string): boolean {
  return text.length >= 2 && text.charCodeAt(0) === 0x74 /* t */ && (text[1] === "+" || text[1] === "-");
}

/** Default-ignorable code points (e.g. U+034F, U+3164) can be letters or marks; never bare. */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

export function isBareValue(text: string): boolean {
  if (text.length === 0) return false;
  // Fast path: plain ASCII needs no Unicode class test.
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) {
      ascii = false;
      break;
    }
    if (!isBareCode(code, "")) return false;
  }
  if (ascii) return !KEYWORDS.has(text);
  return BARE_TOKEN.test(text) && !KEYWORDS.has(text) && !DEFAULT_IGNORABLE.test(text);
}

export function isBareName(text: string): boolean {
  return ASCII_NAME.test(text) && !KEYWORDS.has(text);
}

/** The ASCII bare characters as a table by character code: one read where the lexer's hot loop made up to 17 comparisons. */
const BARE_ASCII = new Uint8Array(0x80);
for (let code = 0; code < 0x80; code++) if (BARE_CHAR.test(String.fromCharCode(code))) BARE_ASCII[code] = 1;

/** Fast ASCII check for the lexer's hot loop; falls back to the Unicode class above. */
export function isBareCode(code: number, char: string): boolean {
  return code < 0x80 ? BARE_ASCII[code] === 1 : BARE_CHAR.test(char);
}

export function isWhitespaceCode(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
