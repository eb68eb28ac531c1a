/** The reference payload set shipped in @silp/dialects is the study's 27 case files, unchanged (data/study/cases). */
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { STUDY_CASES } from "@silp/dialects";
import { REPO_ROOT } from "@silp/testkit/paths.js";

test("STUDY_CASES holds every case file of data/study/cases, by name, with its parsed content", () => {
  const dir = join(REPO_ROOT, "data/study/cases");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort();
  assert.equal(files.length, 27);
  assert.deepEqual(
    STUDY_CASES.map((entry) => entry.file),
    files,
  );
  for (const entry of STUDY_CASES) assert.deepEqual(entry.ir, JSON.parse(readFileSync(join(dir, entry.file), "utf8")), entry.file);
});
