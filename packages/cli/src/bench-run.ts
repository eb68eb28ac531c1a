/**
 * `silpc bench run`: wires flags to the harness (silp/bench), checks before spending anything
 * (every model and the judge are probed; a resumed file must have been run with the same
 * settings and cases), holds the results file's lock while it writes, shows progress on stderr
 * and prints the summary. Ctrl-C stops issuing requests, aborts those in flight and leaves the
 * results file resumable: run the same command again to continue.
 */
import { studyDirOption } from "./study-dir.js";
import { join } from "node:path";
import {
  builtinCases,
  changedCaseRecords,
  createRunJudge,
  endpointFromEnv,
  JUDGE_MODES,
  LlmJudge,
  loadCaseFolder,
  loadStudy,
  OpenAIChatClient,
  preparePayloads,
  newRunId,
  readModelRegistry,
  recordKey,
  ResultsFile,
  runHeader,
  runHeartbeat,
  runMatrix,
  settingsConflicts,
  type BenchCase,
  type CompiledPayload,
  type GenerationSettings,
  type JudgeMode,
  type ModelTarget,
  type RecordKind,
  type RunSettings,
  type RunSummary,
} from "@silp/bench";
import { progressView } from "./bench-progress.js";
import { registerDialectFiles } from "./dialect-files.js";
import { intFlag, listFlag, numberFlag } from "./flag-values.js";
import { EXIT_INVALID, UsageError, writeJson, writeOut } from "./io.js";

export interface BenchRunFlags {
  out: string;
  models: string;
  mode: string;
  cases?: string;
  study?: string | boolean;
  payloads: string;
  frontends?: string;
  dialect?: string[];
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
  deadline: string;
  seed?: string;
  maxTokens: string;
  temperature: string;
  stream: boolean;
  nValues: string;
  seeds: string;
  turns: string;
  llmlingua2Model?: string;
  label?: string;
  probe: boolean;
  stopAfter: string;
  forceSettings?: boolean;
  rerunChanged?: boolean;
  progress: boolean;
  json?: boolean;
}

const MATRIX_FRONTENDS = "code,json,natural,nl_json,llmlingua2";
const KNOWN_FRONTENDS: readonly string[] = MATRIX_FRONTENDS.split(",");

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
    return new OpenAIChatClient({
      baseUrl,
      ...(apiKey ? { apiKey } : {}),
      stream: flags.stream,
      maxRetries: intFlag("--max-retries", flags.maxRetries, 0),
      timeoutMs: intFlag("--timeout", flags.timeout, 1),
      totalTimeoutMs: intFlag("--deadline", flags.deadline, 1),
    });
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
    const c = client(url, key, flags);
    return { name, id: entry?.id ?? name, client: c, endpoint: c.endpoint };
  });
}

/**
 * Probes every model and the judge before the first job. Returns the problems, one line each,
 * naming what failed and where (never a key).
 */
async function probeAll(models: readonly ModelTarget[], judge: { client: OpenAIChatClient; model: string } | undefined): Promise<string[]> {
  const checks = [
    ...models.map((m) => ({
      what: `model "${m.name}"${m.id !== m.name ? ` (id ${m.id})` : ""}`,
      client: m.client as OpenAIChatClient,
      id: m.id,
      judge: false,
    })),
    ...(judge ? [{ what: `judge model "${judge.model}"`, client: judge.client, id: judge.model, judge: true }] : []),
  ];
  const results = await Promise.all(checks.map(async (c) => ({ ...c, result: await c.client.probe(c.id) })));
  return results.flatMap(({ what, client, judge, result }) => {
    if (result.ok) return [];
    const hint = judge ? "; pass --judge-model NAME (--judge-base-url URL) for a judge that is served, or --judge rule" : "";
    return [`${what} at ${client.endpoint}: ${result.error}${hint}`];
  });
}

/** The settings a resumed run must share with its file. */
function runSettings(flags: BenchRunFlags, models: readonly ModelTarget[], judgeEndpoint: string | null, generation: GenerationSettings): RunSettings {
  return {
    label: flags.label ?? null,
    mode: flags.mode,
    judge: flags.judge,
    judge_model: flags.judge === "rule" ? null : flags.judgeModel,
    judge_endpoint: judgeEndpoint,
    temperature: generation.temperature,
    max_tokens: generation.maxTokens,
    request_seed: generation.seed ?? null,
    stream: flags.stream,
    payloads: flags.payloads,
    models: Object.fromEntries(models.map((m) => [m.name, { id: m.id, endpoint: m.endpoint ?? null }])),
  };
}

