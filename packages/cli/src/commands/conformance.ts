/**
 * `silpc conformance [--adapter "<command>"]`: runs the language-neutral conformance suite
 * (@silp/conformance, which ships it; docs/conformance.md) against any implementation's adapter,
 * by default this one's. Prints a table per section, writes the JSON report with --report, exits
 * 1 on any failure. Unsupported cases are counted, never failures: an implementation states what
 * it does not do.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { EXIT_INVALID, EXIT_OK, UsageError, runCommand, writeJson, writeOut } from "../io.js";

interface ConformanceFlags {
  adapter?: string;
  suite?: string;
  only?: string;
  skip?: string;
  report?: string;
  timeout: string;
  json?: boolean;
  verbose?: boolean;
}

function sectionList(value: string | undefined): string[] {
  return value === undefined
    ? []
    : value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
}

export function register(program: Command): void {
  program
    .command("conformance")
    .description("run the SILP conformance suite against an implementation's adapter (docs/conformance.md)")
    .option("--adapter <command>", "shell command that speaks the adapter protocol (default: this implementation's own adapter)")
    .option("--suite <dir>", "the suite folder holding index.json (default: the suite @silp/conformance ships)")
    .option("--only <sections>", "comma-separated sections to run")
    .option("--skip <sections>", "comma-separated sections to leave out")
    .option("--report <file>", "write the JSON report (every case with its verdict) to this file")
    .option("--timeout <ms>", "per-case answer deadline in milliseconds", "10000")
    .option("--verbose", "also list unsupported cases")
    .option("--json", "print the JSON report instead of the table")
    .action((flags: ConformanceFlags) =>
      runCommand(flags.json === true, async () => {
        const { loadSuite, SuiteFormatError, runSuite, formatReport, defaultSuiteDir, silpAdapterCommand } = await import("@silp/conformance");
        const suiteDir = flags.suite === undefined ? defaultSuiteDir() : resolve(flags.suite);
        const timeoutMs = Number(flags.timeout);
        if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout must be a positive integer (ms), got ${flags.timeout}`);
        let suite: ReturnType<typeof loadSuite>;
        try {
          suite = loadSuite(suiteDir);
        } catch (error) {
          if (error instanceof SuiteFormatError) throw new UsageError(`the suite is malformed: ${error.message}`);
          throw new UsageError(`cannot read the suite in ${suiteDir}: ${error instanceof Error ? error.message : String(error)}`);
        }
        let report: Awaited<ReturnType<typeof runSuite>>;
        try {
          report = await runSuite(suite, {
            adapter: flags.adapter ?? silpAdapterCommand(suiteDir),
            cwd: process.cwd(),
            only: sectionList(flags.only),
            skip: sectionList(flags.skip),
            timeoutMs,
          });
        } catch (error) {
          if (error instanceof RangeError) throw new UsageError(error.message);
          throw error;
        }
        if (flags.report) writeFileSync(flags.report, `${JSON.stringify(report, null, 2)}\n`);
        if (flags.json) writeJson(report);
        // Failure reasons quote the adapter's text: formatReport escapes it for a terminal.
        else writeOut(formatReport(report, flags.verbose === true));
        return report.totals.fail > 0 ? EXIT_INVALID : EXIT_OK;
      }),
    );
}
