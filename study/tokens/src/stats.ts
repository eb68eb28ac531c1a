/**
 * Spread of one string's token count across tokenizers. The study's variance table
 * (phase0/tokenizer_variance.csv) uses min, max, mean, sample standard deviation and range,
 * rounded to two decimals; we add the coefficient of variation (stdev / mean).
 */

export interface Spread {
  min: number;
  max: number;
  range: number;
  mean: number;
  /** Sample standard deviation (n - 1), as Python's statistics.stdev; 0 for one value. */
  stdev: number;
  /** stdev / mean; 0 when the mean is 0. */
  cv: number;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function sampleStdev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const center = mean(values);
  const squares = values.reduce((sum, value) => sum + (value - center) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new RangeError("spread of no values");
  const min = Math.min(...values);
  const max = Math.max(...values);
  const center = mean(values);
  const stdev = sampleStdev(values);
  return { min, max, range: max - min, mean: center, stdev, cv: center === 0 ? 0 : stdev / center };
}

/**
 * Rounds to `digits` decimals from the exact binary value, as Python's round() does (both
 * pick the decimal nearest to the double; they differ only on exact binary ties such as
 * 0.125, where Python rounds half to even and JavaScript up; the test against the study's
 * variance table checks that no value hits one).
 */
export function roundTo(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}
