/**
 * The order of test files in a mutant run (used only by scripts/mutation/vitest.config.ts).
 * Stryker stops a mutant's run at its first failing test (bail), so the order decides what a
 * killed mutant costs. vitest's default sequencer runs the *longest* files first, which suits a
 * parallel full run and is the worst case here: a mutant the 20 ms fixture table kills would
 * first wait for a multi-second property test. This one runs files that failed in the previous
 * run first (a file that killed the last mutant is likely to kill its neighbour), then the
 * fastest first, by the durations vitest's own results cache recorded.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export class FastFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const stateOf = (spec: TestSpecification) => cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
    return [...files].sort((a, b) => {
      const sa = stateOf(a);
      const sb = stateOf(b);
      const failedA = sa?.failed ? 1 : 0;
      const failedB = sb?.failed ? 1 : 0;
      if (failedA !== failedB) return failedB - failedA;
      return (sa?.duration ?? 0) - (sb?.duration ?? 0);
    });
  }
}
