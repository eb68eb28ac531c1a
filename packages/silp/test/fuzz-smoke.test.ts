/**
 * The short CI run of the fuzz targets (fuzz/): every input of every target's corpus
 * (seeds and regression inputs from earlier crashes) passes its property, and then each target
 * runs the coverage-guided fuzzer (fuzz/engine.ts: V8 block coverage, fast-check mutations) for
 * SILP_FUZZ_SECONDS seconds (default 3; half a second at the quick depth of `npm run test:product`). A failure prints the input and the seed; replay it
 * with `npm run fuzz -- <target> <seconds> --seed <seed>`. Long fuzzing is the lab's job
 * (`npm run fuzz -- <target> 600`, fuzz/README.md): here the fuzzer proves it still runs and finds
 * nothing in a short run, at a cost of seconds, not a minute, of every `npm test`.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { preview, readCorpus, runFuzz } from "../../../fuzz/engine.js";
import { TARGETS } from "../../../fuzz/targets.js";
import { testDepth } from "@silp/testkit/property.js";

// SILP_FUZZ_SECONDS, else 3 s per target at full depth (npm test, CI) and 0.5 s at quick depth.
const SECONDS = Number(process.env.SILP_FUZZ_SECONDS ?? (testDepth() === "quick" ? 0.5 : 3));

for (const [name, target] of Object.entries(TARGETS)) {
  describe(`fuzz target ${name}`, () => {
    test("every corpus input passes the property", () => {
      const corpus = readCorpus(name);
      assert.ok(corpus.length > 0, `fuzz/corpus/${name}/ is empty`);
      for (const { file, input } of corpus) {
        assert.doesNotThrow(() => target.check(input), `fuzz/corpus/${name}/${file}`);
      }
    });

    test(`${SECONDS} s of coverage-guided fuzzing find no crash`, () => {
      const run = runFuzz(target, { seconds: SECONDS });
      const report = run.crashes.map((crash) => `${crash.signature}\n  input: ${preview(crash.input)}`).join("\n");
      assert.equal(run.crashes.length, 0, `seed ${run.seed}, ${run.executions} executions:\n${report}`);
      assert.ok(run.executions > 0);
      assert.ok(run.blocks > 0, "no block of the target's sources was covered");
    });
  });
}
