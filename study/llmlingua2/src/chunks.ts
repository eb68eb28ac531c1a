/**
 * Splitting a long token sequence into chunks one model call can take, as LLMLingua-2's
 * `__chunk_context` does: each chunk ends at the last chunk-end token ("." or "\n" by default)
 * that fits, or is cut at the limit when none does.
 *
 * Deviation, on purpose: the original's window is one token too wide (it can emit 511 content
 * tokens, after which its dataset truncates the sequence and drops the final SEP); here a chunk
 * never exceeds `maxTokens`.
 */

export const DEFAULT_CHUNK_END_TOKENS: readonly string[] = [".", "\n"];

/** Half-open token ranges [start, end) covering the whole sequence, in order. */
export function chunkRanges(tokens: readonly string[], maxTokens: number, endTokens: ReadonlySet<string>): Array<[number, number]> {
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new RangeError(`maxTokens must be a positive integer, got ${maxTokens}`);
  const ranges: Array<[number, number]> = [];
  let start = 0;
  while (start < tokens.length) {
    if (tokens.length - start <= maxTokens) {
      ranges.push([start, tokens.length]);
      break;
    }
    let end = start + maxTokens;
    for (let last = start + maxTokens - 1; last > start; last--) {
      if (endTokens.has(tokens[last] ?? "")) {
        end = last + 1;
        break;
      }
    }
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}
