/**
 * `silpc bench run`: wires flags to the harness (silp/bench), draws the progress bar on stderr
 * and prints the summary. Ctrl-C stops issuing requests, aborts those in flight and leaves the
 * results file resumable: run the same command again to continue.
 */
import { studyDirOption } from "./study-dir.js";
import { join } from "node:path";
import cliProgress from "cli-progress";
import {
  builtinCases,
  createRunJudge,
  endpointFromEnv,
  JUDGE_MODES,
  LlmJudge,
  loadCaseFolder,
  loadStudy,
  OpenAIChatClient,
  preparePayloads,
  readModelRegistry,
  ResultsFile,
  runHeartbeat,
  runMatrix,
  type BenchCase,
  type CompiledPayload,
  type JudgeMode,
  type ModelTarget,
  type RunProgress,
  type RunSummary,
} from "@silp/bench";
import { intFlag, listFlag, numberFlag } from "./flag-values.js";
import { UsageError, writeJson, writeOut } from "./io.js";

export interface BenchRunFlags {
  out: string;
  models: string;
  mode: string;
  cases?: string;
  study?: string | boolean;
  payloads: string;
  frontends?: string;
  baseUrl?: string;
  apiKey?: string;
  modelsConfig?: string;
  judge: string;
  judgeModel: string;
  judgeBaseUrl?: string;
  judgeApiKey?: string;
  concurrency: string;
  maxRetries: string;
  timeout: string;
  maxTokens: string;
  temperature: string;
  stream: boolean;
  nValues: string;
  seeds: string;
  turns: string;
  llmlingua2Model?: string;
  progress: boolean;
  json?: boolean;
}

const MATRIX_FRONTENDS = "code,json,natural,nl_json,llmlingua2";

function loadCases(flags: BenchRunFlags): { cases: BenchCase[]; recorded: CompiledPayload[] } {
  if (flags.study && flags.cases) throw new UsageError("--study and --cases exclude each other");
  if (flags.study) {
    const study = loadStudy(studyDirOption(flags.study) as string);
    return { cases: study.cases, recorded: study.compiled };
  }
  return { cases: flags.cases ? loadCaseFolder(flags.cases) : builtinCases(), recorded: [] };
}