/**
 * Opens the results file under its lock and checks it may be resumed with these settings and
 * cases; writes this run's header. The caller releases the lock.
 */
async function openForRun<K extends RecordKind>(
  flags: BenchRunFlags,
  kind: K,
  settings: RunSettings,
  cases: readonly BenchCase[],
  runId: string,
): Promise<ResultsFile<K>> {
  const results = await ResultsFile.openLocked(flags.out, kind);
  try {
    const previous = results.headers.at(-1);
    const conflicts = previous ? settingsConflicts(previous.settings, settings) : [];
    if (conflicts.length > 0 && !flags.forceSettings) {
      throw new UsageError(
        `${flags.out} was run with other settings:\n  ${conflicts.join("\n  ")}\nuse another --out, or pass --force-settings to append anyway (each record carries its own settings)`,
      );
    }
    const changed = changedCaseRecords(results.records, cases, (r) => recordKey(kind, r));
    if (changed.length > 0) {
      if (!flags.rerunChanged) {
        const ids = [...new Set(changed.map((key) => (kind === "heartbeat" ? key : key.split("|")[0])))];
        throw new UsageError(
          `${flags.out} holds ${changed.length} runs of changed cases (${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", ..." : ""}); pass --rerun-changed to run them again`,
        );
      }
      results.reopen(changed);
    }
    results.writeHeader(runHeader(runId, settings, { command: "silpc bench run" }));
    return results;
  } catch (error) {
    await results.release();
    throw error;
  }
}

