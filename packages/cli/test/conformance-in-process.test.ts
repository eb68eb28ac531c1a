/**
 * The conformance suite (conformance/cases/) is the codec's fixture set: every case of every
 * section runs here, in process, through our adapter's `answer` on the packages' sources, and is
 * graded by the suite's own comparison (packages/conformance/src/compare.ts, written from docs/ir.md and
 * docs/conformance.md, not from the codec). A failing case names its id, section and reason.
 *
 * The same cases also run through `silpc conformance` and the built packages in a subprocess
 * (conformance-runner.test.ts); this file is the fast path a contributor runs while changing the
 * codec, and the one that shows which case broke.
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { join } from "node:path";
import { describe, test } from "vitest";
import { answer } from "../../../conformance/adapters/silp-ts.mjs";
import { grade, loadSuite, requestFor } from "@silp/conformance";

const suite = loadSuite(join(REPO_ROOT, "conformance"));

describe("the conformance suite, in process", () => {
  test("every section of the suite has cases", () => {
    assert.ok(suite.sections.length >= 9, `${suite.sections.length} sections`);
    for (const section of suite.sections) assert.ok(section.cases.length > 0, `section ${section.section} has cases`);
  });

  for (const section of suite.sections) {
    describe(`${section.section} (${section.operation})`, () => {
      for (const testCase of section.cases) {
        test(`${testCase.id} [${testCase.spec}, ${testCase.mode}]: ${testCase.description}`, () => {
          const verdict = grade(section.operation, testCase.expect, answer(requestFor(section, testCase)));
          assert.deepEqual(verdict, { status: "pass" }, `${testCase.id}: ${"reason" in verdict ? verdict.reason : verdict.status}`);
        });
      }
    });
  }
});
