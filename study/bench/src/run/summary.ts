/**
 * The counts a run reports as it goes and at its end, in the failure categories of
 * analysis/outcomes.ts, and the breaker that stops a run on an endpoint that refuses everything.
 */
import type { ChatResult } from "../client/chat-client.js";
import { outcomeOf } from "../analysis/outcomes.js";
import type { RunRecordCore } from "../records.js";

export interface RunSummary {
  total: number;
  /** Runs already in the file (resume). */
  skipped: number;
  /** Of the skipped runs, how many passed (so progress shows every pass, not only new ones). */
  skippedPassed: number;
  written: number;
  passed: number;
  failed: number;
  modelErrors: number;
  judgeErrors: number;
  judgeFallbacks: number;
  compileErrors: number;
  /** Answers cut at max_tokens (`finish_reason: "length"`), judged and flagged. */
  truncated: number;
  /** Why the run stopped before its end (consecutive refusals), when it did. */
  stopped?: string;
}

export interface RunProgress {
  done: number;
  total: number;
  /** The counts so far. */
  summary: Readonly<RunSummary>;
  /** The record just written, when this step wrote one. */
  record?: { first_pass: boolean; judge: string };
  /** A model error that stopped this step (no verdict). */
  error?: string;
}

export function emptySummary(total: number): RunSummary {
  return {
    total,
    skipped: 0,
    skippedPassed: 0,
    written: 0,
    passed: 0,
    failed: 0,
    modelErrors: 0,
    judgeErrors: 0,
    judgeFallbacks: 0,
    compileErrors: 0,
    truncated: 0,
  };
}

/** Counts a record the run just wrote. */
export function countWritten(summary: RunSummary, record: RunRecordCore): void {
  summary.written++;
  switch (outcomeOf(record)) {
    case "pass":
      summary.passed++;
      break;
    case "fail":
      summary.failed++;
      break;
    case "model_error":
      summary.modelErrors++;
      break;
    case "judge_error":
      summary.judgeErrors++;
      break;
    case "compile_error":
      summary.compileErrors++;
      break;
  }
  if (record.judge === "dual_fallback") summary.judgeFallbacks++;
  if (record.finish_reason === "length") summary.truncated++;
}

/** Counts a run found in the file. */
export function countSkipped(summary: RunSummary, record: RunRecordCore | undefined): void {
  summary.skipped++;
  if (record?.first_pass) summary.skippedPassed++;
}

/** HTTP statuses and connection errors that will not change from one request to the next. */
const FATAL_STATUS: ReadonlySet<number> = new Set([401, 403, 404]);
const FATAL_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);

export function isFatal(result: Pick<ChatResult, "status" | "errorCode">): boolean {
  return (result.status !== undefined && FATAL_STATUS.has(result.status)) || (result.errorCode !== undefined && FATAL_CODES.has(result.errorCode));
}

/** The default number of consecutive fatal failures after which a run stops. */
export const DEFAULT_STOP_AFTER_FATAL = 3;

/**
 * Counts consecutive fatal failures across all jobs of a run; any other outcome resets it.
 * `note` returns the reason to stop once the limit is reached.
 */
export class FatalBreaker {
  #streak = 0;
  constructor(readonly limit: number) {}
  note(result: Pick<ChatResult, "status" | "errorCode" | "error">): string | undefined {
    if (result.error === undefined || !isFatal(result)) {
      this.#streak = 0;
      return undefined;
    }
    this.#streak++;
    if (this.#streak < this.limit) return undefined;
    return `stopped after ${this.#streak} consecutive failures that retrying cannot fix; last: ${result.error}`;
  }
}
