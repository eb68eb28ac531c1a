/**
 * The real `StructureHooks` (contract in ./hooks.ts): the homoglyph half of the sanitizer, which
 * needs to know where text sits in the grammar. Policy (docs/security.md, "Homoglyphs"):
 *
 * - verb / keyword: must be ASCII. Bare text whose non-ASCII characters all have ASCII
 *   look-alikes is folded (`саncel` -> `cancel`) and reported as `homoglyph`.
 * - name: never rewritten, except that a BARE mixed-script name that folds entirely to ASCII is
 *   folded like a verb. Other mixed-script names are flagged as `mixed_script`.
 * - value: never rewritten; mixed-script words are flagged as `mixed_script`.
 *
 * Pure non-Latin text (Москва, 北京市) produces no hit in any role.
 */
import type { StructureHooks, TextRole } from "./hooks.js";
import { describeCodePoint } from "./invisible.js";
import { findMixedScriptWords, firstConfusable, foldToAscii, isAscii } from "./confusables.js";
import { HitCollector, type SanitizerHit, type SanitizerReport } from "./report.js";
import { unsafeContent, type SanitizedPayload } from "./sanitize.js";

export interface SanitizerSession {
  /** Hooks to pass to a decoder. */
  readonly hooks: StructureHooks;
  /** The raw-pass hits plus everything the hooks found so far, in offset order. */
  report(): SanitizerReport;
}

type StructuralRole = Exclude<TextRole, "value">;

/** Creates hooks for decoding `payload.text`; hits are positioned in `payload.original`. */
export function createSanitizerHooks(payload: SanitizedPayload): SanitizerSession {
  const { options, offsets, original } = payload;
  const collector = HitCollector.from(payload.report, options.maxHits);

  /**
   * Original offset of `index` inside `text`. Exact when `text` is a literal slice of the clean
   * payload at `offset` (or right after an opening quote); for text that was unescaped by the
   * decoder only the token's own offset is known, so that is used.
   */
  function originalOffset(text: string, offset: number, index: number): number {
    const clean = payload.text;
    const start = clean.startsWith(text, offset) ? offset : clean.startsWith(text, offset + 1) ? offset + 1 : undefined;
    return offsets.toOriginal(start === undefined ? offset : start + index);
  }

  function reject(hit: SanitizerHit, what: string): never {
    const looksLike = hit.replacement === undefined ? "" : ` (looks like "${hit.replacement}")`;
    throw unsafeContent(
      `${what} "${hit.text ?? ""}" contains ${describeCodePoint(hit.codePoint)}${looksLike}; rejected by the sanitizer policy "reject"`,
      hit,
      original,
    );
  }

  function verbOrKeyword(text: string, offset: number, role: StructuralRole, quoted: boolean): string {
    const codePoint = firstConfusable(text);
    // Non-ASCII text with no ASCII look-alike is not a homoglyph; the grammar rejects it.
    if (codePoint === undefined) return text;
    const fold = foldToAscii(text);
    const hit: SanitizerHit = { kind: "homoglyph", offset: originalOffset(text, offset, 0), action: "flagged", codePoint, text, role };
    if (fold) hit.replacement = fold.folded;
    if (options.homoglyphs === "reject") reject(hit, role);
    if (options.homoglyphs === "normalize" && !quoted && fold) {
      collector.add({ ...hit, action: "normalized" });
      return fold.folded;
    }
    collector.add(hit);
    return text;
  }

  function flagWords(text: string, offset: number, role: TextRole, rejectThem: boolean): void {
    for (const word of findMixedScriptWords(text)) {
      const hit: SanitizerHit = {
        kind: "mixed_script",
        offset: originalOffset(text, offset, word.index),
        action: "flagged",
        codePoint: word.codePoint,
        text: word.word,
        role,
      };
      if (word.replacement !== undefined) hit.replacement = word.replacement;
      if (rejectThem) reject(hit, role);
      collector.add(hit);
    }
  }

  function name(text: string, offset: number, quoted: boolean): string {
    if (options.homoglyphs === "normalize" && !quoted && findMixedScriptWords(text).length > 0) {
      const fold = foldToAscii(text);
      if (fold) {
        collector.add({
          kind: "homoglyph",
          offset: originalOffset(text, offset, 0),
          action: "normalized",
          codePoint: fold.codePoint,
          text,
          replacement: fold.folded,
          role: "name",
        });
        return fold.folded;
      }
    }
    flagWords(text, offset, "name", options.homoglyphs === "reject");
    return text;
  }

  const hooks: StructureHooks = {
    structural(text, offset, role, quoted) {
      if (isAscii(text)) return text;
      return role === "name" ? name(text, offset, quoted) : verbOrKeyword(text, offset, role, quoted);
    },
    value(text, offset) {
      // Values are never rewritten, and never rejected for their script: only observed.
      if (!isAscii(text)) flagWords(text, offset, "value", false);
    },
  };

  return { hooks, report: () => collector.report() };
}
