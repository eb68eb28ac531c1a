/** Payload cost on two tokenizers (gpt-4o, llama-2): what is counted, and how it is summarised. */
import assert from "node:assert/strict";
import { beforeAll, describe, test } from "vitest";
import { decode as fromToon } from "@toon-format/toon";
import { compile } from "silp";
import { SilpError } from "silp";
import { averageCosts, measureTexts, payloadCost, payloadTexts, loadTokenizers, type PayloadCost, type TokenizerSet } from "../src/index.js";

const IR = {
  intent: "!START",
  entities: [{ id: "act", value: "hike" }],
  constraints: [{ type: "!rain", value: "t+1" }],
  alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
  meta: { req_id: "a1b2c3d4" },
};

let tokenizers: TokenizerSet = [];
beforeAll(async () => {
  tokenizers = await loadTokenizers(["gpt-4o", "llama-2"]);
});

describe("payloadTexts", () => {
  test("the four frontends as the core compiles them, then compact IR JSON and TOON", async () => {
    const texts = await payloadTexts(IR);
    assert.deepEqual(
      texts.map((text) => [text.label, text.kind]),
      [
        ["code", "frontend"],
        ["json", "frontend"],
        ["natural", "frontend"],
        ["nl_json", "frontend"],
        ["ir_json", "baseline"],
        ["toon", "baseline"],
      ],
    );
    for (const frontend of ["code", "json", "natural", "nl_json"]) {
      assert.equal(texts.find((text) => text.label === frontend)?.text, compile(IR, frontend, { whitelist: "off" }));
    }
    assert.equal(texts[4]?.text, JSON.stringify(IR));
    assert.deepEqual(fromToon(texts[5]?.text ?? ""), IR, "the TOON baseline carries the whole IR");
  });

  test("verbs outside the whitelist are costed (whitelist off)", async () => {
    const texts = await payloadTexts({ ...IR, intent: "!ESCALATE", entities: [{ id: "act", value: "ticket" }], alternatives: [] });
    assert.match(texts[0]?.text ?? "", /escalate\(ticket\)/);
  });

  test("an invalid IR is a SilpError, not a crash", async () => {
    // A missing meta or req_id is no longer one: compile fills it (docs/ir.md, The IR a person writes).
    for (const bad of [null, 42, "x", {}, { intent: "START", meta: { req_id: "a1b2" } }, { intent: "!START", meta: { req_id: 7 } }]) {
      await assert.rejects(payloadTexts(bad), (error: unknown) => error instanceof SilpError && error.code === "invalid_ir", JSON.stringify(bad));
    }
  });
});

describe("measureTexts and payloadCost", () => {
  test("each count is the tokenizer's own count; the spread is across tokenizers", async () => {
    const rows = await payloadCost(IR, tokenizers);
    assert.equal(rows.length, 6);
    for (const row of rows) {
      assert.deepEqual(
        row.counts.map((count) => count.tokenizer),
        ["gpt-4o", "llama-2"],
      );
      tokenizers.forEach((tokenizer, index) => {
        assert.equal(row.counts[index]?.count, tokenizer.encode(row.text).length);
      });
      const [a, b] = row.counts.map((count) => count.count) as [number, number];
      assert.equal(row.spread.mean, (a + b) / 2);
      assert.equal(row.spread.range, Math.abs(a - b));
      assert.equal(row.chars, row.text.length);
    }
  });

  test("texts over the length limit are refused with limit_exceeded", () => {
    const texts = [{ label: "code" as const, kind: "frontend" as const, text: "a".repeat(101) }];
    assert.throws(
      () => measureTexts(texts, tokenizers, { maxLength: 100 }),
      (error: unknown) => error instanceof SilpError && error.code === "limit_exceeded",
    );
    assert.equal(measureTexts(texts, tokenizers, { maxLength: 101 }).length, 1);
    assert.throws(() => measureTexts(texts, []), RangeError);
  });
});

describe("averageCosts", () => {
  const row = (label: "code" | "json", counts: [number, number], chars: number): PayloadCost => ({
    label,
    kind: "frontend",
    text: "",
    chars,
    counts: [
      { tokenizer: "gpt-4o", count: counts[0] },
      { tokenizer: "llama-2", count: counts[1] },
    ],
    spread: { min: 0, max: 0, range: 0, mean: 0, stdev: 0, cv: 0 },
  });

  test("means per tokenizer over files, then the spread of those means", () => {
    const average = averageCosts([
      [row("code", [10, 14], 40), row("json", [20, 30], 90)],
      [row("code", [20, 16], 60), row("json", [40, 50], 110)],
    ]);
    assert.deepEqual(
      average.map((entry) => [entry.label, entry.files, entry.meanChars, entry.counts.map((count) => count.count)]),
      [
        ["code", 2, 50, [15, 15]],
        ["json", 2, 100, [30, 40]],
      ],
    );
    assert.equal(average[0]?.spread.range, 0);
    assert.equal(average[1]?.spread.mean, 35);
    assert.deepEqual(averageCosts([]), []);
  });
});
