/**
 * The zero-width / homoglyph probe of spec 8.1: 5 verbs x 4 zero-width characters inserted
 * in the middle, plus Latin-to-Cyrillic swaps in 2 verbs (4 swaps), on 6 tokenizers = 144
 * probes. The row order and fields are those of the study's phase0/probe_zerowidth.csv.
 */
import type { TokenizerSet } from "./registry.js";
import type { TokenizerName } from "./tokenizer.js";

export const ZERO_WIDTH_CHARACTERS: readonly { code: string; char: string; description: string }[] = Object.freeze([
  { code: "ZWSP", char: "\u200b", description: "Zero-Width Space" },
  { code: "ZWNJ", char: "\u200c", description: "Zero-Width Non-Joiner" },
  { code: "ZWJ", char: "\u200d", description: "Zero-Width Joiner" },
  { code: "BOM", char: "\ufeff", description: "Byte Order Mark / ZWNBSP" },
]);

/** Latin letters and the Cyrillic letters that look the same. */
export const HOMOGLYPHS: readonly { latin: string; cyrillic: string; description: string }[] = Object.freeze([
  { latin: "a", cyrillic: "\u0430", description: "Latin-a vs Cyrillic-a" },
  { latin: "e", cyrillic: "\u0435", description: "Latin-e vs Cyrillic-e" },
  { latin: "c", cyrillic: "\u0441", description: "Latin-c vs Cyrillic-es" },
]);

export const ZERO_WIDTH_PROBE_VERBS = Object.freeze(["cancel", "start", "translate", "if", "else"]);
export const HOMOGLYPH_PROBE_VERBS = Object.freeze(["cancel", "start"]);

export interface ProbeCase {
  test: "zerowidth_inject" | "homoglyph_substitution";
  verb: string;
  /** "ZWSP".."BOM", or "a->а" for a swap. */
  charCode: string;
  charDescription: string;
  /** The verb with the character inserted, or with every occurrence of the letter swapped. */
  injected: string;
}

/** The 24 probe strings, in the study's order. */
export function probeCases(): ProbeCase[] {
  const cases: ProbeCase[] = [];
  for (const verb of ZERO_WIDTH_PROBE_VERBS) {
    // Inserted at the middle code unit, as the study did ("can|cel", "st|art", "i|f").
    const middle = Math.floor(verb.length / 2);
    for (const { code, char, description } of ZERO_WIDTH_CHARACTERS) {
      const injected = verb.slice(0, middle) + char + verb.slice(middle);
      cases.push({ test: "zerowidth_inject", verb, charCode: code, charDescription: description, injected });
    }
  }
  for (const { latin, cyrillic, description } of HOMOGLYPHS) {
    for (const verb of HOMOGLYPH_PROBE_VERBS) {
      if (!verb.includes(latin)) continue;
      cases.push({
        test: "homoglyph_substitution",
        verb,
        charCode: `${latin}->${cyrillic}`,
        charDescription: description,
        injected: verb.replaceAll(latin, cyrillic),
      });
    }
  }
  return cases;
}

export interface ProbeResult extends ProbeCase {
  tokenizer: TokenizerName;
  cleanCount: number;
  injectedCount: number;
  delta: number;
  /** The attack survived tokenization: the injected string tokenizes differently. */
  altered: boolean;
}

/** Runs every probe case on every loaded tokenizer (tokenizer order innermost, as the study). */
export function runProbes(tokenizers: TokenizerSet): ProbeResult[] {
  return probeCases().flatMap((probe) =>
    tokenizers.map((tokenizer): ProbeResult => {
      const clean = tokenizer.encode(probe.verb);
      const injected = tokenizer.encode(probe.injected);
      const altered = clean.length !== injected.length || clean.some((id, index) => id !== injected[index]);
      return {
        ...probe,
        tokenizer: tokenizer.name,
        cleanCount: clean.length,
        injectedCount: injected.length,
        delta: injected.length - clean.length,
        altered,
      };
    }),
  );
}
