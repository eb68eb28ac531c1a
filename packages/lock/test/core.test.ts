/** The lock with the real core compile (no test double), on the study corpus's 27 case IRs. */
import { test, describe } from "vitest";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compile } from "silp";
import { CompileLock, hashIr } from "../src/index.js";
import type { SilpIRInput } from "silp";
import { corpusDir } from "@silp/testkit/corpus.js";
import { sampleIr, withTempDir } from "./helpers.js";

const FRONTENDS = ["code", "json", "natural", "nl_json"] as const;

function corpusCases(): { name: string; ir: SilpIRInput }[] {
  const dir = join(corpusDir(), "cases");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ name: file, ir: JSON.parse(readFileSync(join(dir, file), "utf8")) as SilpIRInput }));
}

describe("sealing with the core compile", () => {
  test("27 cases x 4 frontends: sealed outputs are compile()'s, the chain verifies, re-sealing is frozen", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      const cases = corpusCases();
      assert.equal(cases.length, 27);
      for (const { name, ir } of cases) {
        for (const frontend of FRONTENDS) {
          const result = await lock.seal(ir, frontend);
          assert.equal(result.status, "sealed", `${name} ${frontend}`);
          assert.equal(result.compiled, compile(ir, frontend), `${name} ${frontend}`);
          assert.equal(result.record.ir_hash, hashIr(ir));
        }
      }
      const report = await lock.verify();
      assert.deepEqual(report.problems, []);
      assert.equal(report.records, 108);
      for (const { ir } of cases.slice(0, 3)) {
        for (const frontend of FRONTENDS) assert.equal((await lock.seal(ir, frontend)).status, "frozen");
      }
      assert.equal((await lock.verify()).records, 108);
    });
  });

  test("an unknown frontend is the core's unsupported_frontend, and nothing is written", async () => {
    await withTempDir(async ({ lockPath }) => {
      const lock = new CompileLock({ path: lockPath });
      await assert.rejects(lock.seal(sampleIr(1), "klingon"), { code: "unsupported_frontend" });
      assert.equal((await lock.verify()).records, 0);
    });
  });

  test("an asynchronous compile works, and a writer that sealed first while we compiled wins", async () => {
    await withTempDir(async ({ lockPath }) => {
      const rival = new CompileLock({ path: lockPath });
      // Test double for a slow model-backed frontend: while it "compiles", a rival seals the same key.
      const slowCompileDouble = async (): Promise<string> => {
        await rival.seal(sampleIr(1), "slow", { compiled: "rival output" });
        return "our output";
      };
      const lock = new CompileLock({ path: lockPath, compile: slowCompileDouble });
      const result = await lock.seal(sampleIr(1), "slow");
      assert.deepEqual([result.status, result.compiled], ["frozen", "rival output"]);
      assert.equal((await lock.seal(sampleIr(2), "slow")).compiled, "our output");
      assert.equal((await lock.verify()).records, 2);
    });
  });
});
