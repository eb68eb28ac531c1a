#!/usr/bin/env node
/**
 * `silp-conformance --adapter "<command>"`: the suite this package ships, run against any
 * implementation's adapter (docs/conformance.md), without the rest of SILP installed. Prints a
 * table per section (or the JSON report with --json), writes --report FILE, exits 1 when a case
 * fails and 2 on a usage error. Arguments are parsed by node:util's parseArgs (strict).
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { defaultSuiteDir } from "./location.js";
import { DEFAULT_TIMEOUT_MS, formatReport, runSuite } from "./run.js";
import { SuiteFormatError, loadSuite } from "./suite.js";

const USAGE = `usage: silp-conformance --adapter "<command>" [--suite DIR] [--only A,B] [--skip A,B] [--timeout MS] [--report FILE] [--json] [--verbose]
  runs the SILP conformance suite (the one this package ships, unless --suite) against the adapter`;

function usage(message: string): never {
  process.stderr.write(`silp-conformance: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

let values: Record<string, string | boolean | undefined>;
try {
  values = parseArgs({
    options: {
      adapter: { type: "string" },
      suite: { type: "string" },
      only: { type: "string" },
      skip: { type: "string" },
      timeout: { type: "string", default: String(DEFAULT_TIMEOUT_MS) },
      report: { type: "string" },
      json: { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const adapter = values.adapter;
if (typeof adapter !== "string" || adapter.trim() === "") usage("--adapter is required: the command that runs your implementation's adapter");
const timeoutMs = Number(values.timeout);
if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) usage(`--timeout must be a positive integer (ms), got ${String(values.timeout)}`);
const suiteDir = typeof values.suite === "string" ? resolve(values.suite) : defaultSuiteDir();
let suite: ReturnType<typeof loadSuite>;
try {
  suite = loadSuite(suiteDir);
} catch (error) {
  usage(
    error instanceof SuiteFormatError
      ? `the suite is malformed: ${error.message}`
      : `cannot read the suite in ${suiteDir}: ${error instanceof Error ? error.message : String(error)}`,
  );
}
let report: Awaited<ReturnType<typeof runSuite>>;
try {
  report = await runSuite(suite, {
    adapter,
    cwd: process.cwd(),
    only: list(values.only as string | undefined),
    skip: list(values.skip as string | undefined),
    timeoutMs,
  });
} catch (error) {
  if (error instanceof RangeError) usage(error.message);
  throw error;
}
if (typeof values.report === "string") writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : formatReport(report, values.verbose === true)}\n`);
process.exit(report.totals.fail > 0 ? 1 : 0);
