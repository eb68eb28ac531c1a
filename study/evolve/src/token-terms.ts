/**
 * The two fitness terms that come from tokenizers, and the per-tokenizer totals the held-out
 * report shows.
 *
 * - compression, against a reference frontend (the natural prose by default, the cheapest
 *   lossy payload the study had): for each tokenizer, 1 - (the candidate's tokens over all
 *   payloads) / (the reference's tokens over the same IRs), then the mean over tokenizers. 0 is
 *   "as many tokens as prose", positive is cheaper, negative dearer (not clamped: a search must
 *   see how far away it is). Per tokenizer first, so one tokenizer's large counts do not hide
 *   another's loss.
 * - tokenizer variance: the mean over payloads of the coefficient of variation (sample stdev /
 *   mean) of the payload's counts across tokenizers, as bench's Layer-4 measure does.
 */
import { spread } from "@silp/tokens";

/** counts[payload][tokenizer] */
export type CountTable = readonly (readonly number[])[];

export interface TokenTerms {
  /** Tokens over all payloads, per tokenizer (the tokenizer order of the counter). */
  readonly totals: readonly number[];
  /** Mean tokens per payload, per tokenizer. */
  readonly means: readonly number[];
  /** Mean tokens per payload over all tokenizers. */
  readonly meanTokens: number;
  readonly compression: number;
  /** Per tokenizer: 1 - candidate / reference. */
  readonly compressionPerTokenizer: readonly number[];
  readonly tokenizerVariance: number;
}

export function totalsPerTokenizer(table: CountTable): number[] {
  const width = table[0]?.length ?? 0;
  const totals = new Array<number>(width).fill(0);
  for (const row of table) {
    if (row.length !== width) throw new RangeError("every payload needs a count per tokenizer");
    row.forEach((count, k) => {
      totals[k] = (totals[k] as number) + count;
    });
  }
  return totals;
}

export function tokenTerms(candidate: CountTable, reference: CountTable): TokenTerms {
  if (candidate.length === 0 || candidate.length !== reference.length)
    throw new RangeError("candidate and reference need counts for the same, non-empty list of payloads");
  const totals = totalsPerTokenizer(candidate);
  const referenceTotals = totalsPerTokenizer(reference);
  if (totals.length !== referenceTotals.length || totals.length === 0) throw new RangeError("candidate and reference need the same tokenizers");
  const compressionPerTokenizer = totals.map((total, k) => 1 - total / (referenceTotals[k] as number));
  const means = totals.map((total) => total / candidate.length);
  return {
    totals,
    means,
    meanTokens: means.reduce((sum, value) => sum + value, 0) / means.length,
    compression: compressionPerTokenizer.reduce((sum, value) => sum + value, 0) / compressionPerTokenizer.length,
    compressionPerTokenizer,
    tokenizerVariance: candidate.reduce((sum, row) => sum + spread(row).cv, 0) / candidate.length,
  };
}
