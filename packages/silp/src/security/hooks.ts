/**
 * The contract between the decoders and the sanitizer (src/security). Decoders call these hooks
 * at the exact places where the grammar gives text a role, so the sanitizer can treat structure
 * (verbs, keywords, names) differently from values, and report every hit with its position.
 *
 * The default hooks (below) change nothing; `decode` installs real ones when sanitization is on.
 */

/** Where a piece of text sits in the grammar. */
export type TextRole =
  /** A function name / action verb (must be ASCII lowercase/uppercase letters and `_`). */
  | "verb"
  /** A keyword of the code grammar: if, else, and, then. */
  | "keyword"
  /** A free-form name: entity id, constraint type, keyword-argument or JSON key. */
  | "name"
  /** A value: entity value, constraint value/time, alternative target/location, extra values. */
  | "value";

export interface StructureHooks {
  /**
   * Called for bare (unquoted) text in a structural role before it is interpreted. Returns the
   * text to interpret (possibly with confusables folded to ASCII). `offset` is the position of the
   * text in the payload as the decoder sees it.
   */
  structural(text: string, offset: number, role: Exclude<TextRole, "value">, quoted: boolean): string;
  /**
   * What `structural` would return for bare text in `role`, with no report and no rejection: for
   * a parser's lookahead ("is this token the keyword else?"), so a token is reported once, in the
   * role the grammar finally gives it, not once per look.
   */
  preview(text: string, role: Exclude<TextRole, "value">): string;
  /** Called for every value; may only observe (values are never rewritten). */
  value(text: string, offset: number): void;
}

export const IDENTITY_HOOKS: StructureHooks = Object.freeze({
  structural: (text: string) => text,
  preview: (text: string) => text,
  value: () => undefined,
});
