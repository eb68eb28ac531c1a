/**
 * The order of test files in `npm test` and `npm run test:product`: longest first, so that no long
 * file starts last and runs alone while the other core idles. vitest does this from its results
 * cache, which a fresh clone (and CI) does not have; vitest then orders by file size, which puts
 * small files that wait on servers, child processes and timeouts (5-20 s each on 2 cores) near the
 * end. So the order comes from scripts/test-durations.json, each file's duration in a measured run,
 * committed and rewritten by `npm run test:durations` (scripts/test-durations.mjs). Files it does
 * not list keep vitest's order, after the listed ones.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const DURATIONS = JSON.parse(readFileSync(new URL("./test-durations.json", import.meta.url), "utf8")) as { files: Record<string, number> };

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const duration = (spec: TestSpecification): number => DURATIONS.files[relative(this.ctx.config.root, spec.moduleId)] ?? -1;
    // A stable sort: files without a measured duration keep the order vitest gave them.
    return sorted
      .map((spec, index) => ({ spec, index, ms: duration(spec) }))
      .sort((a, b) => b.ms - a.ms || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
