import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "vitest";
import { irsInJson, repositoryIrSets, uniqueByContent } from "@silp/evolve";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { validate } from "silp";

/** The content a compact payload carries, computed here independently of contentKey. */
const content = (ir: { intent: unknown; entities: unknown; constraints: unknown; alternatives: unknown }) =>
  JSON.stringify({ i: ir.intent, e: ir.entities, c: ir.constraints, a: ir.alternatives });

describe("search and held-out IR sets", () => {
  const sets = repositoryIrSets(REPO_ROOT);

  test("the held-out set is exactly the study's 27 cases, in normal form", () => {
    const dir = join(REPO_ROOT, "data/study/cases");
    const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
    assert.equal(files.length, 27);
    const expected = files.map((name) => validate(JSON.parse(readFileSync(join(dir, name), "utf8")), { whitelist: "off" }).ir);
    assert.equal(sets.heldOut.irs.length, 27);
    assert.deepEqual(new Set(sets.heldOut.irs.map(content)), new Set(expected.map((ir) => content(ir as never))));
  });

  test("the search set is our suite, not empty, and disjoint from the held-out set by content", () => {
    assert.ok(sets.search.irs.length >= 80, `${sets.search.irs.length} search IRs`);
    const held = new Set(sets.heldOut.irs.map(content));
    for (const ir of sets.search.irs) assert.ok(!held.has(content(ir)), `search IR ${ir.intent} is a held-out case`);
    assert.ok(sets.search.sources.some((source) => source.includes("conformance")));
    assert.ok(sets.search.sources.some((source) => source.includes("builtinCases")));
    assert.ok(!sets.search.sources.some((source) => source.includes("data/study")));
  });

  test("IRs are found inside any JSON value, completed when they lack the envelope fields, invalid ones skipped", () => {
    const found = irsInJson({
      cases: [
        { expect: { ir: { intent: "!CANCEL", entities: [{ id: "act", value: "flight" }] } } },
        { input: { intent: 42 } },
        { input: { intent: "!START", entities: "not a list" } },
      ],
    });
    assert.equal(found.length, 1);
    assert.equal(found[0]?.intent, "!CANCEL");
    assert.equal(found[0]?.silp, "v1");
  });

  test("duplicates by content are kept once", () => {
    const [a] = irsInJson({ intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], meta: { req_id: "aaaa" } });
    const [b] = irsInJson({ intent: "!CANCEL", entities: [{ id: "act", value: "flight" }], meta: { req_id: "bbbb" } });
    assert.ok(a && b);
    assert.equal(uniqueByContent([a, b]).length, 1);
  });
});
