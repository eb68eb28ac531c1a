/**
 * Plain-text tables and CSV for the census and for payload costs. Pure string functions: the
 * CLI prints them, library users can embed them (the README's census excerpt comes from here).
 */
import type { CensusEntry, CensusGroup, StructuralCensusEntry, VerbCensusEntry } from "./census.js";
import type { AverageCost, PayloadCost } from "./cost.js";
import { pythonRepr } from "./python-repr.js";
import { pythonJsonList, toCsv } from "./csv.js";
import type { ProbeResult } from "./probe.js";
import type { CensusReport, Claim } from "./report.js";
import type { TokenizerName } from "./tokenizer.js";

/** Cells such as "12", "1/1", "1>3", "22-28", "17.0%" are numbers for alignment. */
const NUMERIC_CELL = /^[\d.%/>+-]+$/;

/** Columns of numbers are right-aligned, others left-aligned; two spaces between columns. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => NUMERIC_CELL.test(row[column] ?? "")));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

const yesNo = (value: boolean): string => (value ? "yes" : "NO");

/** "bare/running" count per tokenizer, e.g. "1/1" or "3/3". */
const cellCounts = (entry: CensusEntry): string[] => entry.cells.map((cell) => `${cell.count}/${cell.runningCount}`);

const tokenizerNames = (entries: readonly CensusEntry[]): TokenizerName[] => entries[0]?.cells.map((cell) => cell.tokenizer) ?? [];

export function renderVerbCensus(verbs: readonly VerbCensusEntry[]): string {
  const header = ["verb", "function", ...tokenizerNames(verbs), "1 token (bare)", "1 token (running)", "UNK-free", "status"];
  const rows = verbs.map((verb) => [
    verb.code,
    verb.text,
    ...cellCounts(verb),
    yesNo(verb.singleToken),
    yesNo(verb.singleTokenRunning),
    yesNo(verb.unkFree),
    verb.status,
  ]);
  const notes = verbs
    .filter((verb) => !verb.singleToken || verb.status === "excluded")
    .flatMap((verb) => [
      `  ${verb.code} (${verb.status}): ${verb.cells.map((cell) => `${cell.tokenizer} ${cell.pieces.join("|")}`).join(", ")}`,
      ...(verb.hint === undefined ? [] : [`    instead: ${verb.hint}`]),
    ]);
  const legend = "cells: tokens bare / in running text (after a word and a space)";
  return [textTable(header, rows), legend, ...(notes.length > 0 ? ["pieces (bare):", ...notes] : [])].join("\n");
}

export function renderStructuralCensus(entries: readonly StructuralCensusEntry[]): string {
  const header = ["token", "category", ...tokenizerNames(entries), "1 token (bare)", "1 token (running)", "UNK-free"];
  const rows = entries.map((entry) => [
    entry.text,
    entry.category,
    ...cellCounts(entry),
    yesNo(entry.singleToken),
    yesNo(entry.singleTokenRunning),
    yesNo(entry.unkFree),
  ]);
  return textTable(header, rows);
}

/** One row per probe string, one "clean>injected" cell per tokenizer. */
export function renderProbes(results: readonly ProbeResult[]): string {
  const names = [...new Set(results.map((result) => result.tokenizer))];
  const byString = new Map<string, ProbeResult[]>();
  for (const result of results) {
    const key = `${result.test}\u0000${result.verb}\u0000${result.charCode}`;
    byString.set(key, [...(byString.get(key) ?? []), result]);
  }
  const rows = [...byString.values()].map((group) => {
    const first = group[0] as ProbeResult;
    return [
      first.test === "zerowidth_inject" ? "zero-width" : "homoglyph",
      first.verb,
      first.charCode,
      ...group.map((result) => `${result.cleanCount}>${result.injectedCount}`),
      yesNo(group.every((result) => result.altered)),
    ];
  });
  const altered = results.filter((result) => result.altered).length;
  return [textTable(["probe", "verb", "char", ...names, "altered on all"], rows), `${altered} of ${results.length} probes alter tokenization.`].join("\n");
}

