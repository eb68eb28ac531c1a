/**
 * The study's dual verdict: run the rule judge and the LLM judge on every response; the LLM's
 * verdict is final where it answered, the rule verdict where the LLM judge errored
 * (`judge: "dual_fallback"`, `llm_verdict: "error"`). Both verdicts are recorded, so the rule
 * judge's disagreement with the LLM judge stays measurable.
 */
import type { SilpIRInput } from "silp";
import type { LlmJudge } from "./llm-judge.js";
import { ruleJudge } from "./rule-judge.js";
import type { DualJudgeDetails, JudgeCase, JudgeResult } from "./types.js";

export interface DualJudgeResult extends JudgeResult {
  details: DualJudgeDetails & Record<string, unknown>;
}

/** Combines two finished verdicts (exported so a recorded LLM verdict can be re-combined). */
export function combineVerdicts(rule: JudgeResult, llm: JudgeResult): DualJudgeResult {
  if (llm.details?.error === true) {
    return {
      verdict: rule.verdict,
      reason: `LLM judge unavailable, rule fallback: ${rule.reason}`,
      judge: "dual_fallback",
      details: { rule_verdict: rule.verdict, rule_reason: rule.reason, llm_verdict: "error", llm_reason: llm.reason },
    };
  }
  return {
    verdict: llm.verdict,
    reason: llm.reason,
    judge: "dual",
    details: { rule_verdict: rule.verdict, rule_reason: rule.reason, llm_verdict: llm.verdict, llm_reason: llm.reason },
  };
}

export class DualJudge {
  constructor(private readonly llm: Pick<LlmJudge, "judge">) {}

  async judge(ir: SilpIRInput & JudgeCase, encoded: string, modelResponse: string, signal?: AbortSignal): Promise<DualJudgeResult> {
    const rule = ruleJudge(ir, modelResponse);
    const llm = await this.llm.judge(ir, encoded, modelResponse, signal);
    return combineVerdicts(rule, llm);
  }
}
