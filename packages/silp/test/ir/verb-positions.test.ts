/**
 * Spec 3.8 says the excluded verbs "MUST NOT be used as IR action codes", and
 * an action code can stand in every verb position of the IR, `meta.seq` included (draft -02 3.6:
 * "seq ... the referenced actions"). The whitelist must reach all of them.
 */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { compile, validate, type SilpIRInput } from "silp";

const withSeq = (seq: string[]): SilpIRInput => ({
  intent: "!CANCEL",
  entities: [{ id: "act", value: "flight" }],
  meta: { req_id: "a1b2c3d4", seq },
});
const whitelistIssues = (input: unknown, options = {}) => validate(input, options).issues.filter((issue) => issue.rule === "verb-whitelist");

describe("verb whitelist in every verb position (spec 3.8)", () => {
  for (const verb of ["!ESCALATE", "!SWITCH_TOOL", "!DELETE"]) {
    test(`meta.seq ["${verb}"] fails strict validation and compile`, () => {
      const result = validate(withSeq([verb]));
      assert.equal(result.ok, false);
      const issues = whitelistIssues(withSeq([verb]));
      assert.deepEqual(
        issues.map((issue) => [issue.severity, issue.path]),
        [["error", "/meta/seq/0"]],
      );
      assert.throws(() => compile(withSeq([verb])), { code: "invalid_ir" });
      assert.throws(() => compile(withSeq([verb]), "json"), { code: "invalid_ir" });
    });
  }

  test("an excluded verb in seq carries the replacement hint of Table 8", () => {
    assert.equal(whitelistIssues(withSeq(["!FETCH", "!SWITCH_TOOL"]))[0]?.hint, "use !SWITCH");
    assert.equal(whitelistIssues(withSeq(["!FETCH", "!SWITCH_TOOL"]))[0]?.path, "/meta/seq/1");
  });

  test("advisory mode reports seq verbs as warnings, off reports nothing", () => {
    assert.deepEqual(
      whitelistIssues(withSeq(["!ESCALATE"]), { whitelist: "advisory" }).map((issue) => issue.severity),
      ["warning"],
    );
    assert.equal(validate(withSeq(["!ESCALATE"]), { whitelist: "advisory" }).ok, true);
    assert.deepEqual(whitelistIssues(withSeq(["!ESCALATE"]), { whitelist: "off" }), []);
  });

  test("approved verbs, ordering keywords and free-form entries in seq are not whitelist errors", () => {
    const result = validate(withSeq(["!FETCH", "!PROCESS", "!EMAIL", "parallel", "fetch_first"]));
    assert.equal(result.ok, true);
    assert.deepEqual(whitelistIssues(withSeq(["!FETCH", "!PROCESS", "!EMAIL", "parallel", "fetch_first"])), []);
  });
});
