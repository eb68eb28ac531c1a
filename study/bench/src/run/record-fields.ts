/**
 * The provenance fields a run adds to each record, after the study's fields (docs/bench.md,
 * "Record format"): which run, the harness version, the model id sent and the model the server
 * named, the endpoint (scheme, host, path: never a key), the judge model, the generation
 * settings, what the server reported (finish_reason, usage) and the hashes of case and prompt.
 */
import type { ChatResult } from "../client/chat-client.js";
import type { BenchCase } from "../cases.js";
import { caseHash, HARNESS_VERSION, sha256Hex, type RunProvenance } from "./provenance.js";
import type { ModelTarget } from "./targets.js";

export interface GenerationSettings {
  maxTokens: number;
  temperature: number;
  /** Longest silence per attempt (before the headers, between chunks), ms. */
  timeoutMs: number;
  /** Deadline of one whole attempt, ms (default: the client's). */
  totalTimeoutMs?: number;
  /** Sent as `seed`, recorded as `request_seed`. */
  seed?: number;
}

/** The endpoint a target talks to, as recorded (its own, else its client's). */
export function endpointOf(model: ModelTarget): string | null {
  return model.endpoint ?? model.client.endpoint ?? null;
}

export function provenanceFields(args: {
  provenance: RunProvenance | undefined;
  model: ModelTarget;
  c: BenchCase;
  prompt: string | undefined;
  generation: GenerationSettings;
  answer: ChatResult | undefined;
}): Record<string, unknown> {
  const { provenance, model, c, prompt, generation, answer } = args;
  return {
    category: c.category,
    run_id: provenance?.runId ?? null,
    run_label: provenance?.label ?? null,
    harness_version: HARNESS_VERSION,
    model_id: model.id,
    model_returned: answer?.model ?? null,
    endpoint: endpointOf(model),
    judge_model: provenance?.judgeModel ?? null,
    temperature: generation.temperature,
    max_tokens: generation.maxTokens,
    request_seed: generation.seed ?? null,
    finish_reason: answer?.finishReason ?? null,
    truncated: answer?.finishReason === "length",
    usage: answer?.usage ?? null,
    prompt_sha256: prompt === undefined ? null : sha256Hex(prompt),
    case_sha256: caseHash(c),
    ...(answer?.status !== undefined ? { error_status: answer.status } : {}),
    ...(answer?.errorCode !== undefined ? { error_code: answer.errorCode } : {}),
  };
}

/** The request of one run. */
export function chatRequest(model: ModelTarget, prompt: string, generation: GenerationSettings, signal: AbortSignal | undefined) {
  return {
    model: model.id,
    messages: [{ role: "user" as const, content: prompt }],
    maxTokens: generation.maxTokens,
    temperature: generation.temperature,
    timeoutMs: generation.timeoutMs,
    ...(generation.totalTimeoutMs !== undefined ? { totalTimeoutMs: generation.totalTimeoutMs } : {}),
    ...(generation.seed !== undefined ? { seed: generation.seed } : {}),
    ...(signal ? { signal } : {}),
  };
}
