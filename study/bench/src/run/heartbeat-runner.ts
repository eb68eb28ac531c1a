/**
 * The study's multi-turn heartbeat run. For each model, seed and heartbeat interval N, one
 * session of `turns` payloads (code frontend) in the seed's deterministic case order; every
 * prompt pastes the turns since the last heartbeat (payload and the model's own answer), and the
 * context is cleared after turn t when (t + 1) % N == 0 (never for N = 9999).
 *
 * Turns inside a session are sequential (each depends on the previous answer); sessions run
 * concurrently. On resume, finished turns are skipped and their recorded answers rebuild the
 * context (the study pasted a placeholder there). A turn whose model call fails after the
 * client's retries is not recorded, and its session stops there, so no later turn is judged
 * on a context the study's design would not have produced; the next run resumes it.
 */
import type { BenchCase } from "../cases.js";
import type { HeartbeatRecord } from "../records.js";
import type { RunJudge } from "./judging.js";
import { STUDY_GENERATION, timestamp } from "./matrix-runner.js";
import { runPool } from "./pool.js";
import { heartbeatFires, heartbeatOrder, heartbeatSessionId, sessionPrompt, type HeartbeatTurn } from "./prompts.js";
import type { RunProvenance } from "./provenance.js";
import { chatRequest, provenanceFields, type GenerationSettings } from "./record-fields.js";
import { recordKey, type ResultsFile } from "./results-file.js";
import { countSkipped, countWritten, DEFAULT_STOP_AFTER_FATAL, emptySummary, FatalBreaker, type RunProgress, type RunSummary } from "./summary.js";
import type { ModelTarget } from "./targets.js";

/** The study's design: six intervals, 8 seeds, 15 turns per session. */
export const STUDY_HEARTBEAT = Object.freeze({ nValues: [1, 5, 10, 15, 20, 9999] as readonly number[], seeds: 8, turns: 15 });

export interface HeartbeatRunOptions {
  /** In the study's case order (file-name order); the seed permutes them. */
  cases: readonly BenchCase[];
  /** Payload per case id (the study used the code frontend). */
  encoded: ReadonlyMap<string, string>;
  models: readonly ModelTarget[];
  judge: RunJudge;
  results: ResultsFile<"heartbeat">;
  nValues?: readonly number[];
  seeds?: number;
  turns?: number;
  concurrency?: number;
  generation?: GenerationSettings;
  provenance?: RunProvenance;
  /** Stop after this many consecutive 401/403/404/connection-refused model errors (default 3). */
  stopAfterFatal?: number;
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
}

export async function runHeartbeat(options: HeartbeatRunOptions): Promise<RunSummary> {
  const { nValues = STUDY_HEARTBEAT.nValues, seeds = STUDY_HEARTBEAT.seeds, turns = STUDY_HEARTBEAT.turns } = options;
  if (options.cases.length === 0) throw new RangeError("heartbeat run needs at least one case");
  for (const n of nValues) if (!Number.isInteger(n) || n < 1) throw new RangeError(`heartbeat N must be a positive integer, got ${n}`);
  const generation = options.generation ?? STUDY_GENERATION;
  const sessions = options.models.flatMap((model) => Array.from({ length: seeds }, (_, seed) => nValues.map((nValue) => ({ model, seed, nValue }))).flat());
  const summary: RunSummary = emptySummary(sessions.length * turns);
  let done = 0;
  options.onProgress?.({ done, total: summary.total, summary });
  const breaker = new FatalBreaker(options.stopAfterFatal ?? DEFAULT_STOP_AFTER_FATAL);
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;

  await runPool(
    sessions,
    options.concurrency ?? 4,
    async ({ model, seed, nValue }) => {
      const order = heartbeatOrder(options.cases, seed);
      let history: HeartbeatTurn[] = [];
      for (let turn = 0; turn < turns; turn++) {
        const c = order[turn % order.length]!;
        const encoded = options.encoded.get(c.id);
        if (encoded === undefined) throw new RangeError(`no payload for case ${c.id}`);
        const key = recordKey("heartbeat", { model: model.name, n_value: nValue, seed, turn });
        const previous = options.results.find(key);
        let response: string;
        if (previous && options.results.has(key)) {
          response = previous.model_response;
          countSkipped(summary, previous);
          done++;
          options.onProgress?.({ done, total: summary.total, summary });
        } else if (previous?.judge === "judge_error") {
          // The model answered last time and the judge did not: judge that answer now.
          const fields = await options.judge(c.ir, encoded, previous.model_response, signal);
          if (signal.aborted) return;
          const record: HeartbeatRecord = { ...previous, ...fields, timestamp: timestamp(), first_pass: fields.judge_verdict === "pass" };
          if (options.provenance) Object.assign(record, { run_id: options.provenance.runId, run_label: options.provenance.label ?? null });
          options.results.append(record);
          countWritten(summary, record);
          done++;
          options.onProgress?.({ done, total: summary.total, summary, record });
          response = previous.model_response;
        } else {
          const prompt = sessionPrompt(history, encoded);
          const answer = await model.client.complete(chatRequest(model, prompt, generation, signal));
          if (signal.aborted) return;
          const reason = breaker.note(answer);
          if (reason !== undefined && summary.stopped === undefined) {
            summary.stopped = reason;
            stop.abort();
          }
          if (answer.error !== undefined) {
            summary.modelErrors++;
            done += turns - turn; // the rest of this session waits for the next run
            options.onProgress?.({ done, total: summary.total, summary, error: answer.error });
            return;
          }
          const fields = await options.judge(c.ir, encoded, answer.text, signal);
          if (signal.aborted) return;
          const record: HeartbeatRecord = {
            model: model.name,
            n_value: nValue,
            seed,
            turn,
            case_id: c.id,
            session_id: heartbeatSessionId(nValue, seed),
            context_turns: history.length,
            encoded,
            model_response: answer.text,
            ...fields,
            elapsed: answer.elapsed,
            retries: answer.retries,
            timestamp: timestamp(),
            first_pass: fields.judge_verdict === "pass",
            ...provenanceFields({ provenance: options.provenance, model, c, prompt, generation, answer }),
          };
          options.results.append(record);
          countWritten(summary, record);
          done++;
          options.onProgress?.({ done, total: summary.total, summary, record });
          response = answer.text;
        }
        history.push({ encoded, response });
        if (heartbeatFires(nValue, turn)) history = [];
      }
    },
    signal,
  );
  return summary;
}
