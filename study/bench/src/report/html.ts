/**
 * Renders a `ReportModel` as one self-contained HTML page: inline CSS and inline SVG, no script
 * and no external resource, so it opens offline and prints cleanly. Sections appear only for
 * the data present. All text from records is escaped.
 */
import { passRate, type Tally } from "../analysis/phase2.js";
import { figure, num, pct, pValue, section, sig, table } from "./html-parts.js";
import type { ReportModel } from "./model.js";
import { compareSection, outcomesSection, runsSection } from "./run-sections.js";
import { bars, correlationColor, escapeXml as esc, heatmap, lines, PALETTE, rateColor } from "./svg.js";

const tally = (t: Tally): string => (t.total ? `${t.pass}/${t.total} (${pct(t.pass / t.total)})` : "n/a");

function reproductionSection(model: ReportModel): string {
  if (model.reproduction.length === 0) return "";
  const rows = model.reproduction.map((c) => [
    c.table,
    c.status === "match" ? "✓ identical" : c.status === "mismatch" ? "✗ differs" : "not published",
    c.firstDifference ? `line ${c.firstDifference.line}: published "${c.firstDifference.published}" vs recomputed "${c.firstDifference.recomputed}"` : "",
  ]);
  return section(
    "reproduction",
    "Reproduction of the published tables",
    `<p>Each table recomputed from the raw records and compared byte for byte with the published file.</p>${table(["table", "result", "first difference"], rows)}`,
  );
}

function phase2Section(model: ReportModel): string {
  const p = model.phase2;
  if (!p) return "";
  const { matrix } = p;
  const heat = heatmap({
    rows: matrix.frontends,
    cols: matrix.models,
    value: (f, m) => passRate(matrix, f, m),
    label: pct,
    color: rateColor,
    title: "Pass rate by frontend and model",
  });
  const avg = bars({
    categories: matrix.frontends,
    series: [{ name: "average", values: matrix.frontends.map((f) => matrix.average.get(f)!), color: PALETTE[0]! }],
    max: 1,
    label: pct,
    title: "Average pass rate per frontend",
    yLabel: "pass rate (all models)",
  });
  const perModel = bars({
    categories: matrix.frontends,
    series: matrix.models.map((m, i) => ({ name: m, values: matrix.frontends.map((f) => passRate(matrix, f, m)), color: PALETTE[i % PALETTE.length]! })),
    max: 1,
    label: pct,
    title: "Pass rate per frontend and model",
    yLabel: "pass rate",
  });
  const rho = new Map(
    p.spearman.pairs.flatMap((pair) => [
      [`${pair.modelA}|${pair.modelB}`, pair.rho],
      [`${pair.modelB}|${pair.modelA}`, pair.rho],
    ]),
  );
  const corr = heatmap({
    rows: p.spearman.models,
    cols: p.spearman.models,
    value: (a, b) => (a === b ? 1 : (rho.get(`${a}|${b}`) ?? Number.NaN)),
    label: (v) => num(v, 2),
    color: correlationColor,
    title: "Cross-model Spearman rho",
  });
  const matrixTable = table(
    ["frontend", ...matrix.models, "avg", "rank"],
    matrix.frontends.map((f) => [
      f,
      ...matrix.models.map((m) => {
        const t = matrix.cells.get(f)?.get(m);
        return t ? `${pct(passRate(matrix, f, m))} (n=${t.total})` : "n/a";
      }),
      pct(matrix.average.get(f)!),
      String(matrix.rank.get(f)),
    ]),
  );
  const mcnemar = table(
    ["A", "B", "pairs (n)", "rate A", "rate B", "A only (b)", "B only (c)", "χ²", "p", "p (Holm)", ""],
    p.mcnemar.map((r, i) => [
      r.frontendA,
      r.frontendB,
      String(r.pairs),
      pct(r.rateA),
      pct(r.rateB),
      String(r.b),
      String(r.c),
      num(r.chi2, 4),
      pValue(r.pValue),
      pValue(p.mcnemarHolm[i]!),
      sig(p.mcnemarHolm[i]!),
    ]),
    `McNemar tests (continuity-corrected), paired by case and model; stars on p corrected by Holm over these ${p.mcnemar.length} tests`,
  );
  const spearman = table(
    ["model A", "model B", "ρ", "p", "points"],
    p.spearman.pairs.map((s) => [s.modelA, s.modelB, num(s.rho, 4), pValue(s.pValue), String(s.n)]),
    "Spearman correlation of per-(case, frontend) LLM-judge outcomes",
  );
  const a = p.agreement;
  const agreement = a.both
    ? `<p>Rule judge vs LLM judge on ${a.both} runs judged by both: agreement ${pct(a.agree / a.both)}; the rule judge failed ${a.ruleStricter} runs the LLM judge passed and passed ${a.ruleLaxer} it failed.</p>`
    : "";
  return section(
    "phase2",
    "Frontend × model pass rates",
    `${figure(heat, `Pass rate (first_pass: the dual verdict) per frontend and model, ${model.outcomes?.errorsAsFailures ? "errors counted as failures" : "over answered runs (errors excluded, counted under Outcomes)"}; rows ranked by the pooled average.`)}
     ${matrixTable}
     <div class="row">${figure(avg, "Average pass rate per frontend, pooled over models.")}${figure(perModel, "Pass rate per frontend, by model.")}</div>
     ${mcnemar}
     <div class="row">${figure(corr, "Spearman ρ between models over their per-(case, frontend) outcomes (LLM verdict).")}${spearman}</div>
     ${agreement}`,
  );
}

