/**
 * Human unreadability, the spec's gamma term, through a proxy we can compute without people:
 * the share of a payload's non-space characters that are symbols, i.e. neither letters nor
 * digits (Unicode \p{L}, \p{M}, \p{N}). Why this proxy: a reader takes in words at a glance,
 * while every `!`, `(`, `@`, `=`, `_` or quote is syntax to decode one character at a time;
 * on the study's 27 cases the prose has 7% of them, our code frontend 18%. It needs no
 * model and no tokenizer, is 0..1, and does not reward short payloads for being short (a
 * length-based proxy would fight the compression term). What it misses: the reading cost of
 * abbreviations and of unusual word order; a measured term (people, or a model's PPL) would
 * replace it.
 */

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;
const SPACE = /\s/u;

/** Symbols / non-space characters of one text, counted in code points; 0 for an empty text. */
export function symbolShare(text: string): number {
  let visible = 0;
  let symbols = 0;
  for (const character of text) {
    if (SPACE.test(character)) continue;
    visible++;
    if (!WORD_CHARACTER.test(character)) symbols++;
  }
  return visible === 0 ? 0 : symbols / visible;
}

/** The unreadability of a frontend: the mean symbol share over its payloads (each payload weighs the same). */
export function unreadability(texts: readonly string[]): number {
  if (texts.length === 0) return Number.NaN;
  return texts.reduce((sum, text) => sum + symbolShare(text), 0) / texts.length;
}
