/**
 * The phase-2 style run: every case x frontend x model once, single turn, the study's decode
 * prompt, judged, one record per run appended to the results file. Runs already in the file are
 * skipped (resume); runs are issued model by model, case by case, frontend by frontend, with at
 * most `concurrency` requests in flight.
 */
import type { BenchCase } from "../cases.js";
import type { MatrixRecord } from "../records.js";
import type { JudgeFields, RunJudge } from "./judging.js";
import type { Payload } from "./payloads.js";
import { runPool } from "./pool.js";
import { decodePrompt } from "./prompts.js";
import { recordKey, type ResultsFile } from "./results-file.js";
import type { ModelTarget } from "./targets.js";

export interface GenerationSettings {
  maxTokens: number;
  temperature: number;
  timeoutMs: number;
}

/** The study's settings: 256 new tokens, temperature 0, 30 s per request. */
export const STUDY_GENERATION: Readonly<GenerationSettings> = Object.freeze({ maxTokens: 256, temperature: 0, timeoutMs: 30_000 });

export interface RunProgress {
  done: number;
  total: number;
  /** The record just written, when this step wrote one. */
  record?: { first_pass: boolean; judge: string };
  /** A model error that stopped this step (no verdict). */
  error?: string;
}

export interface RunSummary {
  total: number;
  skipped: number;
  written: number;
  passed: number;
  modelErrors: number;
}

export interface MatrixRunOptions {
  cases: readonly BenchCase[];
  payloads: readonly Payload[];
  models: readonly ModelTarget[];
  judge: RunJudge;
  results: ResultsFile<"matrix">;
  concurrency?: number;
  generation?: GenerationSettings;
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
}

export function timestamp(): string {
  return new Date().toISOString();
}

/** Judge fields of a run that produced no answer to judge: a model error or a compile error. */
function unjudged(judge: "error" | "compile_error", reason: string): JudgeFields {
  return { judge_verdict: "fail", judge_reason: reason, judge, rule_verdict: null, rule_reason: null, llm_verdict: null, llm_reason: null };
}

export async function runMatrix(options: MatrixRunOptions): Promise<RunSummary> {
  const generation = options.generation ?? STUDY_GENERATION;
  const cases = new Map(options.cases.map((c) => [c.id, c]));
  const runnable = options.payloads.filter((p) => p.skipped === undefined);
  const jobs = options.models.flatMap((model) => runnable.map((payload) => ({ model, payload })));
  const summary: RunSummary = { total: jobs.length, skipped: 0, written: 0, passed: 0, modelErrors: 0 };
  let done = 0;
  const pending = jobs.filter(({ model, payload }) => {
    const seen = options.results.has(recordKey("matrix", { case_id: payload.caseId, frontend: payload.frontend, model: model.name }));
    if (seen) summary.skipped++;
    return !seen;
  });
  done = summary.skipped;
  options.onProgress?.({ done, total: summary.total });

  await runPool(
    pending,
    options.concurrency ?? 4,
    async ({ model, payload }) => {
      const ir = cases.get(payload.caseId)!.ir;
      const base = { case_id: payload.caseId, frontend: payload.frontend, model: model.name, encoded: payload.text ?? "" };
      let record: MatrixRecord;
      let error: string | undefined;
      if (payload.text === undefined) {
        const fields = unjudged("compile_error", `Compile error: ${payload.compileError ?? "unknown"}`);
        record = { ...base, model_response: "", ...fields, elapsed: 0, retries: 0, timestamp: timestamp(), first_pass: false };
      } else {
        const answer = await model.client.complete({
          model: model.id,
          messages: [{ role: "user", content: decodePrompt(payload.text) }],
          maxTokens: generation.maxTokens,
          temperature: generation.temperature,
          timeoutMs: generation.timeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        if (options.signal?.aborted) return; // interrupted: leave this run for the next resume
        if (answer.error !== undefined) {
          error = answer.error;
          summary.modelErrors++;
        }
        const fields = error !== undefined ? unjudged("error", `Model error: ${error}`) : await options.judge(ir, payload.text, answer.text, options.signal);
        if (options.signal?.aborted) return; // the judge call was cut short: no verdict to record
        record = {
          ...base,
          model_response: answer.text,
          ...fields,
          elapsed: answer.elapsed,
          retries: answer.retries,
          timestamp: timestamp(),
          first_pass: fields.judge_verdict === "pass",
        };
      }
      options.results.append(record);
      summary.written++;
      if (record.first_pass) summary.passed++;
      done++;
      options.onProgress?.({ done, total: summary.total, record, ...(error !== undefined ? { error } : {}) });
    },
    options.signal,
  );
  return summary;
}
