/**
 * A grammar-free look at a payload, for `silpc sanitize` and for callers that want a report
 * without decoding: the raw-text pass, plus every mixed-script word of the cleaned text. Without
 * a decoder the roles are unknown, so nothing is folded here; `decode` does the folding.
 */
import { mixedScriptWords, withReplacement } from "./confusables.js";
import type { ResolvedSanitizeOptions, SanitizeOptions } from "./options.js";
import { HitCollector, type SanitizerReport } from "./report.js";
import { sanitizePayload } from "./sanitize.js";

export interface ScanResult {
  /** The cleaned text (invisible characters handled by policy). */
  text: string;
  report: SanitizerReport;
}

export function scanPayload(text: string, options?: SanitizeOptions | ResolvedSanitizeOptions): ScanResult {
  const payload = sanitizePayload(text, options);
  const collector = HitCollector.from(payload.report, payload.options.maxHits);
  for (const word of mixedScriptWords(payload.text)) {
    // Past the report cap a word is only counted: no fold, no offset lookup, no object.
    if (collector.full) {
      collector.countDropped("mixed_script");
      continue;
    }
    const { replacement } = withReplacement(word);
    collector.add({
      kind: "mixed_script",
      offset: payload.offsets.toOriginal(word.index),
      action: "flagged",
      codePoint: word.codePoint,
      text: word.word,
      ...(replacement === undefined ? {} : { replacement }),
    });
  }
  return { text: payload.text, report: collector.report() };
}
