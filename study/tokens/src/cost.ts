/**
 * What a payload costs on each tokenizer: every frontend's compiled payload of one IR, plus two
 * outside baselines (the IR itself as compact JSON, and the IR in TOON), each counted bare on
 * every loaded tokenizer, with the spread across tokenizers.
 */

import { compile, SilpError } from "silp";
import type { TokenizerSet } from "./registry.js";
import { spread, type Spread } from "./stats.js";
import type { TokenizerName } from "./tokenizer.js";

/** The frontends that compile without a model (llmlingua2 needs one and is not counted). */
export const COSTED_FRONTENDS = ["code", "json", "natural", "nl_json"] as const;

/** Label of each measured text: a frontend, or a baseline. */
export type PayloadLabel = (typeof COSTED_FRONTENDS)[number] | "ir_json" | "toon";

export interface LabelledText {
  label: PayloadLabel;
  kind: "frontend" | "baseline";
  text: string;
}

export interface TokenCount {
  tokenizer: TokenizerName;
  count: number;
}

export interface PayloadCost extends LabelledText {
  /** UTF-16 length, for comparison with the character counts the study reported. */
  chars: number;
  counts: TokenCount[];
  spread: Spread;
}

/**
 * The texts of one IR. Frontends compile with whitelist "off" so that any IR can be costed, on
 * the compact surface (no meta), the payloads the study costed;
 * the ir_json baseline is the IR exactly as given, serialized without whitespace.
 */
export async function payloadTexts(ir: unknown): Promise<LabelledText[]> {
  const { encode: toToon } = await import("@toon-format/toon");
  const frontends = COSTED_FRONTENDS.map(
    (frontend): LabelledText => ({
      label: frontend,
      kind: "frontend",
      text: compile(ir as Parameters<typeof compile>[0], frontend, { whitelist: "off", inlineMeta: false }),
    }),
  );
  return [...frontends, { label: "ir_json", kind: "baseline", text: JSON.stringify(ir) }, { label: "toon", kind: "baseline", text: toToon(ir) }];
}

/**
 * Longest text counted by default, in UTF-16 code units (about 25,000 tokens). The slowest of
 * the six tokenizers needs up to ~60 µs per character on adversarial text (one 100,000-letter
 * word), so this bounds one count to a few seconds; raise it with `maxLength` if you mean to.
 */
export const DEFAULT_MAX_COUNT_LENGTH = 100_000;

export interface MeasureOptions {
  maxLength?: number;
}

export function measureTexts(texts: readonly LabelledText[], tokenizers: TokenizerSet, options: MeasureOptions = {}): PayloadCost[] {
  if (tokenizers.length === 0) throw new RangeError("no tokenizer to count with");
  const maxLength = options.maxLength ?? DEFAULT_MAX_COUNT_LENGTH;
  for (const entry of texts) {
    if (entry.text.length > maxLength) {
      throw new SilpError("limit_exceeded", `the ${entry.label} payload is ${entry.text.length} characters; counting is limited to ${maxLength}`, {
        details: { label: entry.label, length: entry.text.length, maxLength },
      });
    }
  }
  return texts.map((entry) => {
    const counts = tokenizers.map((tokenizer) => ({ tokenizer: tokenizer.name, count: tokenizer.encode(entry.text).length }));
    return { ...entry, chars: entry.text.length, counts, spread: spread(counts.map((count) => count.count)) };
  });
}

export async function payloadCost(ir: unknown, tokenizers: TokenizerSet, options: MeasureOptions = {}): Promise<PayloadCost[]> {
  return measureTexts(await payloadTexts(ir), tokenizers, options);
}

/** One label averaged over several IRs: mean count per tokenizer, then the spread of those means. */
export interface AverageCost {
  label: PayloadLabel;
  kind: "frontend" | "baseline";
  files: number;
  meanChars: number;
  counts: TokenCount[];
  spread: Spread;
}

export function averageCosts(reports: readonly (readonly PayloadCost[])[]): AverageCost[] {
  const first = reports[0];
  if (first === undefined) return [];
  return first.map((row, index) => {
    const rows = reports.map((report) => report[index]).filter((entry): entry is PayloadCost => entry !== undefined);
    const counts = row.counts.map(({ tokenizer }, position) => ({
      tokenizer,
      count: rows.reduce((sum, entry) => sum + (entry.counts[position]?.count ?? 0), 0) / rows.length,
    }));
    return {
      label: row.label,
      kind: row.kind,
      files: rows.length,
      meanChars: rows.reduce((sum, entry) => sum + entry.chars, 0) / rows.length,
      counts,
      spread: spread(counts.map((count) => count.count)),
    };
  });
}