/** Our census CSV: one row per (table, string, tokenizer), with the running-text count. */
export function censusCsv(verbs: readonly VerbCensusEntry[], structural: readonly StructuralCensusEntry[]): string {
  const header = ["table", "code", "string", "tokenizer", "token_count", "running_token_count", "is_single_token", "tokens", "is_unk"];
  const rows = [
    ...verbs.map((verb) => ({ table: verb.status === "approved" ? "verb_approved" : "verb_excluded", code: verb.code, entry: verb })),
    ...structural.map((entry) => ({ table: "structural", code: "", entry })),
  ].flatMap(({ table, code, entry }) =>
    entry.cells.map((cell) => [
      table,
      code,
      entry.text,
      cell.tokenizer,
      cell.count,
      cell.runningCount,
      cell.count === 1,
      pythonJsonList(cell.pieces),
      cell.unk,
    ]),
  );
  return toCsv(header, rows);
}

/** The study's phase0/tokenizer_census_verbs.csv, regenerated (same columns, order and dialect). */
export function studyCensusCsv(entries: readonly (CensusEntry & { group: CensusGroup })[]): string {
  const rows = entries.flatMap((entry) =>
    entry.cells.map((cell) => [entry.text, cell.tokenizer, cell.count, cell.count === 1, pythonJsonList(cell.pieces), cell.unk]),
  );
  return toCsv(["string", "tokenizer", "token_count", "is_single_token", "tokens", "is_unk"], rows);
}

/** The study's phase0/probe_zerowidth.csv, regenerated. */
export function probeCsv(results: readonly ProbeResult[]): string {
  const header = [
    "test",
    "verb",
    "char_code",
    "char_desc",
    "tokenizer",
    "clean_token_count",
    "injected_token_count",
    "delta",
    "survived",
    "injected_string_repr",
  ];
  const rows = results.map((result) => [
    result.test,
    result.verb,
    result.charCode,
    result.charDescription,
    result.tokenizer,
    result.cleanCount,
    result.injectedCount,
    result.delta,
    result.altered,
    pythonRepr(result.injected),
  ]);
  return toCsv(header, rows);
}

const fixed = (value: number, digits = 1): string => value.toFixed(digits);

/** Payload cost table: one row per payload, one column per tokenizer, then the spread. */
export function renderCosts(rows: readonly (PayloadCost | AverageCost)[]): string {
  const first = rows[0];
  if (first === undefined) return "";
  const names = first.counts.map((count) => count.tokenizer);
  const averaged = "files" in first;
  const header = ["payload", averaged ? "mean chars" : "chars", ...names, "mean", "range", "CV"];
  const body = rows.map((row) => [
    row.kind === "baseline" ? `${row.label} (baseline)` : row.label,
    "chars" in row ? String(row.chars) : fixed(row.meanChars),
    ...row.counts.map((count) => (averaged ? fixed(count.count) : String(count.count))),
    fixed(row.spread.mean),
    averaged ? `${fixed(row.spread.min)}-${fixed(row.spread.max)}` : `${row.spread.min}-${row.spread.max}`,
    `${fixed(row.spread.cv * 100)}%`,
  ]);
  return textTable(header, body);
}

export function renderClaims(claims: readonly Claim[]): string {
  const rows = claims.map((entry) => [entry.holds ? "holds" : "FAILS", `${entry.count}/${entry.total}`, entry.claim]);
  return textTable(["result", "count", "claim"], rows);
}

/** The full `silpc census` text: the three tables, then whether each claim of the spec holds. */
export function renderCensus(report: CensusReport): string {
  return [
    `Tokenizer census on ${report.tokenizers.join(", ")}`,
    `counting rule: ${report.countingRule}`,
    "",
    "Verb whitelist (spec 3.8, Tables 7 and 8)",
    renderVerbCensus(report.verbs),
    "",
    "Structural tokens (spec Appendix B, Table 12)",
    renderStructuralCensus(report.structural),
    "",
    "Zero-width and homoglyph probes (spec 8.1; cells: tokens clean>injected)",
    renderProbes(report.probes),
    "",
    "Claims",
    renderClaims(report.claims),
  ].join("\n");
}
