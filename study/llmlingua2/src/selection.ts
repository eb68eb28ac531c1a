/**
 * Which words survive: LLMLingua-2's rate rule (microsoft/LLMLingua, `PromptCompressor.__compress`).
 *
 * The rate is the share of the text to keep, measured in GPT-3.5 (cl100k_base) tokens: every
 * word's probability is repeated once per cl100k token of the word, the drop threshold is the
 * `int(100 * (1 - rate) + 1)`-th percentile of that list (NumPy's default, linear
 * interpolation), and a word is kept when its probability is strictly above the threshold, or
 * equals it when the threshold is exactly 1 (so forced words survive). Kept words stay in their
 * original order.
 *
 * Edge cases, decided here because the original leaves them open (docs/llmlingua2.md):
 *   - rate 1 keeps every word (the original returns the text unchanged);
 *   - rate 0 asks for the 101st percentile, which NumPy rejects; the percentile is capped at
 *     100, so only words with probability exactly 1 (forced words) survive;
 *   - ties at the threshold are dropped (strict ">"), so a text whose words all share one
 *     probability keeps none of them;
 *   - a word with no cl100k token (cannot happen for non-empty text) still counts once.
 */

/** NumPy `np.percentile(values, q)` with the default "linear" method, including its lerp. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new RangeError("percentile of an empty list");
  if (!(q >= 0 && q <= 100)) throw new RangeError(`percentile must be within [0, 100], got ${q}`);
  const sorted = Float64Array.from(values).sort();
  const position = (q / 100) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const low = sorted[below] ?? 0;
  const high = sorted[above] ?? low;
  const t = position - below;
  const difference = high - low;
  // NumPy's _lerp computes from the nearer end, which keeps the result inside [low, high].
  return t >= 0.5 ? high - difference * (1 - t) : low + difference * t;
}

/** The percentile the original uses as drop threshold for a rate, capped at 100. */
export function thresholdPercentile(rate: number): number {
  const reduceRate = Math.max(0, 1 - rate);
  return Math.min(100, Math.trunc(100 * reduceRate + 1));
}

export function assertRate(rate: number): void {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError(`llmlingua2 rate must be a number within [0, 1], got ${String(rate)}`);
  }
}

/**
 * Decides, for each word, whether it is kept. `weights[i]` is the number of cl100k tokens of
 * word i (the original's weighting); pass all ones to weigh words equally.
 */
export function selectWords(probabilities: readonly number[], weights: readonly number[], rate: number): boolean[] {
  assertRate(rate);
  if (probabilities.length !== weights.length) {
    throw new RangeError(`${probabilities.length} probabilities but ${weights.length} weights`);
  }
  if (rate >= 1) return probabilities.map(() => true);
  if (probabilities.length === 0) return [];
  const expanded: number[] = [];
  probabilities.forEach((p, i) => {
    const copies = Math.max(1, weights[i] ?? 1);
    for (let k = 0; k < copies; k++) expanded.push(p);
  });
  const threshold = percentile(expanded, thresholdPercentile(rate));
  return probabilities.map((p) => p > threshold || (threshold === 1 && p === threshold));
}