export async function benchRun(flags: BenchRunFlags): Promise<number> {
  if (flags.mode !== "matrix" && flags.mode !== "heartbeat") throw new UsageError(`--mode must be matrix or heartbeat, got "${flags.mode}"`);
  if (!(JUDGE_MODES as readonly string[]).includes(flags.judge)) throw new UsageError(`--judge must be one of ${JUDGE_MODES.join(", ")}, got "${flags.judge}"`);
  if (flags.payloads !== "compile" && flags.payloads !== "study") throw new UsageError(`--payloads must be compile or study, got "${flags.payloads}"`);
  if (flags.payloads === "study" && !flags.study) throw new UsageError("--payloads study needs --study");
  const generation: GenerationSettings = {
    maxTokens: intFlag("--max-tokens", flags.maxTokens, 1),
    temperature: numberFlag("--temperature", flags.temperature, 0, 2),
    timeoutMs: intFlag("--timeout", flags.timeout, 1),
    totalTimeoutMs: intFlag("--deadline", flags.deadline, 1),
    ...(flags.seed !== undefined ? { seed: intFlag("--seed", flags.seed, 0) } : {}),
  };
  const stopAfterFatal = intFlag("--stop-after", flags.stopAfter, 1);
  const frontends = listFlag("--frontends", flags.frontends ?? (flags.mode === "heartbeat" ? "code" : MATRIX_FRONTENDS));
  // Dialect files (--dialect) register frontends named x-...; they are run like the built-in ones.
  const dialectNames = (await registerDialectFiles(flags.dialect)).map((spec) => spec.name);
  const known = [...KNOWN_FRONTENDS, ...dialectNames];
  const unknown = frontends.filter((f) => !known.includes(f));
  if (unknown.length > 0)
    throw new UsageError(`unknown frontend ${unknown.join(", ")}; the frontends are ${known.join(", ")} (a dialect needs --dialect <file>)`);
  const concurrency = intFlag("--concurrency", flags.concurrency, 1);
  const { baseUrl, apiKey } = endpointFromEnv({ ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}), ...(flags.apiKey ? { apiKey: flags.apiKey } : {}) });
  const models = modelTargets(flags, baseUrl, apiKey);
  const judgeMode = flags.judge as JudgeMode;
  let llm: LlmJudge | undefined;
  let judgeClient: OpenAIChatClient | undefined;
  if (judgeMode !== "rule") {
    const judgeUrl = flags.judgeBaseUrl ?? baseUrl;
    if (!judgeUrl) throw new UsageError("no endpoint for the judge: pass --judge-base-url or --base-url (or --judge rule)");
    judgeClient = client(judgeUrl, flags.judgeApiKey ?? apiKey, flags);
    llm = new LlmJudge(judgeClient, { model: flags.judgeModel, timeoutMs: generation.timeoutMs });
  }
  const judge = createRunJudge(judgeMode, llm);
  const { cases, recorded } = loadCases(flags);
  if (flags.mode === "heartbeat" && frontends.length !== 1) throw new UsageError("heartbeat mode runs one frontend (the study used code)");
  const payloads = await preparePayloads(cases, frontends, {
    studyPayloads: recorded,
    source: flags.payloads as "compile" | "study",
    ...(flags.llmlingua2Model ? { llmlingua2ModelDir: flags.llmlingua2Model } : {}),
  });
  const skippedFrontends = new Map(payloads.filter((p) => p.skipped).map((p) => [p.frontend, p.skipped!]));
  for (const [frontend, reason] of skippedFrontends) process.stderr.write(`skipping ${frontend}: ${reason}\n`);

  const runnable = payloads.filter((p) => p.skipped === undefined).length;
  if (runnable === 0) {
    // Nothing to run: no file is created, no probe is spent, no report is suggested.
    if (flags.json)
      writeJson({ out: null, mode: flags.mode, interrupted: false, skippedFrontends: Object.fromEntries(skippedFrontends), total: 0, written: 0 });
    else writeOut(`${flags.mode} run: nothing to run (every frontend was skipped); ${flags.out} not written`);
    return 0;
  }
  if (flags.mode === "heartbeat") {
    const failed = payloads.filter((p) => p.text === undefined);
    if (failed.length > 0)
      throw new UsageError(`cannot compile ${failed.map((p) => p.caseId).join(", ")} for the heartbeat run: ${failed[0]!.compileError ?? failed[0]!.skipped}`);
  }

  if (flags.probe) {
    const problems = await probeAll(models, judgeClient ? { client: judgeClient, model: flags.judgeModel } : undefined);
    if (problems.length > 0) {
      if (flags.json) writeJson({ out: null, mode: flags.mode, started: false, probeFailures: problems });
      process.stderr.write(
        `bench run not started: ${problems.length === 1 ? "a probe failed" : `${problems.length} probes failed`}\n  ${problems.join("\n  ")}\n`,
      );
      return EXIT_INVALID;
    }
  }

  const runId = newRunId();
  const provenance = { runId, ...(flags.label ? { label: flags.label } : {}), judgeModel: judgeMode === "rule" ? null : flags.judgeModel };
  const settings = runSettings(flags, models, judgeClient?.endpoint ?? null, generation);
  const results = await openForRun(flags, flags.mode === "matrix" ? "matrix" : "heartbeat", settings, cases, runId);
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once("SIGINT", interrupt);
  const bar = progressView(flags.progress && !flags.json);
  let summary: RunSummary;
  try {
    if (flags.mode === "matrix") {
      summary = await runMatrix({
        cases,
        payloads,
        models,
        judge,
        results: results as ResultsFile<"matrix">,
        concurrency,
        generation,
        provenance,
        stopAfterFatal,
        onProgress: bar.update,
        signal: controller.signal,
      });
    } else {
      const encoded = new Map(payloads.filter((p) => p.text !== undefined).map((p) => [p.caseId, p.text!]));
      summary = await runHeartbeat({
        cases,
        encoded,
        models,
        judge,
        results: results as ResultsFile<"heartbeat">,
        provenance,
        stopAfterFatal,
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
    await results.release();
  }
  const interrupted = controller.signal.aborted;
  if (flags.json) {
    writeJson({
      out: flags.out,
      mode: flags.mode,
      runId,
      label: flags.label ?? null,
      interrupted,
      skippedFrontends: Object.fromEntries(skippedFrontends),
      ...summary,
    });
  } else {
    const errors = summary.modelErrors + summary.judgeErrors;
    writeOut(
      [
        `${flags.mode} run: ${summary.written} written, ${summary.skipped} already in ${flags.out} (of ${summary.total})`,
        `  passed ${summary.passed}, failed ${summary.failed}, model errors ${summary.modelErrors}, judge errors ${summary.judgeErrors}, judge fallbacks ${summary.judgeFallbacks}, compile errors ${summary.compileErrors}, truncated at max_tokens ${summary.truncated}`,
        ...(summary.skipped > 0 ? [`  passed with the runs already in the file: ${summary.passed + summary.skippedPassed}`] : []),
        ...(interrupted ? ["interrupted: run the same command again to resume"] : []),
        ...(errors > 0 ? ["runs that ended in a model or judge error are retried by the next run"] : []),
        ...(summary.judgeFallbacks > 0 ? ["judge fallbacks: the LLM judge failed there and the rule judge's verdict stands (see the report)"] : []),
        ...(summary.written + summary.skipped > 0 ? [`report: silpc bench report --results ${join(flags.out)}`] : []),
      ].join("\n"),
    );
  }
  if (summary.stopped !== undefined) {
    process.stderr.write(`bench run stopped: ${summary.stopped}\n`);
    return EXIT_INVALID;
  }
  return interrupted ? 130 : 0;
}
