/**
 * Runs the suite against one adapter: selects sections (--only/--skip), asks the adapter every
 * case in file order, grades each answer, and sums up per section. Printing is the command's job.
 */
import { AdapterProcess } from "./adapter-process.js";
import { grade } from "./compare.js";
import type { AdapterRequest } from "./protocol.js";
import type { Suite, SuiteCase, SuiteSection } from "./suite.js";

export interface CaseResult {
  section: string;
  id: string;
  spec: string;
  mode: "strict" | "lenient";
  status: "pass" | "fail" | "unsupported";
  reason?: string;
}

export interface SectionScore {
  section: string;
  total: number;
  pass: number;
  fail: number;
  unsupported: number;
}

export interface ConformanceReport {
  suite: { name: string; version: string };
  adapter: string;
  sections: SectionScore[];
  totals: Omit<SectionScore, "section">;
  cases: CaseResult[];
}

export interface RunOptions {
  adapter: string;
  /** Working directory of the adapter command. */
  cwd: string;
  only?: readonly string[];
  skip?: readonly string[];
  /** Deadline of each answer in milliseconds; default DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** What each answer may take by default; past it the case fails and the adapter is restarted. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The sections --only/--skip leave; an unknown section name is the caller's mistake. */
export function selectSections(suite: Suite, only: readonly string[] = [], skip: readonly string[] = []): SuiteSection[] {
  const known = new Set(suite.sections.map((s) => s.section));
  const unknown = [...only, ...skip].filter((name) => !known.has(name));
  if (unknown.length > 0) throw new RangeError(`unknown section(s) ${unknown.join(", ")}; the suite has ${[...known].join(", ")}`);
  return suite.sections.filter((s) => (only.length === 0 || only.includes(s.section)) && !skip.includes(s.section));
}

/** What the adapter is asked for one case (docs/conformance.md, "The adapter protocol"). */
export function requestFor(section: SuiteSection, testCase: SuiteCase): AdapterRequest {
  return {
    id: testCase.id,
    operation: section.operation,
    frontend: testCase.frontend ?? null,
    input: testCase.input,
    options: { ...testCase.options, strict: testCase.mode === "strict" },
  };
}

export async function runSuite(suite: Suite, options: RunOptions): Promise<ConformanceReport> {
  const sections = selectSections(suite, options.only, options.skip);
  const adapter = new AdapterProcess(options.adapter, options.cwd);
  const cases: CaseResult[] = [];
  try {
    for (const section of sections) {
      for (const testCase of section.cases) {
        const exchange = await adapter.ask(requestFor(section, testCase), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
        const verdict =
          "failure" in exchange ? { status: "fail" as const, reason: exchange.failure } : grade(section.operation, testCase.expect, exchange.answer);
        cases.push({
          section: section.section,
          id: testCase.id,
          spec: testCase.spec,
          mode: testCase.mode,
          status: verdict.status,
          ...("reason" in verdict && verdict.reason ? { reason: verdict.reason } : {}),
        });
      }
    }
  } finally {
    adapter.stop();
  }
  const scores = sections.map((section): SectionScore => {
    const mine = cases.filter((c) => c.section === section.section);
    return {
      section: section.section,
      total: mine.length,
      pass: mine.filter((c) => c.status === "pass").length,
      fail: mine.filter((c) => c.status === "fail").length,
      unsupported: mine.filter((c) => c.status === "unsupported").length,
    };
  });
  const sum = (key: "total" | "pass" | "fail" | "unsupported") => scores.reduce((n, s) => n + s[key], 0);
  return {
    suite: { name: suite.name, version: suite.version },
    adapter: options.adapter,
    sections: scores,
    totals: { total: sum("total"), pass: sum("pass"), fail: sum("fail"), unsupported: sum("unsupported") },
    cases,
  };
}

/**
 * Control, format and line-separator characters, shown as `\uXXXX`: a failure reason quotes
 * the adapter's text, which must not send escape sequences to a terminal, reorder the line
 * (U+202E) or hide text.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function escaped(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) as number;
    return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/** The per-section table the commands print, every line safe for a terminal. */
export function formatReport(report: ConformanceReport, showPasses = false): string {
  const rows = [
    ...report.sections.map((s) => [s.section, s.total, s.pass, s.fail, s.unsupported]),
    ["total", report.totals.total, report.totals.pass, report.totals.fail, report.totals.unsupported],
  ];
  const header = ["section", "cases", "pass", "fail", "unsupported"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0))).join("  ");
  const out = [`${report.suite.name} ${report.suite.version}, adapter: ${report.adapter}`, "", line(header), ...rows.map(line)];
  const failures = report.cases.filter((c) => c.status === "fail" || (showPasses && c.status !== "pass"));
  if (failures.length > 0) {
    out.push("", "failures:");
    for (const c of failures) out.push(`  ${c.section}/${c.id} [${c.spec}, ${c.mode}] ${c.status}: ${c.reason ?? ""}`);
  }
  return out.map(escaped).join("\n");
}
