/**
 * The judge a run uses, and the judge fields it writes into each record.
 *   rule: the rule judge only (offline; a fast pre-filter, not the study's verdict);
 *   llm:  the LLM judge only (`judge` = the judge model's name); a judge call that fails after
 *         retries is `judge: "judge_error"`, an error retried by the next run, never a verdict;
 *   dual: both, the study's default (LLM verdict, rule fallback when the LLM judge errors).
 */
import type { SilpIRInput } from "silp";
import { DualJudge } from "../judge/dual-judge.js";
import type { LlmJudge } from "../judge/llm-judge.js";
import { ruleJudge } from "../judge/rule-judge.js";
import type { JudgeCase, Verdict } from "../judge/types.js";

export type JudgeMode = "rule" | "llm" | "dual";
export const JUDGE_MODES: readonly JudgeMode[] = ["rule", "llm", "dual"];

export interface JudgeFields {
  judge_verdict: Verdict;
  judge_reason: string;
  judge: string;
  rule_verdict: Verdict | null;
  rule_reason: string | null;
  llm_verdict: Verdict | "error" | null;
  llm_reason: string | null;
}

export type RunJudge = (ir: SilpIRInput & JudgeCase, encoded: string, response: string, signal?: AbortSignal) => Promise<JudgeFields>;

export function createRunJudge(mode: JudgeMode, llm?: Pick<LlmJudge, "judge">): RunJudge {
  if (mode !== "rule" && !llm) throw new RangeError(`judge mode "${mode}" needs an LLM judge`);
  switch (mode) {
    case "rule":
      return async (ir, _encoded, response) => {
        const r = ruleJudge(ir, response);
        return {
          judge_verdict: r.verdict,
          judge_reason: r.reason,
          judge: "rule",
          rule_verdict: r.verdict,
          rule_reason: r.reason,
          llm_verdict: null,
          llm_reason: null,
        };
      };
    case "llm":
      return async (ir, encoded, response, signal) => {
        const r = await llm!.judge(ir, encoded, response, signal);
        const errored = r.details?.error === true;
        return {
          judge_verdict: r.verdict,
          judge_reason: r.reason,
          judge: errored ? "judge_error" : r.judge,
          rule_verdict: null,
          rule_reason: null,
          llm_verdict: errored ? "error" : r.verdict,
          llm_reason: r.reason,
        };
      };
    case "dual": {
      const dual = new DualJudge(llm!);
      return async (ir, encoded, response, signal) => {
        const r = await dual.judge(ir, encoded, response, signal);
        return { judge_verdict: r.verdict, judge_reason: r.reason, judge: r.judge, ...r.details };
      };
    }
  }
}
