/**
 * The order of test files in `npm test` and `npm run test:product`. vitest runs the files that
 * took longest in its results cache first, so that no long file starts last and runs alone; a
 * fresh clone has no cache, and vitest then orders by file size, which puts the files below (small
 * files that wait on servers, child processes and timeouts, 5-20 s each on 2 cores) near the end,
 * where each leaves a core idle. These start first, in this order; the rest keep vitest's order.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW_FIRST = [
  "packages/lock/test/paused-writer.test.ts",
  "packages/redis/test/cluster.test.ts",
  "packages/cli/test/bench-cli.test.ts",
  "packages/cli/test/conformance-runner.test.ts",
  "packages/cli/test/package-readmes.test.ts",
  "packages/grammar/test/grammar-real-parsers.lab.test.ts",
  "packages/grammar/test/dialect-grammar-real-parsers.lab.test.ts",
  "packages/playground/test/browser.test.ts",
  "packages/grammar/test/models-doc.test.ts",
  "packages/silp/test/fuzz-smoke.test.ts",
  "packages/mcp/test/mcp-deadline-bound.test.ts",
  "packages/dialects/test/invariants.test.ts",
  "packages/lock/test/concurrent.test.ts",
  "packages/cli/test/lock-cli.test.ts",
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = SLOW_FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // A stable sort: files outside the list keep the order vitest gave them.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
