/**
 * The cost table @silp/dialects ships (what a sender picks by for a reader that asks for the
 * cheapest) re-counted here with the six real tokenizers on the study's 27 held-out cases. It
 * fails while packages/dialects/src/costs.generated.ts differs from a fresh count: run
 * `npm run costs` after a printer or the dialect changes.
 */
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { compile } from "silp";
import { EVOLVED_DIALECT, STUDY_COSTS, createDialect, dialectRef } from "@silp/dialects";
import { TOKENIZER_NAMES, loadTokenizers } from "@silp/tokens";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const DIR = join(REPO_ROOT, "data/study/cases");
const IRS = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(join(DIR, name), "utf8")));
const COMPACT = { whitelist: "off", inlineMeta: false } as const;

test("the shipped study cost table is what the six tokenizers count today", async () => {
  assert.equal(IRS.length, 27);
  assert.equal(STUDY_COSTS.payloads, 27);
  const evolved = createDialect(EVOLVED_DIALECT);
  const texts: Record<string, string[]> = {
    code: IRS.map((ir) => compile(ir, "code", COMPACT)),
    json: IRS.map((ir) => compile(ir, "json", COMPACT)),
    natural: IRS.map((ir) => compile(ir, "natural", COMPACT)),
    [dialectRef(EVOLVED_DIALECT)]: IRS.map((ir) => evolved.print(ir, COMPACT)),
  };
  const counted: Record<string, Record<string, number>> = {};
  for (const tokenizer of await loadTokenizers(TOKENIZER_NAMES)) {
    counted[tokenizer.name] = {};
    for (const [key, list] of Object.entries(texts)) {
      const total = list.reduce((sum, text) => sum + tokenizer.encode(text).length, 0);
      (counted[tokenizer.name] as Record<string, number>)[key] = Math.round((total / list.length) * 100) / 100;
    }
  }
  assert.deepEqual(STUDY_COSTS.tokens, counted, "stale: run npm run costs");
  // The finding the table records: x-evolved is the cheapest lossless payload on every tokenizer.
  for (const [tokenizer, row] of Object.entries(counted)) {
    const ref = dialectRef(EVOLVED_DIALECT);
    assert.ok((row[ref] as number) < (row.code as number), tokenizer);
    assert.ok((row[ref] as number) < (row.natural as number), tokenizer);
  }
});
