/**
 * Ranks 1..n with ties sharing their mean rank: scipy.stats.rankdata(method="average"), the
 * ranking spearmanr uses. Hand-written because none of the light statistics libraries has it
 * (cephes is special functions only; simple-statistics and jStat rank nothing), and the one
 * that did, @stdlib/stats-ranks, brought 187 packages for these lines. Inputs are finite numbers.
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, index) => index).sort((a, b) => (values[a] as number) - (values[b] as number));
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end] as number] === values[order[start] as number]) end++;
    // Positions start..end-1 hold equal values: ranks start+1..end, whose mean is (start + 1 + end) / 2.
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k] as number] = rank;
    start = end;
  }
  return ranks;
}