function tokensSection(model: ReportModel): string {
  const t = model.tokens;
  if (!t) return "";
  const frontends = t.stats.map((s) => s.frontend);
  const cost = bars({
    categories: frontends,
    series: [{ name: "tokens", values: t.stats.map((s) => s.meanTokens), color: PALETTE[5]! }],
    max: Math.max(...t.stats.map((s) => s.meanTokens)) * 1.15 || 1,
    label: (v) => num(v, 1),
    title: "Mean tokens per payload",
    yLabel: "tokens per payload",
  });
  const variance = bars({
    categories: frontends,
    series: [{ name: "range", values: t.stats.map((s) => s.meanRange), color: PALETTE[3]! }],
    max: Math.max(...t.stats.map((s) => s.meanRange)) * 1.15 || 1,
    label: (v) => num(v, 1),
    title: "Token-count range across tokenizers",
    yLabel: "max − min tokens",
  });
  const rows = t.stats.map((s) => [s.frontend, String(s.payloads), num(s.meanTokens, 1), num(s.meanRange, 2), num(s.meanVariation, 3)]);
  return section(
    "tokens",
    "Token cost and cross-tokenizer variance",
    `<p>Source: ${esc(t.source)}.</p><div class="row">${figure(cost, "Mean token count per payload (averaged over tokenizers).")}${figure(variance, "Mean spread of token counts across tokenizers (lower is more stable).")}</div>
     ${table(["frontend", "payloads", "mean tokens", "mean range", "mean CV"], rows)}`,
  );
}

function layersSection(model: ReportModel): string {
  const p = model.phase2;
  if (!p) return "";
  const fitness = [...p.fitness].map(([m, ranked]) =>
    table(
      ["rank", "frontend", "fitness", "feasible", "unmeasured terms"],
      ranked.map((r) => [String(r.rank), r.frontend, num(r.score, 4), r.feasible ? "yes" : "below floor", r.unmeasured.join(", ")]),
      `Layer 4 ranking for ${m}`,
    ),
  );
  const screening = p.screening.length
    ? table(
        ["proxy", "mean ρ", "min ρ", "rank preserved"],
        p.screening.map((s) => [s.proxy, num(s.meanRho, 3), num(s.minRho, 3), s.preserved ? "yes" : "no"]),
        `Layer 5 screening: each model as a proxy for the others (threshold ρ ≥ ${p.screening[0]!.threshold})`,
      )
    : "";
  return section("layers", "Layers 4 and 5", `<div class="grid">${fitness.join("")}</div>${screening}`);
}

function heartbeatSection(model: ReportModel): string {
  const h = model.heartbeat;
  if (!h) return "";
  const models = [...new Set(h.summary.map((r) => r.model))];
  const nValues = [...new Set(h.summary.map((r) => r.nValue))].sort((a, b) => a - b);
  const byN = bars({
    categories: nValues.map((n) => (n >= 9999 ? "N=∞" : `N=${n}`)),
    series: models.map((m, i) => ({
      name: m,
      values: nValues.map((n) => h.summary.find((r) => r.model === m && r.nValue === n)?.passRate ?? Number.NaN),
      color: PALETTE[i % PALETTE.length]!,
    })),
    max: 1,
    label: pct,
    title: "Pass rate by heartbeat interval",
    yLabel: "pass rate",
  });
  const depth = lines({
    series: [...h.depth].map(([m, points], i) => ({
      name: m,
      color: PALETTE[i % PALETTE.length]!,
      points: points.map((d) => [d.depth, d.pass / d.total] as const),
    })),
    xLabel: "context depth (turns since the last heartbeat)",
    yLabel: "pass rate",
    yMax: 1,
    label: pct,
    title: "Pass rate by context depth",
  });
  const summary = table(
    ["model", "N", "runs", "pass", "fail", "pass rate", "mean context"],
    h.summary.map((r) => [r.model, String(r.nValue), String(r.total), String(r.pass), String(r.fail), pct(r.passRate), num(r.meanContextTurns, 1)]),
  );
  const propagation = table(
    ["model", "pass→pass", "pass→fail", "fail→pass", "fail→fail", "P(fail|pass)", "P(fail|fail)", "odds ratio", "p (one-sided)", "p (BH)"],
    h.propagation.map((r) => [
      r.model,
      ...r.table.flat().map(String),
      pct(r.failAfterPass),
      pct(r.failAfterFail),
      num(r.oddsRatio),
      pValue(r.pValue),
      pValue(r.pAdjusted),
    ]),
    "Error propagation within heartbeat cycles (Fisher exact, H1: a failure makes the next failure likelier)",
  );
  const baseline = table(
    ["model", "N", "pass rate", "N=1 rate", "odds ratio", "p (two-sided)", "p (BH)", ""],
    h.baseline.map((r) => [
      r.model,
      String(r.nValue),
      pct(r.passRate),
      pct(r.baselineRate),
      num(r.oddsRatio),
      pValue(r.pValue),
      pValue(r.pAdjusted),
      sig(r.pAdjusted),
    ]),
    "Each heartbeat interval against the stateless N=1 (Fisher exact, Benjamini-Hochberg over all rows)",
  );
  return section(
    "heartbeat",
    "Heartbeat study",
    `<div class="row">${figure(byN, "Pass rate by heartbeat interval N.")}${figure(depth, "Pass rate by context depth.")}</div>${summary}${propagation}${baseline}`,
  );
}

