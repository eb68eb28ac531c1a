import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isSilpError, type SilpError } from "silp";
import { assertLossyAllowed, negatedConstraints } from "../src/guard.js";
import { compileLlmlingua2 } from "../src/frontend.js";
import { MODEL_ENV_VAR } from "../src/model-files.js";
import type { SilpIRInput } from "silp";
import { corpusDir } from "@silp/testkit/corpus.js";

const meta = { req_id: "b7e2" };
const negatedType: SilpIRInput = {
  intent: "!START",
  entities: [{ id: "act", value: "hike", action: "!START" }],
  constraints: [{ type: "!rain", value: "true", time: "t+1" }],
  meta,
};
const negatedOperator: SilpIRInput = {
  intent: "!UPDATE",
  entities: [{ id: "act", value: "invoice_55", action: "!UPDATE" }],
  constraints: [
    { type: "auth", value: "manager", subject: "requester" },
    { type: "status", value: "paid", operator: "!=" },
  ],
  meta,
};
const plain: SilpIRInput = {
  intent: "!SEARCH",
  entities: [{ id: "act", value: "hotels", action: "!SEARCH" }],
  constraints: [{ type: "stars", value: "4", operator: ">=" }],
  meta,
};

function refusal(reason: string, path?: string): (error: unknown) => true {
  return (error) => {
    assert.ok(isSilpError(error));
    assert.equal((error as SilpError).code, "lossy_refused");
    assert.equal((error as SilpError).details?.reason, reason);
    if (path !== undefined) assert.equal((error as SilpError).path, path);
    return true;
  };
}

describe("the lossy guard (spec 8.5)", () => {
  test("finds negation by '!' type and by the '!=' operator", () => {
    assert.deepEqual(negatedConstraints(negatedType), [{ path: "/constraints/0", type: "!rain", value: "true" }]);
    assert.deepEqual(negatedConstraints(negatedOperator), [{ path: "/constraints/1", type: "status", value: "paid", operator: "!=" }]);
    assert.deepEqual(negatedConstraints(plain), []);
  });

  test("refuses a negated payload, pointing at the constraint", () => {
    assert.throws(() => assertLossyAllowed(negatedType, {}), refusal("negation", "/constraints/0"));
    assert.throws(() => assertLossyAllowed(negatedOperator, {}), refusal("negation", "/constraints/1"));
    assert.throws(() => assertLossyAllowed(negatedOperator, {}), /status != paid.*allowLossy/s);
  });

  test("refuses any payload marked precision-critical", () => {
    assert.doesNotThrow(() => assertLossyAllowed(plain, {}));
    assert.throws(() => assertLossyAllowed(plain, { precisionCritical: true }), refusal("precision_critical"));
  });

  test("explicit consent lifts both refusals", () => {
    for (const ir of [negatedType, negatedOperator, plain]) {
      assert.doesNotThrow(() => assertLossyAllowed(ir, { allowLossy: true, precisionCritical: true }));
    }
  });

  test("on the study corpus, exactly the negation and multi-turn cases (2, 10) are refused", () => {
    const dir = join(corpusDir(), "cases");
    const refused = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .filter((name) => {
        const ir = JSON.parse(readFileSync(join(dir, name), "utf8")) as SilpIRInput;
        try {
          assertLossyAllowed(ir, {});
          return false;
        } catch (error) {
          refusal("negation")(error);
          return true;
        }
      })
      .map((name) => name.split("_")[0])
      .sort();
    assert.deepEqual(refused, ["case10", "case10b", "case10c", "case2", "case2b", "case2c"]);
  });

  test("the frontend refuses before it looks for a model", async () => {
    const saved = process.env[MODEL_ENV_VAR];
    delete process.env[MODEL_ENV_VAR];
    try {
      await assert.rejects(compileLlmlingua2(negatedType), refusal("negation"));
      await assert.rejects(compileLlmlingua2(plain, { precisionCritical: true }), refusal("precision_critical"));
      // With consent the next requirement is the model, which is absent here.
      await assert.rejects(compileLlmlingua2(negatedType, { allowLossy: true }), (error) => isSilpError(error) && error.code === "dependency_missing");
    } finally {
      if (saved !== undefined) process.env[MODEL_ENV_VAR] = saved;
    }
  });
});
