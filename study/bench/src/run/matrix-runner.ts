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
import type { RunProvenance } from "./provenance.js";
import { chatRequest, provenanceFields, type GenerationSettings } from "./record-fields.js";
import { recordKey, type ResultsFile } from "./results-file.js";
import { countSkipped, countWritten, DEFAULT_STOP_AFTER_FATAL, emptySummary, FatalBreaker, type RunProgress, type RunSummary } from "./summary.js";
import type { ModelTarget } from "./targets.js";

export type { GenerationSettings } from "./record-fields.js";
export type { RunProgress, RunSummary } from "./summary.js";

/** The study's settings: 256 new tokens, temperature 0, 30 s per request. */
export const STUDY_GENERATION: Readonly<GenerationSettings> = Object.freeze({ maxTokens: 256, temperature: 0, timeoutMs: 30_000 });

export interface MatrixRunOptions {
  cases: readonly BenchCase[];
  payloads: readonly Payload[];
  models: readonly ModelTarget[];
  judge: RunJudge;
  results: ResultsFile<"matrix">;
  concurrency?: number;
  generation?: GenerationSettings;
  /** Run id, label and judge model written into every record. */
  provenance?: RunProvenance;
  /** Stop after this many consecutive 401/403/404/connection-refused model errors (default 3). */
  stopAfterFatal?: number;
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
  const summary = emptySummary(jobs.length);
  const keyOf = (model: ModelTarget, payload: Payload) => recordKey("matrix", { case_id: payload.caseId, frontend: payload.frontend, model: model.name });
  const pending = jobs.filter(({ model, payload }) => {
    const key = keyOf(model, payload);
    const seen = options.results.has(key);
    if (seen) countSkipped(summary, options.results.find(key));
    return !seen;
  });
  let done = summary.skipped;
  options.onProgress?.({ done, total: summary.total, summary });
  const breaker = new FatalBreaker(options.stopAfterFatal ?? DEFAULT_STOP_AFTER_FATAL);
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;

  await runPool(
    pending,
    options.concurrency ?? 4,
    async ({ model, payload }) => {
      const c = cases.get(payload.caseId)!;
      const base = { case_id: payload.caseId, frontend: payload.frontend, model: model.name, encoded: payload.text ?? "" };
      let record: MatrixRecord;
      let error: string | undefined;
      if (payload.text === undefined) {
        const fields = unjudged("compile_error", `Compile error: ${payload.compileError ?? "unknown"}`);
        const extra = provenanceFields({ provenance: options.provenance, model, c, prompt: undefined, generation, answer: undefined });
        record = { ...base, model_response: "", ...fields, elapsed: 0, retries: 0, timestamp: timestamp(), first_pass: false, ...extra };
      } else {
        const prompt = decodePrompt(payload.text);
        const previous = options.results.find(keyOf(model, payload));
        if (previous?.judge === "judge_error") {
          // The model answered last time and the judge did not: judge that answer now.
          const fields = await options.judge(c.ir, payload.text, previous.model_response, signal);
          if (signal.aborted) return;
          record = { ...previous, ...fields, timestamp: timestamp(), first_pass: fields.judge_verdict === "pass" };
          if (options.provenance) Object.assign(record, { run_id: options.provenance.runId, run_label: options.provenance.label ?? null });
        } else {
          const answer = await model.client.complete(chatRequest(model, prompt, generation, signal));
          if (signal.aborted) return; // interrupted: leave this run for the next resume
          const reason = breaker.note(answer);
          if (answer.error !== undefined) error = answer.error;
          const fields = error !== undefined ? unjudged("error", `Model error: ${error}`) : await options.judge(c.ir, payload.text, answer.text, signal);
          if (signal.aborted) return; // the judge call was cut short: no verdict to record
          const extra = provenanceFields({ provenance: options.provenance, model, c, prompt, generation, answer });
          record = {
            ...base,
            model_response: answer.text,
            ...fields,
            elapsed: answer.elapsed,
            retries: answer.retries,
            timestamp: timestamp(),
            first_pass: fields.judge_verdict === "pass",
            ...extra,
          };
          if (reason !== undefined && summary.stopped === undefined) {
            summary.stopped = reason;
            stop.abort();
          }
        }
      }
      options.results.append(record);
      countWritten(summary, record);
      done++;
      options.onProgress?.({ done, total: summary.total, summary, record, ...(error !== undefined ? { error } : {}) });
    },
    signal,
  );
  return summary;
}
