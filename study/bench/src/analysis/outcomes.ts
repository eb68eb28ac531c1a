/**
 * What happened to each run, by category, so an infrastructure failure never passes as a wrong
 * answer (docs/bench.md, "Failure categories"):
 *   pass / fail      the model answered and a judge gave a verdict (a dual-judge rule fallback is
 *                    a verdict too, counted apart as `judgeFallbacks`);
 *   model_error      the model call failed after retries (`judge: "error"`);
 *   judge_error      the LLM judge failed on an answer (`judge: "judge_error"`, --judge llm);
 *   compile_error    the payload did not compile (`judge: "compile_error"`).
 * Pass rates are over answered runs (pass + fail) with the excluded counts beside them, or, with
 * `errorsAsFailures`, over every run with each error counted as a failure.
 */
import { categoryOf } from "../cases.js";
import type { MatrixRecord, RunRecordCore } from "../records.js";
import { wilson, type Interval } from "../stats/wilson.js";
import { frontendOrder, sortedStrings } from "./order.js";

export type RunOutcome = "pass" | "fail" | "model_error" | "judge_error" | "compile_error";

export function outcomeOf(r: RunRecordCore): RunOutcome {
  if (r.judge === "error") return "model_error";
  if (r.judge === "judge_error") return "judge_error";
  if (r.judge === "compile_error") return "compile_error";
  return r.first_pass ? "pass" : "fail";
}

/** Whether a record holds a judged answer (it enters a pass rate over answered runs). */
export function isAnswered(r: RunRecordCore): boolean {
  const outcome = outcomeOf(r);
  return outcome === "pass" || outcome === "fail";
}

export interface OutcomeCell {
  /** Every run of the cell. */
  n: number;
  /** Runs with a verdict: passed + failed. */
  answered: number;
  passed: number;
  failed: number;
  modelErrors: number;
  judgeErrors: number;
  compileErrors: number;
  /** Answered runs judged by the rule judge because the LLM judge failed (dual mode). */
  judgeFallbacks: number;
  /** Answers the model stopped at max_tokens (`finish_reason: "length"`). */
  truncated: number;
  /** Pass rate over `denominator` runs; NaN when there are none. */
  rate: number;
  denominator: number;
  /** 95 % Wilson interval of `rate`. */
  ci: Interval;
  /** Token usage the server reported, summed. */
  promptTokens: number;
  completionTokens: number;
}

export interface OutcomeOptions {
  /** Count model, judge and compile errors as failures (denominator: every run). */
  errorsAsFailures?: boolean;
}

export interface OutcomeTable {
  models: string[];
  frontends: string[];
  categories: string[];
  errorsAsFailures: boolean;
  /** frontend -> model -> cell. */
  cells: Map<string, Map<string, OutcomeCell>>;
  /** category -> model -> cell (all frontends pooled). */
  byCategory: Map<string, Map<string, OutcomeCell>>;
  /** model -> cell (everything pooled). */
  byModel: Map<string, OutcomeCell>;
}

function emptyCell(): OutcomeCell {
  return {
    n: 0,
    answered: 0,
    passed: 0,
    failed: 0,
    modelErrors: 0,
    judgeErrors: 0,
    compileErrors: 0,
    judgeFallbacks: 0,
    truncated: 0,
    rate: Number.NaN,
    denominator: 0,
    ci: { low: Number.NaN, high: Number.NaN },
    promptTokens: 0,
    completionTokens: 0,
  };
}

function add(cell: OutcomeCell, r: RunRecordCore): void {
  cell.n++;
  switch (outcomeOf(r)) {
    case "pass":
      cell.passed++;
      break;
    case "fail":
      cell.failed++;
      break;
    case "model_error":
      cell.modelErrors++;
      break;
    case "judge_error":
      cell.judgeErrors++;
      break;
    case "compile_error":
      cell.compileErrors++;
      break;
  }
  if (r.judge === "dual_fallback") cell.judgeFallbacks++;
  if (r.finish_reason === "length") cell.truncated++;
  const usage = r.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
  if (typeof usage?.prompt_tokens === "number") cell.promptTokens += usage.prompt_tokens;
  if (typeof usage?.completion_tokens === "number") cell.completionTokens += usage.completion_tokens;
}

function finish(cell: OutcomeCell, errorsAsFailures: boolean): void {
  cell.answered = cell.passed + cell.failed;
  cell.denominator = errorsAsFailures ? cell.n : cell.answered;
  cell.rate = cell.denominator > 0 ? cell.passed / cell.denominator : Number.NaN;
  cell.ci = wilson(cell.passed, cell.denominator);
}

/** The category of a record: its own field (new runs), else from the case id (the study's names). */
export function recordCategory(r: RunRecordCore): string {
  return typeof r.category === "string" ? r.category : categoryOf(r.case_id);
}

export function outcomeTable(records: readonly MatrixRecord[], options: OutcomeOptions = {}): OutcomeTable {
  const errorsAsFailures = options.errorsAsFailures === true;
  const models = sortedStrings(records.map((r) => r.model));
  const frontends = frontendOrder(records.map((r) => r.frontend));
  const categories = sortedStrings(records.map(recordCategory));
  const cells = new Map(frontends.map((f) => [f, new Map(models.map((m) => [m, emptyCell()]))]));
  const byCategory = new Map(categories.map((c) => [c, new Map(models.map((m) => [m, emptyCell()]))]));
  const byModel = new Map(models.map((m) => [m, emptyCell()]));
  for (const r of records) {
    add(cells.get(r.frontend)!.get(r.model)!, r);
    add(byCategory.get(recordCategory(r))!.get(r.model)!, r);
    add(byModel.get(r.model)!, r);
  }
  for (const table of [...cells.values(), ...byCategory.values(), byModel]) for (const cell of table.values()) finish(cell, errorsAsFailures);
  return { models, frontends, categories, errorsAsFailures, cells, byCategory, byModel };
}
