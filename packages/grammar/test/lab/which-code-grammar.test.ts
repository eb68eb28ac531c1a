/**
 * docs/errors.md, "Which code", for the code frontend, against the real Lark parser
 * (python3-lark) reading the code grammar: every conformance case that expects invalid_syntax is
 * a text the grammar refuses. The converse has no independent oracle: the grammar is the
 * canonical form compile() writes, so it refuses a decode_failed text too (`#{priority=2}` is a
 * well-formed meta item, but not one compile writes); which of those is a structure error is the
 * rule's, checked by the suite's own expectations (which-code.test.ts checks both directions for
 * json, whose grammar is JSON's).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "vitest";
import { codeGrammar, toLark } from "@silp/grammar";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { larkMissing, larkVerdicts } from "./real-parsers.js";

interface Case {
  id: string;
  input: string;
  expect: { error?: { code: string } };
}

test.skipIf(larkMissing() !== undefined)("every code case the conformance suite expects invalid_syntax of is refused by the code grammar", async () => {
  const { cases } = JSON.parse(readFileSync(`${REPO_ROOT}/conformance/cases/decode-code.json`, "utf8")) as { cases: Case[] };
  const syntax = cases.filter((c) => c.expect.error?.code === "invalid_syntax");
  assert.ok(syntax.length >= 20, `${syntax.length} cases`);
  // The grammar with every verb the cases call, so a verb is never why a text is refused.
  const verbs = new Set<string>();
  for (const c of syntax) for (const call of c.input.matchAll(/([a-z_]+)\(/g)) verbs.add(`!${(call[1] as string).toUpperCase()}`);
  const verdicts = await larkVerdicts(
    toLark(codeGrammar({ verbs: [...verbs] })),
    syntax.map((c) => c.input),
  );
  assert.deepEqual(
    syntax.filter((_, index) => verdicts[index]?.ok).map((c) => c.id),
    [],
    "the grammar accepts them, so their error is not one of syntax",
  );
  // Not vacuous: the same parser accepts what compile writes.
  const [accepted] = await larkVerdicts(toLark(codeGrammar({ verbs: ["!CANCEL", "!START"] })), ["if !rain(t+1): start(hike) else: start(cards@indoor)"]);
  assert.equal(accepted?.ok, true);
});
