import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { join } from "node:path";
import { corpusDir } from "@silp/testkit/corpus.js";
import { indexCases, loadCaseFolder } from "../src/cases.js";
import { findValue, ruleJudge } from "../src/judge/rule-judge.js";
import { pythonListRepr, pythonRepr as pythonStrRepr } from "@silp/tokens";
import { loadPhaseRecords } from "../src/study.js";
import type { RunRecordCore } from "../src/records.js";

describe("rule judge reproduces the study's recorded verdicts", () => {
  const dir = corpusDir();
  const cases = indexCases(loadCaseFolder(join(dir, "cases")));
  const phases = {
    phase2: { records: loadPhaseRecords(join(dir, "phase2"), "matrix") as RunRecordCore[], expected: 675 },
    heartbeat: { records: loadPhaseRecords(join(dir, "phase3_heartbeat"), "heartbeat") as RunRecordCore[], expected: 2160 },
    ablation: { records: loadPhaseRecords(join(dir, "phase3_ablation"), "ablation") as RunRecordCore[], expected: 243 },
  };

  for (const [name, { records, expected }] of Object.entries(phases)) {
    test(`${name}: all ${expected} rule_verdict and rule_reason values`, () => {
      assert.equal(records.length, expected);
      const mismatches: string[] = [];
      for (const record of records) {
        const ir = cases.get(record.case_id);
        assert.ok(ir, `unknown case ${record.case_id}`);
        const result = ruleJudge(ir.ir, record.model_response);
        if (result.verdict !== record.rule_verdict || result.reason !== record.rule_reason) {
          mismatches.push(
            `${record.case_id}/${record.model}: got ${result.verdict} "${result.reason}", recorded ${record.rule_verdict} "${record.rule_reason}"`,
          );
        }
      }
      assert.deepEqual(mismatches, []);
    });
  }

  test("the corpus exercises both verdicts and several failure reasons", () => {
    const all = Object.values(phases).flatMap((p) => p.records);
    const reasons = new Set(all.map((r) => r.rule_reason));
    assert.ok(all.some((r) => r.rule_verdict === "fail") && all.some((r) => r.rule_verdict === "pass"));
    assert.ok([...reasons].some((r) => r?.includes("negation may be reversed")));
    assert.ok([...reasons].some((r) => r?.startsWith("main verb")));
    assert.ok([...reasons].some((r) => r?.includes("missing alternatives")));
  });
});

describe("rule judge semantics", () => {
  const negation = {
    intent: "!START",
    entities: [{ value: "hike" }],
    constraints: [{ type: "!rain", value: "true" }],
    alternatives: [{ target: "cards" }],
  };

  test("passes when verb, values and targets appear and a negation is stated", () => {
    const r = ruleJudge(negation, "If it does not rain, start the HIKE; otherwise play cards.");
    assert.equal(r.verdict, "pass");
  });

  test("flags a negated word with no negation marker at all", () => {
    const r = ruleJudge(negation, "If rain, start the hike, else cards.");
    assert.equal(r.verdict, "fail");
    assert.equal(r.reason, "negation may be reversed");
  });

  test("lists every missing item in Python's list repr, in the study's order", () => {
    const r = ruleJudge(
      {
        intent: "!UPDATE",
        entities: [{ value: "it's" }, { value: "order_42" }],
        constraints: [{ type: "x", value: "a\nb" }],
        alternatives: [{ target: "desk" }],
      },
      "nothing relevant",
    );
    assert.equal(
      r.reason,
      `main verb 'update' not found; missing entities: ["it's", 'order_42']; missing constraints: ['a\\nb']; missing alternatives: ['desk']`,
    );
  });

  test("value normalisations: sentinel, underscores, Chinese, compound parts, time units", () => {
    assert.equal(findValue("TRUE", ""), true);
    assert.equal(findValue("order_42", "order 42 was"), true);
    assert.equal(findValue("order_42", "order42"), true);
    assert.equal(findValue("Beijing", "去北京"), true);
    assert.equal(findValue("fr_rev_bold", "bold, fr and rev"), true);
    assert.equal(findValue("fr_rev_bold", "bold and fr"), false);
    assert.equal(findValue("30s", "30秒"), true);
    assert.equal(findValue("30s", "thirty"), false);
    // The bare number counts, so a unit in another language still matches.
    assert.equal(findValue("5ms", "5 毫秒"), true);
    assert.equal(findValue("5ms", "five"), false);
    // A value that ends with a suffix but has no digit before it is not a time.
    assert.equal(findValue("bus", "bu"), false);
    // Python's isdigit accepts superscript digits.
    assert.equal(findValue("²s", "² second"), true);
  });

  test("verb synonyms and prototype keys are not confused", () => {
    assert.equal(ruleJudge({ intent: "!CANCEL" }, "the booking was cancelled").verdict, "pass");
    assert.equal(ruleJudge({ intent: "!CONSTRUCTOR" }, "nothing").verdict, "fail");
    assert.equal(findValue("constructor", "x"), false);
  });

  test("hostile inputs do not crash and stay linear", () => {
    const huge = "x".repeat(200_000);
    // An empty negated word is "present" in any text, so a response without a marker fails.
    const r = ruleJudge({ intent: "!", entities: [{ value: "" }], constraints: [{ type: "!", value: "_".repeat(1000) }] }, huge);
    assert.equal(r.reason, "negation may be reversed");
    // The first code point is dropped, never half of a surrogate pair.
    assert.equal(ruleJudge({ intent: "\u{1F600}X" }, "x").verdict, "pass");
  });
});

describe("Python repr", () => {
  test("quoting and escapes follow CPython", () => {
    assert.equal(pythonStrRepr("plain"), "'plain'");
    assert.equal(pythonStrRepr(`it's`), `"it's"`);
    assert.equal(pythonStrRepr(`it's "x"`), `'it\\'s "x"'`);
    assert.equal(pythonStrRepr("tab\tback\\"), "'tab\\tback\\\\'");
    assert.equal(pythonStrRepr("\u0001\u007f"), "'\\x01\\x7f'");
    assert.equal(pythonStrRepr("北京 café"), "'北京 café'");
    assert.equal(pythonStrRepr("\u00a0\u200b\u2028"), "'\\xa0\\u200b\\u2028'");
    assert.equal(pythonStrRepr("\u{e0001}"), "'\\U000e0001'");
    assert.equal(pythonStrRepr("\ud800"), "'\\ud800'");
    assert.equal(pythonListRepr([]), "[]");
    assert.equal(pythonListRepr(["a", "b"]), "['a', 'b']");
  });
});
