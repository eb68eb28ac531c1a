/**
 * The study's LLM judge: a fixed prompt (no per-case tuning) asking a judge model whether a
 * response captures the full intent of the IR, answered as
 * `{"verdict": "pass"|"fail", "reason": "...", "missing": [...]}`.
 *
 * The prompt text is the study's, word for word, so verdicts stay comparable; it is sent as one
 * user message (system text, blank line, case), at temperature 0 with 256 tokens, as the study
 * did. Answers are parsed with the study's fallbacks: markdown fences stripped, then the whole
 * text as JSON, then the outermost {...}, then a bare `"pass"` / `verdict: pass` in the text;
 * anything else is a fail "Could not parse judge response". A judge call that errors yields a
 * fail whose `details.error` is true, which the dual judge turns into a rule fallback.
 */
import type { SilpIRInput } from "silp";
import type { ChatClient } from "../client/chat-client.js";
import { compactIrJson } from "./ir-json.js";
import type { JudgeResult } from "./types.js";

export const JUDGE_SYSTEM = `You are a strict semantic evaluator for the SILP (Semantic Interlingua Layer Protocol) project.

Your task: determine whether a model's response correctly captures the FULL semantic intent of a SILP instruction. The response may be in English, Chinese, or any other language — judge by SEMANTIC equivalence, not string matching.

You will receive:
1. Original Intent (JSON IR format) — the canonical semantic representation
2. Encoded Instruction — what was shown to the model
3. Model Response — the model's interpretation

Evaluation criteria (ALL must be correct for a "pass"):
- Main action: The response must correctly identify the primary action (e.g., cancel, start, translate, update). Paraphrasing in any language is acceptable.
- All entities/arguments: Every entity value and its role must be correctly identified. Paraphrasing is acceptable if the semantic meaning is preserved (e.g., "order_42" can be described as "订单42" or "order number 42").
- All constraints/conditions: Every condition must be correctly captured, including time bounds, subjects, and operators (e.g., <=, !=, >=).
- Negation logic: Negated conditions (e.g., "if NOT rain") must NOT be reversed. A reversed negation is an automatic fail. This is the most critical check.
- Alternative/else-branch: All fallback actions must be correctly identified with their targets and locations.
- Ordering: If meta.seq specifies a sequence, the order must be preserved.

A response FAILS if:
- It misses or misunderstands any entity, constraint, or action
- It reverses any negation condition (e.g., saying "if rain" when the IR says "if NOT rain")
- It omits any required action or alternative
- It fabricates entities or conditions not present in the IR

Respond in EXACTLY this JSON format (no markdown fences, no extra text):
{"verdict": "pass" or "fail", "reason": "one-sentence explanation", "missing": ["list of any missing or incorrect elements, empty array if pass"]}`;

export function buildJudgePrompt(ir: SilpIRInput, encoded: string, modelResponse: string): string {
  return `${JUDGE_SYSTEM}

## Original Intent (IR)
${compactIrJson(ir)}

## Encoded Instruction (shown to model)
${encoded}

## Model Response
${modelResponse}

Evaluate: does the model's response correctly capture the full semantic intent?`;
}

/** The first `n` code points (Python's `s[:n]`). */
function head(text: string, n: number): string {
  return Array.from(text).slice(0, n).join("");
}

function reasonText(value: unknown): string {
  if (value === undefined) return "no reason provided";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function fromJson(data: unknown, judge: string, raw: string): JudgeResult | undefined {
  // Only an object is a verdict; the study crashed on a JSON array or number, we fall through.
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const obj = data as Record<string, unknown>;
  const said = String(obj.verdict ?? "fail")
    .toLowerCase()
    .trim();
  return {
    verdict: said === "pass" ? "pass" : "fail",
    reason: reasonText(obj.reason),
    judge,
    details: { missing: Array.isArray(obj.missing) ? obj.missing : [], raw },
  };
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function parseJudgeResponse(text: string, judge: string): JudgeResult {
  let cleaned = text.trim();
  if (cleaned.startsWith("```")) cleaned = cleaned.replace(/^```(?:json)?\s*/, "").replace(/\s*```$/, "");

  const whole = fromJson(tryJson(cleaned), judge, text);
  if (whole) return whole;

  const start = cleaned.indexOf("{");
  const end = cleaned.lastIndexOf("}");
  if (start !== -1 && end > start) {
    const inner = fromJson(tryJson(cleaned.slice(start, end + 1)), judge, text);
    if (inner) return inner;
  }

  const lower = cleaned.toLowerCase();
  if (lower.includes('"pass"') || lower.includes("verdict: pass")) {
    return { verdict: "pass", reason: head(cleaned, 200), judge, details: { raw: text } };
  }
  return { verdict: "fail", reason: `Could not parse judge response: ${head(cleaned, 200)}`, judge, details: { raw: text } };
}

export interface LlmJudgeOptions {
  /** The judge model's name at the endpoint (the study used glm-5.2). */
  model?: string;
  maxTokens?: number;
  temperature?: number;
  timeoutMs?: number;
}

export class LlmJudge {
  readonly model: string;

  constructor(
    private readonly client: ChatClient,
    private readonly options: LlmJudgeOptions = {},
  ) {
    this.model = options.model ?? "glm-5.2";
  }

  async judge(ir: SilpIRInput, encoded: string, modelResponse: string, signal?: AbortSignal): Promise<JudgeResult> {
    const result = await this.client.complete({
      model: this.model,
      messages: [{ role: "user", content: buildJudgePrompt(ir, encoded, modelResponse) }],
      maxTokens: this.options.maxTokens ?? 256,
      temperature: this.options.temperature ?? 0,
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(signal ? { signal } : {}),
    });
    if (result.error !== undefined) {
      return { verdict: "fail", reason: `Judge error: ${result.error}`, judge: this.model, details: { error: true } };
    }
    return parseJudgeResponse(result.text, this.model);
  }
}
