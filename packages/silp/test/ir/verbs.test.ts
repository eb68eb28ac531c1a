/** The verb helpers (spec 3.8): action codes and function names, the whitelist, the excluded verbs and their hints. */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { actionToFunctionName, excludedVerb, FUNCTION_NAME, functionNameToAction, isApprovedVerb } from "../../src/ir/verbs.js";

describe("verbs", () => {
  test("code <-> function name", () => {
    assert.equal(actionToFunctionName("!SWITCH_TOOL"), "switch_tool");
    assert.equal(functionNameToAction("switch_tool"), "!SWITCH_TOOL");
    assert.equal(actionToFunctionName("!CANCEL"), "cancel");
  });

  test("the whitelist is exact codes; excluded verbs carry their hint", () => {
    assert.equal(isApprovedVerb("!CANCEL"), true);
    assert.equal(isApprovedVerb("!NOTIFY"), true);
    assert.equal(isApprovedVerb("!cancel"), false);
    assert.equal(isApprovedVerb("CANCEL"), false);
    assert.equal(isApprovedVerb("!ESCALATE"), false);
    assert.equal(excludedVerb("!SWITCH_TOOL")?.hint, "!SWITCH");
    assert.equal(excludedVerb("!CANCEL"), undefined);
  });

  test("function names: a lower-case letter, then letters and underscores", () => {
    for (const ok of ["a", "cancel", "switch_tool", "a_"]) assert.equal(FUNCTION_NAME.test(ok), true, ok);
    for (const bad of ["", "_a", "A", "a1", "a-b", "ab ", " ab", "é"]) assert.equal(FUNCTION_NAME.test(bad), false, bad);
  });
});
