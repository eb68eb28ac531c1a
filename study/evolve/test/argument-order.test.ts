/**
 * The agreed argument order (docs/evolve.md, "The argument order"): the rule on small IR sets
 * whose tables are worked out by hand here, and the shipped dialect's table rebuilt from the
 * search IRs alone.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { parseDialectSpec } from "@silp/dialects";
import { actionCalls, deriveArgumentOrder, orderGain, repositoryIrSets } from "@silp/evolve";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { type SilpIR, validate } from "silp";

/** A normal-form IR of one call per action: [verb, names] pairs, the first is the intent. */
function irOf(...calls: [string, string[]][]): SilpIR {
  const [[intent]] = calls as [[string, string[]]];
  const entities = calls.flatMap(([verb, names]) => names.map((id, index) => ({ id, value: `v${index}`, action: verb })));
  const result = validate({ silp: "v1", version: "ir-v0.1", intent, entities, meta: { req_id: "a1b2c3d4" } }, { whitelist: "off" });
  assert.ok(result.ok && result.ir, JSON.stringify(result.issues));
  return result.ir;
}

describe("the argument order derived from IRs", () => {
  test("an IR's action calls are the primary call and one per run of an action", () => {
    const ir = irOf(["!CANCEL", ["act", "reason"]], ["!EMAIL", ["notify"]]);
    assert.deepEqual(actionCalls(ir), [
      { verb: "!CANCEL", names: ["act", "reason"] },
      { verb: "!EMAIL", names: ["notify"] },
    ]);
    assert.deepEqual(actionCalls(irOf(["!START", []])), [{ verb: "!START", names: [] }]);
  });

  test("the gain of an order on one call: names left out, minus an act it forces to be named", () => {
    assert.equal(orderGain(["act", "field", "new_value"], ["act", "field", "new_value"]), 2);
    assert.equal(orderGain(["src", "tgt", "style"], ["src", "style", "tgt"]), 1);
    assert.equal(orderGain(["field"], ["act", "field"]), -1); // `act=x field=y` instead of `x field=y`
    assert.equal(orderGain(["act", "field"], ["act", "act"]), -1);
    assert.equal(orderGain(["notify"], ["notify", "act"]), 1); // past the table, act is positional again
    assert.equal(orderGain(["act", "field"], ["act"]), 0);
  });

  test("per verb, the best-scoring beginning of its calls; verbs that gain nothing get no order", () => {
    const irs = [
      irOf(["!UPDATE", ["act", "field", "new_value"]]),
      irOf(["!UPDATE", ["act", "field", "new_value"]]),
      irOf(["!UPDATE", ["act"]]),
      // email: notify twice, but a plain act in three calls: [notify] scores 2 - 3
      irOf(["!CANCEL", ["act"]], ["!EMAIL", ["notify"]]),
      irOf(["!CANCEL", ["act"]], ["!EMAIL", ["notify"]]),
      irOf(["!EMAIL", ["act"]]),
      irOf(["!EMAIL", ["act"]]),
      irOf(["!EMAIL", ["act"]]),
      // translate: [src] scores 3, [src, tgt] 2 + 2 + 1 = 5, [src, tgt, style] 3 + 2 + 1 = 6, [src, style] 1 + 1 + 2 = 4
      irOf(["!TRANSLATE", ["src", "tgt", "style"]]),
      irOf(["!TRANSLATE", ["src", "tgt"]]),
      irOf(["!TRANSLATE", ["src", "style"]]),
    ];
    assert.deepEqual(deriveArgumentOrder(irs), {
      "!TRANSLATE": ["src", "tgt", "style"],
      "!UPDATE": ["act", "field", "new_value"],
    });
  });

  test("ties go to the shorter order, then to the smaller in JSON text; names that are not identifiers end a candidate", () => {
    // [a], [b] and [a, act] score 1 each (an act left out saves nothing): the shorter, then "a" before "b".
    assert.deepEqual(deriveArgumentOrder([irOf(["!DO", ["b"]]), irOf(["!DO", ["a", "act"]])]), { "!DO": ["a"] });
    assert.deepEqual(deriveArgumentOrder([irOf(["!DO", ["a", "new value", "c"]])]), { "!DO": ["a"] });
  });

  test("the shipped dialect's order is the one the search IRs give (rebuilt here), and names only verbs of the search set", () => {
    const spec = parseDialectSpec(JSON.parse(readFileSync(join(REPO_ROOT, "dialects/x-evolved.json"), "utf8")));
    const sets = repositoryIrSets(REPO_ROOT);
    const rebuilt = deriveArgumentOrder(sets.search.irs);
    assert.equal(spec.genes.keywords, "ordered");
    assert.deepStrictEqual(spec.argument_order, rebuilt, "the search set changed: re-run silpc evolve as docs/evolve.md shows and ship its dialect file");
    const searchVerbs = new Set(sets.search.irs.flatMap((ir) => actionCalls(ir).map((call) => call.verb)));
    for (const verb of Object.keys(rebuilt)) assert.ok(searchVerbs.has(verb), verb);
  });
});
