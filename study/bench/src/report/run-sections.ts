/**
 * The report sections about new runs (docs/bench.md, "Report"): the runs and their settings,
 * every run by failure category with n, pass rates over answered runs, Wilson intervals, token
 * usage and cost, per-category breakdowns, and the comparison of two runs.
 */
import type { OutcomeCell, OutcomeTable } from "../analysis/outcomes.js";
import { pct, pValue, section, sig, table } from "./html-parts.js";
import type { ReportModel } from "./model.js";
import { escapeXml as esc } from "./svg.js";

const CELL_HEADERS = [
  "n",
  "passed",
  "failed",
  "pass rate",
  "95% Wilson",
  "model errors",
  "judge errors",
  "compile errors",
  "judge fallbacks",
  "truncated",
] as const;

function cellColumns(c: OutcomeCell): string[] {
  return [
    String(c.n),
    String(c.passed),
    String(c.failed),
    `${pct(c.rate)} of ${c.denominator}`,
    Number.isNaN(c.ci.low) ? "n/a" : `${pct(c.ci.low)}–${pct(c.ci.high)}`,
    String(c.modelErrors),
    String(c.judgeErrors),
    String(c.compileErrors),
    String(c.judgeFallbacks),
    String(c.truncated),
  ];
}

function rateRule(t: OutcomeTable): string {
  return t.errorsAsFailures
    ? "Pass rates are over every run, with model, judge and compile errors counted as failures (--errors-as-failures)."
    : "Pass rates are over answered runs (passed + failed); model, judge and compile errors are excluded from the rate and counted beside it. A judge fallback is an answer the rule judge scored because the LLM judge failed.";
}

export function runsSection(model: ReportModel): string {
  const notes: string[] = [];
  if (model.overlap) {
    notes.push(
      `<p>${model.overlap.keys} keys appear in more than one results file; the ${model.overlap.prefer} file's record was used for each (--prefer ${model.overlap.prefer}).</p>`,
    );
  }
  if (model.runs.length === 0) return notes.length ? section("runs", "Runs", notes.join("")) : "";
  const rows = model.runs.map((h) => {
    const s = h.settings as Record<string, unknown>;
    const models = Object.entries((s.models ?? {}) as Record<string, { id?: string; endpoint?: string | null }>)
      .map(([name, m]) => `${name}${m.id && m.id !== name ? ` (${m.id})` : ""} @ ${m.endpoint ?? "?"}`)
      .join("; ");
    return [
      h.run_id,
      h.label ?? "",
      h.started,
      h.harness_version,
      models,
      `${s.judge ?? "?"}${s.judge_model ? ` (${s.judge_model})` : ""}`,
      `temperature ${s.temperature}, max_tokens ${s.max_tokens}, seed ${s.request_seed ?? "none"}`,
    ];
  });
  return section(
    "runs",
    "Runs",
    `${notes.join("")}${table(["run id", "label", "started", "harness", "models @ endpoint", "judge", "generation"], rows, "Run headers of the results files")}`,
  );
}

export function outcomesSection(model: ReportModel): string {
  const t = model.outcomes;
  if (!t) return "";
  const byCell = table(
    ["frontend", "model", ...CELL_HEADERS],
    t.frontends.flatMap((f) => t.models.map((m) => [f, m, ...cellColumns(t.cells.get(f)!.get(m)!)])),
    "Every run by outcome, per frontend and model",
  );
  const byCategory = table(
    ["category", "model", ...CELL_HEADERS],
    t.categories.flatMap((c) => t.models.map((m) => [c, m, ...cellColumns(t.byCategory.get(c)!.get(m)!)])),
    "Per case category (all frontends pooled)",
  );
  const prices = model.prices;
  const usage = table(
    ["model", "runs", "prompt tokens", "completion tokens", ...(prices ? ["cost (USD)"] : [])],
    t.models.map((m) => {
      const c = t.byModel.get(m)!;
      const price = prices?.get(m);
      const cost = price ? ((c.promptTokens * price.prompt + c.completionTokens * price.completion) / 1e6).toFixed(4) : "no price";
      return [m, String(c.n), String(c.promptTokens), String(c.completionTokens), ...(prices ? [cost] : [])];
    }),
    "Token usage as the server reported it (usage), summed per model",
  );
  return section("outcomes", "Outcomes, model errors and judge errors", `<p>${esc(rateRule(t))}</p>${byCell}${byCategory}${usage}`);
}

export function compareSection(model: ReportModel): string {
  const c = model.compare;
  if (!c) return "";
  const cells = table(
    ["model", "frontend", "pairs (n)", `pass ${c.labels.a}`, `pass ${c.labels.b}`, "A only (b)", "B only (c)", "p (exact)", "p (Holm)", "", "unpaired (error)"],
    c.cells.map((x) => [
      x.model,
      x.frontend,
      String(x.pairs),
      String(x.passA),
      String(x.passB),
      String(x.b),
      String(x.c),
      pValue(x.pValue),
      pValue(x.pHolm),
      sig(x.pHolm),
      String(x.unpaired),
    ]),
    `A = ${c.labels.a}, B = ${c.labels.b}: McNemar's exact test per cell; stars on p corrected by Holm over these ${c.cells.length} tests`,
  );
  const diffs = table(
    ["case", "frontend", "model", c.labels.a, c.labels.b],
    c.differences.map((d) => [d.case_id, d.frontend, d.model, d.a, d.b]),
    `Paired runs whose outcome differs (${c.differences.length})`,
  );
  const only = `<p>Runs only in ${esc(c.labels.a)}: ${c.onlyA}; only in ${esc(c.labels.b)}: ${c.onlyB} (not paired).</p>`;
  return section("compare", `Comparison: ${c.labels.a} vs ${c.labels.b}`, `${cells}${only}${diffs}`);
}
