/**
 * `silp/bench`: the benchmark harness (spec Layers 4 and 5).
 *
 * - judges: the study's rule judge (reproduces every recorded rule verdict), its LLM judge and
 *   the dual verdict;
 * - an OpenAI-compatible chat-completions client (streaming, transport-only retries);
 * - runners: case x frontend x model matrices and the multi-turn heartbeat study, resumable;
 * - analysis: the study's tables recomputed from raw records (pass-rate matrix, McNemar,
 *   Spearman, heartbeat Fisher/odds ratios/Benjamini-Hochberg, ablation);
 * - Layer 4 fitness ranking and Layer 5 rank-preservation screening;
 * - a self-contained HTML report.
 * See docs/bench.md.
 */
export type { JudgeCase, JudgeResult, Verdict, DualJudgeDetails } from "./judge/types.js";
export { ruleJudge, findValue } from "./judge/rule-judge.js";
export { LlmJudge, JUDGE_SYSTEM, buildJudgePrompt, parseJudgeResponse, type LlmJudgeOptions } from "./judge/llm-judge.js";
export { DualJudge, combineVerdicts, type DualJudgeResult } from "./judge/dual-judge.js";
export { compactIrJson } from "./judge/ir-json.js";

export {
  OpenAIChatClient,
  DEFAULT_ENDPOINT,
  endpointFromEnv,
  type ChatClient,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type ChatUsage,
  type ProbeResult,
  type EndpointDefaults,
  type EndpointOptions,
} from "./client/chat-client.js";
export { SseDecoder } from "./client/sse.js";
export { watchIntent, type IntentTiming, type IntentWatcher } from "./client/time-to-intent.js";

export {
  asRecord,
  parseJsonLines,
  parseRecords,
  type AblationRecord,
  type HeartbeatRecord,
  type MatrixRecord,
  type RecordByKind,
  type RecordKind,
  type RunRecordCore,
  type RunHeader,
  isRunHeader,
  parseRunHeaders,
} from "./records.js";
export { loadCaseFolder, indexCases, categoryOf, type BenchCase } from "./cases.js";
export { builtinCases, SUITE_CATEGORIES } from "./cases/index.js";
export { loadStudy, loadPhaseRecords, loadCompiledPayloads, loadPublishedTables, type Study, type CompiledPayload, type PublishedTables } from "./study.js";

export { preparePayloads, type Payload, type PayloadOptions } from "./run/payloads.js";
export {
  decodePrompt,
  sessionPrompt,
  heartbeatOrder,
  heartbeatSessionId,
  heartbeatFires,
  DECODE_INSTRUCTION,
  SESSION_PREAMBLE,
  type HeartbeatTurn,
} from "./run/prompts.js";
export { ResultsFile, latestRecords, recordKey } from "./run/results-file.js";
export { createRunJudge, JUDGE_MODES, type JudgeMode, type RunJudge, type JudgeFields } from "./run/judging.js";
export { runMatrix, STUDY_GENERATION, type MatrixRunOptions, type GenerationSettings, type RunProgress, type RunSummary } from "./run/matrix-runner.js";
export { DEFAULT_STOP_AFTER_FATAL, isFatal } from "./run/summary.js";
export {
  caseHash,
  changedCaseRecords,
  HARNESS_VERSION,
  newRunId,
  runHeader,
  settingsConflicts,
  sha256Hex,
  type RunProvenance,
  type RunSettings,
} from "./run/provenance.js";
export { runHeartbeat, STUDY_HEARTBEAT, type HeartbeatRunOptions } from "./run/heartbeat-runner.js";
export { readModelRegistry, type ModelTarget, type RegistryEntry } from "./run/targets.js";

export {
  passRateMatrix,
  passRate,
  pairwiseMcNemar,
  crossModelSpearman,
  formatMatrixCsv,
  formatMcNemarCsv,
  formatSpearmanJson,
  firstPass,
  llmPass,
  type PassRateMatrix,
  type McNemarRow,
  type SpearmanReport,
  type SpearmanPair,
  type Outcome,
  type Tally,
} from "./analysis/phase2.js";
export {
  heartbeatSummary,
  formatHeartbeatSummaryCsv,
  errorPropagation,
  compareWithBaseline,
  passRateByContextDepth,
  type HeartbeatSummaryRow,
  type PropagationResult,
  type BaselineComparison,
} from "./analysis/heartbeat.js";
export {
  outcomeTable,
  outcomeOf,
  isAnswered,
  recordCategory,
  type OutcomeCell,
  type OutcomeOptions,
  type OutcomeTable,
  type RunOutcome,
} from "./analysis/outcomes.js";
export { compareRuns, type RunComparison, type ComparisonCell, type CaseDifference } from "./analysis/compare.js";
export { ablationMatrix, formatAblationCsv, compareConditions, type AblationMatrix, type ConditionComparison } from "./analysis/ablation.js";
export { tokenStatsFromCounter, tokenStatsFromVarianceCsv, type FrontendTokenStats, type TokenCounter } from "./analysis/token-stats.js";
export { parseCsv, parseCsvObjects } from "./analysis/csv.js";

export { mcnemar, type McNemarResult } from "./stats/mcnemar.js";
export { spearman, pearson, type CorrelationResult } from "./stats/spearman.js";
export { fisherExact, type FisherResult, type Alternative } from "./stats/fisher.js";
export { benjaminiHochberg, holm } from "./stats/multiple-testing.js";
export { mcnemarExact, type ExactMcNemar } from "./stats/mcnemar-exact.js";
export { wilson, type Interval } from "./stats/wilson.js";

export {
  fitness,
  rankFrontends,
  rankFrontendsPerModel,
  measure,
  resolveWeights,
  DEFAULT_WEIGHTS,
  DEFAULT_FIDELITY_FLOOR,
  MIN_SUCCESS_WEIGHT,
  type FitnessWeights,
  type FitnessTerm,
  type FitnessScore,
  type FrontendMeasurements,
  type MeasuredInputs,
  type RankedFrontend,
  type RankOptions,
} from "./layers/fitness.js";
export {
  screenProxy,
  screenAllProxies,
  scoresFromRates,
  DEFAULT_RANK_THRESHOLD,
  type ScreeningResult,
  type RankAgreement,
  type FrontendScores,
} from "./layers/migration.js";

export { buildReport, type ReportInputs, type ReportModel, type JudgeAgreement } from "./report/model.js";
export { renderHtml } from "./report/html.js";
export { compareTable, type ReproductionCheck } from "./report/reproduction.js";