function client(baseUrl: string, apiKey: string | undefined, flags: BenchRunFlags): OpenAIChatClient {
  try {
    return new OpenAIChatClient({ baseUrl, ...(apiKey ? { apiKey } : {}), stream: flags.stream, maxRetries: intFlag("--max-retries", flags.maxRetries, 0) });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function modelTargets(flags: BenchRunFlags, baseUrl: string | undefined, apiKey: string | undefined): ModelTarget[] {
  const registry = flags.modelsConfig ? readModelRegistry(flags.modelsConfig) : undefined;
  return listFlag("--models", flags.models).map((name) => {
    const entry = registry?.get(name);
    if (registry && !entry)
      throw new UsageError(`model "${name}" is not in ${flags.modelsConfig} (OpenAI-compatible entries: ${[...registry.keys()].join(", ")})`);
    const url = entry?.baseUrl ?? baseUrl;
    if (!url)
      throw new UsageError(
        `no endpoint for ${name}: pass --base-url or set OPENAI_BASE_URL (no model is reachable from the build machine; point this at your own endpoint)`,
      );
    const key = entry?.apiKeyEnv ? process.env[entry.apiKeyEnv] : apiKey;
    return { name, id: entry?.id ?? name, client: client(url, key, flags) };
  });
}

function progressBar(flags: BenchRunFlags): { update: (p: RunProgress) => void; stop: () => void } {
  if (!flags.progress || flags.json) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, hideCursor: true, format: "bench |{bar}| {value}/{total} runs | pass {pass} | model errors {errors} | ETA {eta_formatted}" },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let pass = 0;
  let errors = 0;
  return {
    update: (p) => {
      if (p.record?.first_pass) pass++;
      if (p.error !== undefined) errors++;
      if (!started) {
        bar.start(p.total, p.done, { pass, errors });
        started = true;
      } else bar.update(p.done, { pass, errors });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

export async function benchRun(flags: BenchRunFlags): Promise<number> {
  if (flags.mode !== "matrix" && flags.mode !== "heartbeat") throw new UsageError(`--mode must be matrix or heartbeat, got "${flags.mode}"`);
  if (!(JUDGE_MODES as readonly string[]).includes(flags.judge)) throw new UsageError(`--judge must be one of ${JUDGE_MODES.join(", ")}, got "${flags.judge}"`);
  if (flags.payloads !== "compile" && flags.payloads !== "study") throw new UsageError(`--payloads must be compile or study, got "${flags.payloads}"`);
  if (flags.payloads === "study" && !flags.study) throw new UsageError("--payloads study needs --study");
  const generation = {
    maxTokens: intFlag("--max-tokens", flags.maxTokens, 1),
    temperature: numberFlag("--temperature", flags.temperature, 0, 2),
    timeoutMs: intFlag("--timeout", flags.timeout, 1),
  };
  const concurrency = intFlag("--concurrency", flags.concurrency, 1);
  const { baseUrl, apiKey } = endpointFromEnv({ ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}), ...(flags.apiKey ? { apiKey: flags.apiKey } : {}) });
  const models = modelTargets(flags, baseUrl, apiKey);
  const judgeMode = flags.judge as JudgeMode;
  let llm: LlmJudge | undefined;
  if (judgeMode !== "rule") {
    const judgeUrl = flags.judgeBaseUrl ?? baseUrl;
    if (!judgeUrl) throw new UsageError("no endpoint for the judge: pass --judge-base-url or --base-url (or --judge rule)");
    llm = new LlmJudge(client(judgeUrl, flags.judgeApiKey ?? apiKey, flags), { model: flags.judgeModel, timeoutMs: generation.timeoutMs });
  }
  const judge = createRunJudge(judgeMode, llm);
  const { cases, recorded } = loadCases(flags);
  const frontends = listFlag("--frontends", flags.frontends ?? (flags.mode === "heartbeat" ? "code" : MATRIX_FRONTENDS));
  if (flags.mode === "heartbeat" && frontends.length !== 1) throw new UsageError("heartbeat mode runs one frontend (the study used code)");
  const payloads = await preparePayloads(cases, frontends, {
    studyPayloads: recorded,
    source: flags.payloads as "compile" | "study",
    ...(flags.llmlingua2Model ? { llmlingua2ModelDir: flags.llmlingua2Model } : {}),
  });
  const skippedFrontends = new Map(payloads.filter((p) => p.skipped).map((p) => [p.frontend, p.skipped!]));
  for (const [frontend, reason] of skippedFrontends) process.stderr.write(`skipping ${frontend}: ${reason}\n`);

  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once("SIGINT", interrupt);
  const bar = progressBar(flags);
  let summary: RunSummary;
  try {
    if (flags.mode === "matrix") {
      summary = await runMatrix({
        cases,
        payloads,
        models,
        judge,
        results: ResultsFile.open(flags.out, "matrix"),
        concurrency,
        generation,
        onProgress: bar.update,
        signal: controller.signal,
      });
    } else {
      const encoded = new Map(payloads.filter((p) => p.text !== undefined).map((p) => [p.caseId, p.text!]));
      const failed = payloads.filter((p) => p.text === undefined);
      if (failed.length > 0)
        throw new UsageError(
          `cannot compile ${failed.map((p) => p.caseId).join(", ")} for the heartbeat run: ${failed[0]!.compileError ?? failed[0]!.skipped}`,
        );
      summary = await runHeartbeat({
        cases,
        encoded,
        models,
        judge,
        results: ResultsFile.open(flags.out, "heartbeat"),
        nValues: listFlag("--n-values", flags.nValues).map((n) => intFlag("--n-values", n, 1)),
        seeds: intFlag("--seeds", flags.seeds, 1),
        turns: intFlag("--turns", flags.turns, 1),
        concurrency,
        generation,
        onProgress: bar.update,
        signal: controller.signal,
      });
    }
  } finally {
    bar.stop();
    process.removeListener("SIGINT", interrupt);
  }
  const interrupted = controller.signal.aborted;
  if (flags.json) {
    writeJson({ out: flags.out, mode: flags.mode, interrupted, skippedFrontends: Object.fromEntries(skippedFrontends), ...summary });
  } else {
    writeOut(
      [
        `${flags.mode} run: ${summary.written} written, ${summary.skipped} already in ${flags.out}, ${summary.passed} passed, ${summary.modelErrors} model errors (of ${summary.total})`,
        ...(interrupted ? ["interrupted: run the same command again to resume"] : []),
        ...(summary.modelErrors > 0 ? ["runs that ended in a model error are retried by the next run"] : []),
        `report: silpc bench report --results ${join(flags.out)}`,
      ].join("\n"),
    );
  }
  return interrupted ? 130 : 0;
}
