/**
 * Shapes shared by the three judges (rule, LLM, dual).
 *
 * A judge reads only the parts of the IR it checks, so `JudgeCase` is a structural subset of
 * `SilpIR`: any normalized IR, a study case file or a hand-written object satisfies it.
 */

export type Verdict = "pass" | "fail";

export interface JudgeCase {
  intent: string;
  entities?: ReadonlyArray<{ value: string }>;
  constraints?: ReadonlyArray<{ type: string; value: string }>;
  alternatives?: ReadonlyArray<{ target?: string | null | undefined }>;
}

export interface JudgeResult {
  verdict: Verdict;
  reason: string;
  /** "rule", the judge model's name, "dual" or "dual_fallback" (the study's labels). */
  judge: string;
  details?: Record<string, unknown>;
}

/** What the dual judge records next to its verdict (the study's record fields). */
export interface DualJudgeDetails {
  rule_verdict: Verdict;
  rule_reason: string;
  /** "error" when the LLM judge could not answer. */
  llm_verdict: Verdict | "error";
  llm_reason: string;
}
