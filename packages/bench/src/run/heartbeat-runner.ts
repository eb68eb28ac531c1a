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
import { STUDY_GENERATION, timestamp, type GenerationSettings, type RunProgress, type RunSummary } from "./matrix-runner.js";
import { runPool } from "./pool.js";
import { heartbeatFires, heartbeatOrder, heartbeatSessionId, sessionPrompt, type HeartbeatTurn } from "./prompts.js";
import { recordKey, type ResultsFile } from "./results-file.js";
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
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
}

export async function runHeartbeat(options: HeartbeatRunOptions): Promise<RunSummary> {
  const { nValues = STUDY_HEARTBEAT.nValues, seeds = STUDY_HEARTBEAT.seeds, turns = STUDY_HEARTBEAT.turns } = options;
  if (options.cases.length === 0) throw new RangeError("heartbeat run needs at least one case");
  for (const n of nValues) if (!Number.isInteger(n) || n < 1) throw new RangeError(`heartbeat N must be a positive integer, got ${n}`);
  const generation = options.generation ?? STUDY_GENERATION;
  const sessions = options.models.flatMap((model) => Array.from({ length: seeds }, (_, seed) => nValues.map((nValue) => ({ model, seed, nValue }))).flat());
  const summary: RunSummary = { total: sessions.length * turns, skipped: 0, written: 0, passed: 0, modelErrors: 0 };
  let done = 0;
  options.onProgress?.({ done, total: summary.total });

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
        const previous = options.results.has(key) ? options.results.find(key) : undefined;
        let response: string;
        if (previous) {
          response = previous.model_response;
          summary.skipped++;
          done++;
          options.onProgress?.({ done, total: summary.total });
        } else {
          const answer = await model.client.complete({
            model: model.id,
            messages: [{ role: "user", content: sessionPrompt(history, encoded) }],
            maxTokens: generation.maxTokens,
            temperature: generation.temperature,
            timeoutMs: generation.timeoutMs,
            ...(options.signal ? { signal: options.signal } : {}),
          });
          if (options.signal?.aborted) return;
          if (answer.error !== undefined) {
            summary.modelErrors++;
            done += turns - turn; // the rest of this session waits for the next run
            options.onProgress?.({ done, total: summary.total, error: answer.error });
            return;
          }
          const fields = await options.judge(c.ir, encoded, answer.text, options.signal);
          if (options.signal?.aborted) return;
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
          };
          options.results.append(record);
          summary.written++;
          if (record.first_pass) summary.passed++;
          done++;
          options.onProgress?.({ done, total: summary.total, record });
          response = answer.text;
        }
        history.push({ encoded, response });
        if (heartbeatFires(nValue, turn)) history = [];
      }
    },
    options.signal,
  );
  return summary;
}