function ablationSection(model: ReportModel): string {
  const a = model.ablation;
  if (!a) return "";
  const { matrix } = a;
  const chart = bars({
    categories: matrix.conditions,
    series: matrix.models.map((m, i) => ({
      name: m,
      values: matrix.conditions.map((c) => {
        const t = matrix.cells.get(c)!.get(m)!;
        return t.total ? t.pass / t.total : Number.NaN;
      }),
      color: PALETTE[i % PALETTE.length]!,
    })),
    max: 1,
    label: pct,
    title: "Ablation pass rates",
    yLabel: "pass rate",
  });
  const tallies = table(
    ["condition", ...matrix.models, "overall"],
    matrix.conditions.map((c) => [c, ...matrix.models.map((m) => tally(matrix.cells.get(c)!.get(m)!)), tally(matrix.overall.get(c)!)]),
  );
  const tests = table(
    ["A", "B", "A only", "B only", "χ²", "p", "p (Holm)", ""],
    a.comparisons.map((c, i) => [
      c.conditionA,
      c.conditionB,
      String(c.b),
      String(c.c),
      num(c.chi2, 3),
      pValue(c.pValue),
      pValue(a.comparisonsHolm[i]!),
      sig(a.comparisonsHolm[i]!),
    ]),
    `McNemar tests between conditions, paired by case and model; stars on p corrected by Holm over these ${a.comparisons.length} tests`,
  );
  return section("ablation", "Ablation: original, shuffled, skeleton payloads", `${figure(chart, "Pass rate per condition and model.")}${tallies}${tests}`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1200px;color:#111827;line-height:1.45;padding:0 16px}
h1{font-size:24px;margin-bottom:4px}h2{font-size:19px;border-bottom:1px solid #e5e7eb;padding-bottom:4px;margin-top:32px}
.meta{color:#4b5563;font-size:13px}
table{border-collapse:collapse;margin:12px 0;font-size:13px}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #e5e7eb;padding:3px 8px;text-align:right}th{background:#f9fafb}td:first-child,th:first-child{text-align:left}
figure{margin:8px 16px 8px 0;display:inline-block;vertical-align:top}figcaption{font-size:12px;color:#4b5563;max-width:560px}
.row{display:flex;flex-wrap:wrap;align-items:flex-start}.grid{display:flex;flex-wrap:wrap;gap:16px}
nav a{margin-right:12px;font-size:13px}
`;

export function renderHtml(model: ReportModel): string {
  const sections = [
    reproductionSection(model),
    runsSection(model),
    outcomesSection(model),
    compareSection(model),
    phase2Section(model),
    tokensSection(model),
    layersSection(model),
    heartbeatSection(model),
    ablationSection(model),
  ].filter(Boolean);
  const nav = sections
    .map((s) => /<section id="([^"]+)"><h2>([^<]+)<\/h2>/.exec(s))
    .filter((m) => m !== null)
    .map((m) => `<a href="#${m![1]}">${m![2]}</a>`)
    .join("");
  const counts = `${model.counts.matrix} matrix runs, ${model.counts.heartbeat} heartbeat turns, ${model.counts.ablation} ablation runs`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(model.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${esc(model.title)}</h1><p class="meta">Source: ${esc(model.source)} · ${esc(counts)} · generated ${esc(model.generatedAt)} by silpc bench report</p><nav>${nav}</nav></header>
${sections.join("\n")}
${sections.length === 0 ? "<p>No records to report.</p>" : ""}
</body></html>
`;
}
