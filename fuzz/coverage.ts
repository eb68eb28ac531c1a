/**
 * V8's own block coverage as the fuzzer's feedback (node:inspector, Profiler domain).
 *
 * `Profiler.startPreciseCoverage({ callCount: true, detailed: true })` makes V8 count executions of
 * every block; `takePreciseCoverage` returns the counts since the previous call and resets them, so
 * one call after each input gives exactly that input's coverage. A feature is (script, function,
 * block range, count bucket): an input that reaches a block never reached before, or reaches a
 * known block a different order of magnitude of times (a loop taken 1, 2, 3, 4-7, ... times), is
 * new behaviour. The buckets follow AFL's hit-count classes. Only scripts whose URL contains one
 * of `sources` count (the code under test, not fast-check, tsx or the fuzzer itself).
 *
 * A Session on the main thread answers synchronously (the callback runs inside `post`), which is
 * what lets the fuzz loop stay synchronous.
 *
 * Block counters only exist in functions compiled while precise coverage is on: a function that
 * ran before `startPreciseCoverage` reports one range (the whole function) for ever after. So the
 * process starts coverage once, when this module is loaded (before any target has run, as the
 * engine imports it first), and keeps it on; each BlockCoverage only resets and reads the counts.
 */
import { Session } from "node:inspector";

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: CoverageRange[] }[];
}

/** AFL's hit-count classes: 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+. */
export function countBucket(count: number): number {
  if (count <= 3) return count;
  if (count < 8) return 4;
  if (count < 16) return 5;
  if (count < 32) return 6;
  if (count < 128) return 7;
  return 8;
}

/** The count of the innermost listed range that holds `block` (ranges nest; the first is the function's). */
function countAt(ranges: readonly CoverageRange[], block: CoverageRange): number {
  let count = 0;
  let width = Number.POSITIVE_INFINITY;
  for (const range of ranges) {
    const holds = range.startOffset <= block.startOffset && block.endOffset <= range.endOffset;
    if (holds && range.endOffset - range.startOffset < width) {
      width = range.endOffset - range.startOffset;
      count = range.count;
    }
  }
  return count;
}

const session = new Session();
session.connect();

function post(method: string, params: object = {}): unknown {
  let answer: unknown;
  let failure: Error | null = null;
  session.post(method, params, (error, result) => {
    failure = error;
    answer = result;
  });
  if (failure) throw failure;
  return answer;
}

post("Profiler.enable");
post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

export class BlockCoverage {
  private readonly scriptIds = new Map<string, number>();
  /** Every (block, bucket) seen so far. */
  private readonly features = new Set<string>();
  /** Per function (script id and start offset): every block range V8 has listed for it. */
  private readonly knownBlocks = new Map<string, Map<string, CoverageRange>>();
  /** Every block reached at least once. */
  private readonly blocks = new Set<string>();

  constructor(private readonly sources: readonly string[]) {
    this.discard();
  }

  get blockCount(): number {
    return this.blocks.size;
  }

  get featureCount(): number {
    return this.features.size;
  }

  /** Forgets the counts gathered since the last call (work that was not an input's). */
  discard(): void {
    post("Profiler.takePreciseCoverage");
  }

  /**
   * Takes the counts since the last call; returns how many features they add to those seen before.
   *
   * V8 reports a function as its own range plus the nested ranges whose count differs from the
   * range around them: a block run as often as its parent is not listed at all, and a block not
   * run is listed with count 0. So a block's count is that of the innermost listed range holding
   * it, and the blocks we know are every range V8 ever listed (a block first shows up as a 0).
   */
  collect(): number {
    return this.#take(true);
  }

  /**
   * Takes the counts since the last call and says whether they hold a feature not seen before,
   * without recording any: the engine runs a batch of inputs, peeks once, and only when the batch
   * found something runs its inputs again one by one with `collect` to keep the ones that did.
   */
  peek(): boolean {
    return this.#take(false) > 0;
  }

  #take(record: boolean): number {
    const { result } = post("Profiler.takePreciseCoverage") as { result: ScriptCoverage[] };
    let added = 0;
    for (const script of result) {
      if (!this.sources.some((source) => script.url.includes(source))) continue;
      let id = this.scriptIds.get(script.url);
      if (id === undefined) {
        id = this.scriptIds.size;
        this.scriptIds.set(script.url, id);
      }
      for (const fn of script.functions) {
        const [outer] = fn.ranges;
        if (!outer) continue;
        const fnKey = `${id}:${outer.startOffset}`;
        let known = this.knownBlocks.get(fnKey);
        if (!known) {
          known = new Map();
          this.knownBlocks.set(fnKey, known);
        }
        for (const range of fn.ranges) known.set(`${id}:${range.startOffset}-${range.endOffset}`, range);
        for (const [block, range] of known) {
          const count = countAt(fn.ranges, range);
          if (count === 0) continue;
          const feature = `${block}#${countBucket(count)}`;
          if (this.features.has(feature)) continue;
          if (!record) return 1;
          this.features.add(feature);
          this.blocks.add(block);
          added++;
        }
      }
    }
    return added;
  }
}
