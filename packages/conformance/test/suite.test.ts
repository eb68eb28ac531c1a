/** The suite loader (packages/conformance/src/suite.ts) names what is wrong with a malformed suite. */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSuite, SuiteFormatError } from "../src/suite.js";
import { selectSections } from "../src/run.js";

const GOOD_CASE = {
  id: "a",
  spec: "4.1",
  drafts: ["-00", "-02"],
  mode: "strict",
  description: "d",
  frontend: "code",
  input: "cancel(x)",
  expect: { output: { ir: {} } },
};

function suiteWith(cases: unknown[], index: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "silp-suite-"));
  mkdirSync(join(dir, "cases"));
  writeFileSync(join(dir, "index.json"), JSON.stringify({ name: "t", version: "1.0.0", spec: [], sections: ["s.json"], ...index }));
  writeFileSync(join(dir, "cases", "s.json"), JSON.stringify({ section: "s", operation: "decode", cases }));
  return dir;
}

describe("conformance suite loader", () => {
  test("loads a well-formed suite", () => {
    const suite = loadSuite(suiteWith([GOOD_CASE]));
    assert.equal(suite.version, "1.0.0");
    assert.deepEqual(
      suite.sections.map((s) => [s.section, s.operation, s.cases.length]),
      [["s", "decode", 1]],
    );
  });

  test("rejects, naming the case: duplicate id, no draft section, bad mode, both output and error, bad version", () => {
    const bad: [unknown[], Record<string, unknown>, RegExp][] = [
      [[GOOD_CASE, GOOD_CASE], {}, /duplicate case id a/],
      [[{ ...GOOD_CASE, spec: "" }], {}, /a: `spec`/],
      [[{ ...GOOD_CASE, mode: "loose" }], {}, /a: `mode`/],
      [[{ ...GOOD_CASE, drafts: ["-01"] }], {}, /a: `drafts`/],
      [[{ ...GOOD_CASE, expect: { output: 1, error: { code: "x" } } }], {}, /exactly one of `output` and `error`/],
      [[GOOD_CASE], { version: "1.0" }, /semver/],
    ];
    for (const [cases, index, message] of bad)
      assert.throws(
        () => loadSuite(suiteWith(cases, index)),
        (error: unknown) => error instanceof SuiteFormatError && message.test(error.message),
      );
  });

  test("--only/--skip select sections; an unknown name is refused", () => {
    const suite = loadSuite(suiteWith([GOOD_CASE]));
    assert.equal(selectSections(suite, [], ["s"]).length, 0);
    assert.equal(selectSections(suite, ["s"]).length, 1);
    assert.throws(() => selectSections(suite, ["t"]), /unknown section\(s\) t/);
  });
});
