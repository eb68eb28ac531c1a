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
import { firstConfusable, foldToAscii, isAscii, mixedScriptWords, withReplacement } from "./confusables.js";
import { HitCollector, type SanitizerHit, type SanitizerReport } from "./report.js";
import type { OffsetMap } from "./offset-map.js";
import type { ResolvedSanitizeOptions } from "./options.js";
import { unsafeContent, type SanitizedPayload } from "./sanitize.js";

export interface SanitizerSession {
  /** Hooks to pass to a decoder. */
  readonly hooks: StructureHooks;
  /** The raw-pass hits plus everything the hooks found so far, in offset order. */
  report(): SanitizerReport;
}

type StructuralRole = Exclude<TextRole, "value">;

/**
 * The sanitized text the hooks are given positions in: a whole payload, or one that arrives in
 * chunks (stream-sanitizer.ts), of which only the recent text is kept.
 */
export interface HookedText {
  readonly options: ResolvedSanitizeOptions;
  /** Maps offsets in the sanitized text to the caller's text. */
  readonly offsets: OffsetMap;
  /** Whether the sanitized text holds `text` at `offset`. */
  startsWith(text: string, offset: number): boolean;
  /** The caller's text (an error's code frame). */
  original(): string;
}

/** Creates hooks for decoding `payload.text`; hits are positioned in `payload.original`. */
export function createSanitizerHooks(payload: SanitizedPayload): SanitizerSession {
  const text: HookedText = {
    options: payload.options,
    offsets: payload.offsets,
    startsWith: (literal, offset) => payload.text.startsWith(literal, offset),
    original: () => payload.original,
  };
  return hooksOver(text, HitCollector.from(payload.report, payload.options.maxHits));
}

/** Hooks over sanitized text, adding what they find to `collector` (which holds the raw pass's hits). */
export function hooksOver(source: HookedText, collector: HitCollector): SanitizerSession {
  const { options, offsets } = source;

  /**
   * Where `text` starts in the clean payload: at `offset`, or right after an opening quote. For
   * text the decoder unescaped, only the token's own offset is known, so that is used. Checked
   * ONCE per hook call (one comparison over the text), never per hit: per-hit checks made
   * decoding a long value with many mixed-script words quadratic.
   */
  function literalStart(text: string, offset: number): { start: number; exact: boolean } {
    if (source.startsWith(text, offset)) return { start: offset, exact: true };
    if (source.startsWith(text, offset + 1)) return { start: offset + 1, exact: true };
    return { start: offset, exact: false };
  }

  /** Original offset of `index` inside a text located by `literalStart`. */
  function originalAt(at: { start: number; exact: boolean }, index: number): number {
    return offsets.toOriginal(at.exact ? at.start + index : at.start);
  }

  function reject(hit: SanitizerHit, what: string): never {
    const looksLike = hit.replacement === undefined ? "" : ` (looks like "${hit.replacement}")`;
    throw unsafeContent(
      `${what} "${hit.text ?? ""}" contains ${describeCodePoint(hit.codePoint)}${looksLike}; rejected by the sanitizer policy "reject"`,
      hit,
      source.original(),
    );
  }

  function verbOrKeyword(text: string, offset: number, role: StructuralRole, quoted: boolean): string {
    const codePoint = firstConfusable(text);
    // Non-ASCII text with no ASCII look-alike is not a homoglyph; the grammar rejects it.
    if (codePoint === undefined) return text;
    const fold = foldToAscii(text);
    const hit: SanitizerHit = { kind: "homoglyph", offset: originalAt(literalStart(text, offset), 0), action: "flagged", codePoint, text, role };
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
    let at: { start: number; exact: boolean } | undefined;
    for (const word of mixedScriptWords(text)) {
      // Past the report cap, flagged words are only counted (rejection still needs the hit).
      if (collector.full && !rejectThem) {
        collector.countDropped("mixed_script");
        continue;
      }
      at ??= literalStart(text, offset);
      const { replacement } = withReplacement(word);
      const hit: SanitizerHit = {
        kind: "mixed_script",
        offset: originalAt(at, word.index),
        action: "flagged",
        codePoint: word.codePoint,
        text: word.word,
        role,
      };
      if (replacement !== undefined) hit.replacement = replacement;
      if (rejectThem) reject(hit, role);
      collector.add(hit);
    }
  }

  function name(text: string, offset: number, quoted: boolean): string {
    if (options.homoglyphs === "normalize" && !quoted && !mixedScriptWords(text).next().done) {
      const fold = foldToAscii(text);
      if (fold) {
        collector.add({
          kind: "homoglyph",
          offset: originalAt(literalStart(text, offset), 0),
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
    preview(text, role) {
      // The folding rules of verbOrKeyword / name, minus reporting and rejection.
      if (isAscii(text) || options.homoglyphs !== "normalize") return text;
      if (role === "name" && mixedScriptWords(text).next().done) return text;
      if (role !== "name" && firstConfusable(text) === undefined) return text;
      return foldToAscii(text)?.folded ?? text;
    },
    value(text, offset) {
      // Values are never rewritten, and never rejected for their script: only observed.
      if (!isAscii(text)) flagWords(text, offset, "value", false);
    },
  };

  return { hooks, report: () => collector.report() };
}

/**
 * Hooks that change nothing and report nothing, and call `found` wherever the hooks of hooksOver
 * would report a hit, in any policy: text in a structural role holding a homoglyph (a verb or
 * keyword) or a mixed-script word (a name), a value holding a mixed-script word. With none, those
 * hooks would have returned every text as it is and added nothing to the report, so a decoder
 * that cannot position hits (the json fast path) reads with these and gives way to one that can
 * when `found` is called.
 */
export function findingHooks(found: () => never): StructureHooks {
  const structural = (text: string, _offset: number, role: StructuralRole): string => {
    if (isAscii(text)) return text;
    if (role === "name" ? !mixedScriptWords(text).next().done : firstConfusable(text) !== undefined) found();
    return text;
  };
  return {
    structural,
    preview: (text, role) => structural(text, 0, role),
    value(text) {
      if (!isAscii(text) && !mixedScriptWords(text).next().done) found();
    },
  };
}
