import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OpenAIChatClient } from "../src/client/chat-client.js";
import { DualJudge, combineVerdicts } from "../src/judge/dual-judge.js";
import { compactIrJson } from "../src/judge/ir-json.js";
import { buildJudgePrompt, JUDGE_SYSTEM, LlmJudge, parseJudgeResponse } from "../src/judge/llm-judge.js";
import { ruleJudge } from "../src/judge/rule-judge.js";
import { loadPhaseRecords } from "../src/study.js";
import { corpusDir } from "@silp/testkit/corpus.js";
import { scriptedChatServer, type ScriptedChatServer } from "@silp/testkit/scripted-chat-server.js";

const ir = JSON.parse(readFileSync(join(corpusDir(), "cases", "case2_negation.json"), "utf8"));

describe("parseJudgeResponse fallbacks", () => {
  test("plain JSON, fenced JSON and JSON inside prose", () => {
    assert.deepEqual(
      { ...parseJudgeResponse('{"verdict": "PASS ", "reason": "ok", "missing": []}', "j"), details: undefined },
      { verdict: "pass", reason: "ok", judge: "j", details: undefined },
    );
    assert.equal(parseJudgeResponse('```json\n{"verdict":"fail","reason":"neg reversed"}\n```', "j").reason, "neg reversed");
    assert.equal(parseJudgeResponse('Here you go: {"verdict":"pass","reason":"r"} hope it helps', "j").verdict, "pass");
  });

  test("unknown verdicts and missing fields fail safe", () => {
    const r = parseJudgeResponse('{"verdict":"maybe"}', "j");
    assert.equal(r.verdict, "fail");
    assert.equal(r.reason, "no reason provided");
    assert.equal(parseJudgeResponse('{"reason":"x"}', "j").verdict, "fail");
  });

  test("text fallbacks: a quoted \"pass\" or 'verdict: pass', else a parse failure", () => {
    assert.equal(parseJudgeResponse('I say "pass" overall', "j").verdict, "pass");
    assert.equal(parseJudgeResponse("Verdict: PASS", "j").verdict, "pass");
    const r = parseJudgeResponse(`no idea ${"x".repeat(500)}`, "j");
    assert.equal(r.verdict, "fail");
    assert.equal(r.reason, `Could not parse judge response: no idea ${"x".repeat(192)}`);
  });

  test("a JSON array or number is not a verdict (the study crashed there; we fall through)", () => {
    assert.equal(parseJudgeResponse('["pass"]', "j").verdict, "pass");
    assert.equal(parseJudgeResponse("42", "j").verdict, "fail");
  });
});

describe("judge prompt", () => {
  test("holds the fixed system text, the compact IR, the payload and the response", () => {
    const prompt = buildJudgePrompt(ir, "if !rain(t+1): start(hike)", "RESPONSE");
    assert.ok(prompt.startsWith(JUDGE_SYSTEM));
    assert.ok(prompt.includes(`## Original Intent (IR)\n${compactIrJson(ir)}\n`));
    assert.ok(prompt.endsWith("## Model Response\nRESPONSE\n\nEvaluate: does the model's response correctly capture the full semantic intent?"));
  });

  test("compact IR follows the reference field order and drops nulls", () => {
    assert.equal(
      compactIrJson(ir),
      '{"silp":"v1","version":"ir-v0.1","intent":"!START","entities":[{"id":"act","value":"hike","action":"!START"}],' +
        '"constraints":[{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!START","target":"cards","location":"indoor"}],' +
        '"meta":{"priority":1,"confidence":0.9,"seq":[],"out":"natural","req_id":"b7e2"}}',
    );
  });
});

describe("LLM and dual judges through the scriptedChatServer test double", () => {
  let server: ScriptedChatServer;
  let answer: () => import("@silp/testkit/scripted-chat-server.js").ScriptedReply = () => ({ text: "" });
  beforeAll(async () => {
    server = await scriptedChatServer(() => answer());
  });
  afterAll(() => server.close());
  const judgeClient = () => new OpenAIChatClient({ baseUrl: server.baseUrl, maxRetries: 0 });

  test("the LLM verdict wins where the judge answered", async () => {
    answer = () => ({ text: '{"verdict":"fail","reason":"negation reversed","missing":["!rain"]}' });
    const dual = new DualJudge(new LlmJudge(judgeClient(), { model: "judge-model" }));
    const r = await dual.judge(ir, "if !rain(t+1): start(hike) else: start(cards@indoor)", "If it does not rain, hike; else cards indoors. start");
    assert.equal(r.verdict, "fail");
    assert.equal(r.judge, "dual");
    assert.deepEqual(r.details, {
      rule_verdict: "pass",
      rule_reason: "Rule-based: all key entities and verbs found",
      llm_verdict: "fail",
      llm_reason: "negation reversed",
    });
    const sent = server.calls.at(-1)!.body;
    assert.equal(sent.model, "judge-model");
    assert.equal(sent.messages.length, 1);
    assert.equal(sent.max_tokens, 256);
  });

  test("the rule verdict stands in where the judge errored", async () => {
    answer = () => ({ status: 401, body: '{"error":{"message":"invalid_api_key"}}' });
    const r = await new DualJudge(new LlmJudge(judgeClient())).judge(ir, "x", "start the hike unless rain... not raining; cards");
    assert.equal(r.judge, "dual_fallback");
    assert.equal(r.verdict, "pass");
    assert.equal(r.reason, "LLM judge unavailable, rule fallback: Rule-based: all key entities and verbs found");
    assert.equal(r.details.llm_verdict, "error");
    assert.match(r.details.llm_reason, /^Judge error: HTTP 401/);
  });

  test("combineVerdicts reproduces the recorded judge_verdict/judge_reason of every study record", () => {
    const records = loadPhaseRecords(join(corpusDir(), "phase2"), "matrix");
    let fallbacks = 0;
    for (const rec of records) {
      const rule = { verdict: rec.rule_verdict!, reason: rec.rule_reason!, judge: "rule" } as const;
      const errored = rec.llm_verdict === "error";
      if (errored) fallbacks++;
      const llm = errored
        ? { verdict: "fail" as const, reason: rec.llm_reason!, judge: "glm-5.2", details: { error: true } }
        : { verdict: rec.llm_verdict as "pass" | "fail", reason: rec.llm_reason!, judge: "glm-5.2" };
      const combined = combineVerdicts(rule, llm);
      assert.equal(combined.verdict, rec.judge_verdict);
      assert.equal(combined.reason, rec.judge_reason);
      assert.equal(combined.judge, rec.judge);
      assert.equal(combined.verdict === "pass", rec.first_pass);
    }
    assert.equal(fallbacks, 3);
    assert.equal(ruleJudge(ir, "").verdict, "fail");
  });
});
