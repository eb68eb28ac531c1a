/**
 * `silpc bench run` and `silpc bench report`: the benchmark harness (docs/bench.md).
 * Only flag declarations live here; the work is in ../bench-run.ts and ../bench-report.ts,
 * imported when a subcommand runs, so other commands never load the harness.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { runCommand } from "../io.js";
import type { BenchReportFlags } from "../bench-report.js";
import type { BenchRunFlags } from "../bench-run.js";

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function register(program: Command): void {
  const bench = program.command("bench").description("run the SILP benchmark against OpenAI-compatible endpoints, and report on runs or the published study");

  bench
    .command("run")
    .description("run cases x frontends x models (or the multi-turn heartbeat study) and append judged records to a resumable JSON Lines file")
    .requiredOption("-o, --out <file>", "results file (JSON Lines); an existing file is resumed")
    .requiredOption("-m, --models <list>", "comma-separated model names (registry names with --models-config)")
    .option("--mode <mode>", "matrix (single turn, every frontend) or heartbeat (multi-turn sessions, code frontend)", "matrix")
    .option("--cases <dir>", "a folder of case IR files (case<N>_<category>.json); default: the built-in suite")
    .option("--study [dir]", "the study's cases and recorded llmlingua2 payloads (default folder: $SILP_CORPUS, else the repository's data/study)")
    .option("--payloads <source>", "compile (the core compiles every payload) or study (replay the study's recorded strings)", "compile")
    .option("-f, --frontends <list>", "comma-separated frontends (default: code,json,natural,nl_json,llmlingua2; heartbeat: code)")
    .option("--dialect <files...>", "dialect files (silpc evolve --out), or x-evolved, to register; their names may then appear in --frontends")
    .option("--base-url <url>", "chat-completions endpoint base, e.g. http://localhost:8787/v1 (default: $SILP_BENCH_BASE_URL or $OPENAI_BASE_URL)")
    .option("--api-key <key>", "API key (default: $SILP_BENCH_API_KEY or $OPENAI_API_KEY)")
    .option("--models-config <file>", "model registry in the study's model_configs.json format (name -> model_id, optional base_url / api_key_env)")
    .option("--judge <mode>", "rule, llm or dual (the study's: LLM verdict, rule fallback)", "dual")
    .option("--judge-model <name>", "model that judges (llm/dual)", "glm-5.2")
    .option("--judge-base-url <url>", "endpoint of the judge model (default: --base-url)")
    .option("--judge-api-key <key>", "API key of the judge endpoint (default: --api-key)")
    .option("-c, --concurrency <n>", "requests in flight at most", "4")
    .option("--max-retries <n>", "retries of transport failures per request", "2")
    .option("--timeout <ms>", "longest silence per request in milliseconds: waiting for the answer to start, or between two chunks", "30000")
    .option("--deadline <ms>", "longest time one request may take in all, in milliseconds", "600000")
    .option("--seed <n>", "sampling seed sent with every request (recorded as request_seed)")
    .option("--max-tokens <n>", "max_tokens per answer", "256")
    .option("--temperature <t>", "sampling temperature", "0")
    .option("--no-stream", "ask for one JSON body instead of a server-sent-event stream")
    .option("--n-values <list>", "heartbeat intervals N (9999 = never)", "1,5,10,15,20,9999")
    .option("--seeds <n>", "heartbeat: case orderings per (model, N)", "8")
    .option("--turns <n>", "heartbeat: turns per session", "15")
    .option("--llmlingua2-model <dir>", "local LLMLingua-2 model folder (default $SILP_LLMLINGUA2_MODEL)")
    .option("--label <name>", "run label, written into the run header and every record (tells runs apart in reports)")
    .option("--no-probe", "skip probing every model and the judge before the first job")
    .option("--stop-after <n>", "stop after this many consecutive 401/403/404/connection-refused errors", "3")
    .option("--force-settings", "resume a results file written with other settings (each record keeps its own)")
    .option("--rerun-changed", "re-run the records of cases whose content changed since they were written")
    .option("--no-progress", "no progress bar (without a terminal: no progress lines)")
    .option("--json", "machine-readable summary")
    .action((flags: BenchRunFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const { benchRun } = await import("../bench-run.js");
        return benchRun(flags);
      }),
    );

  bench
    .command("report")
    .description("write a self-contained HTML report (heatmap, bars, correlations, token cost, statistical tests) from the study or from results files")
    .option("--study [dir]", "recompute and check the study's published tables (default folder: $SILP_CORPUS, else the repository's data/study)")
    .option("-r, --results <file>", "a results file of `silpc bench run` (repeatable)", collect)
    .option("--prefer <which>", "where --results files share keys: earlier or later file wins (default: an error)")
    .option("--compare <files...>", "compare two results files A B: paired exact McNemar per cell, Holm-corrected, and the cases that differ")
    .option("--price <model=prompt:completion>", "USD per million prompt and completion tokens of a model, for the cost column (repeatable)", collect)
    .option("--errors-as-failures", "count model, judge and compile errors as failed runs (default: pass rates over answered runs)")
    // The default is outside any checkout, so a report never lands in a repository's tree unasked.
    .option("-o, --out <file>", "HTML file to write", join(tmpdir(), "silp-report.html"))
    .option("--title <text>", "report title")
    .option("-t, --tokenizers <list>", "with --results: count payload tokens on these tokenizers (silp/tokens; e.g. gpt-4o,qwen2.5 or all)")
    .option("--fidelity-floor <rate>", "Layer 4: minimum pass rate for a frontend to be feasible", "0.5")
    .option("-q, --quiet", "no tokenizer loading progress")
    .option("--json", "machine-readable summary (the HTML is still written)")
    .action((flags: BenchReportFlags) =>
      runCommand(Boolean(flags.json), async () => {
        const { benchReport } = await import("../bench-report.js");
        return benchReport(flags);
      }),
    );
}
