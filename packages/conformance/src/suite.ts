/**
 * Loads the conformance suite (the `conformance/` folder: index.json plus one JSON file per
 * section, docs/conformance.md "Fixture format") and checks its shape, so a malformed case is
 * reported by name instead of failing somewhere in the runner.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OPERATIONS, type AdapterError, type Operation } from "./protocol.js";

export interface Covers {
  grammar?: string[];
  rules?: string[];
  errors?: string[];
  repairs?: string[];
  hits?: string[];
  problems?: string[];
}

export interface SuiteCase {
  id: string;
  /** Section of the draft, e.g. "4.1"; `drafts` says which revisions the case holds for. */
  spec: string;
  drafts: ("-00" | "-02")[];
  mode: "strict" | "lenient";
  description: string;
  frontend?: string;
  input: unknown;
  options?: Record<string, unknown>;
  expect: { output: unknown } | { error: AdapterError };
  covers?: Covers;
}

export interface SuiteSection {
  section: string;
  operation: Operation;
  description: string;
  cases: SuiteCase[];
}

export interface Suite {
  name: string;
  version: string;
  spec: string[];
  /** Documented items that no payload-level case can reach, each with the reason. */
  outOfScope: Record<string, Record<string, string>>;
  sections: SuiteSection[];
}

export class SuiteFormatError extends Error {}

function fail(where: string, message: string): never {
  throw new SuiteFormatError(`${where}: ${message}`);
}

function readJson(path: string): unknown {
  const text = readFileSync(path, "utf8"); // a missing file is not a malformed suite: its error propagates
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(path, error instanceof Error ? error.message : String(error));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkCase(where: string, value: unknown, seen: Set<string>): SuiteCase {
  if (!isRecord(value)) fail(where, "a case must be an object");
  const { id, spec, drafts, mode, description, expect } = value;
  if (typeof id !== "string" || !/^[a-z0-9][a-z0-9._-]*$/.test(id)) fail(where, "`id` must match [a-z0-9][a-z0-9._-]*");
  if (seen.has(id)) fail(where, `duplicate case id ${id}`);
  seen.add(id);
  const at = `${where} ${id}`;
  if (typeof spec !== "string" || spec.length === 0) fail(at, "`spec` (draft section) is required");
  if (!Array.isArray(drafts) || drafts.length === 0 || drafts.some((d) => d !== "-00" && d !== "-02")) fail(at, '`drafts` must list "-00" and/or "-02"');
  if (mode !== "strict" && mode !== "lenient") fail(at, '`mode` must be "strict" or "lenient"');
  if (typeof description !== "string") fail(at, "`description` is required");
  if (!("input" in value)) fail(at, "`input` is required");
  if (!isRecord(expect) || "output" in expect === "error" in expect) fail(at, "`expect` must hold exactly one of `output` and `error`");
  if ("error" in expect) {
    const error = expect.error;
    if (!isRecord(error) || typeof error.code !== "string") fail(at, "`expect.error.code` is required");
  }
  if (value.options !== undefined && !isRecord(value.options)) fail(at, "`options` must be an object");
  return value as unknown as SuiteCase;
}

/** Reads and checks the suite in `dir` (the folder holding index.json). */
export function loadSuite(dir: string): Suite {
  const indexPath = join(dir, "index.json");
  const index = readJson(indexPath);
  if (!isRecord(index)) fail(indexPath, "not an object");
  const { name, version, spec, sections, out_of_scope: outOfScope } = index;
  if (typeof name !== "string") fail(indexPath, "`name` is required");
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version)) fail(indexPath, "`version` must be semver x.y.z");
  if (!Array.isArray(spec)) fail(indexPath, "`spec` must list the drafts");
  if (!Array.isArray(sections) || sections.some((s) => typeof s !== "string")) fail(indexPath, "`sections` must list file names");
  const seen = new Set<string>();
  const loaded = (sections as string[]).map((file): SuiteSection => {
    const path = join(dir, "cases", file);
    const body = readJson(path);
    if (!isRecord(body)) fail(path, "not an object");
    const { section, operation, description, cases } = body;
    if (typeof section !== "string") fail(path, "`section` is required");
    if (!OPERATIONS.includes(operation as Operation)) fail(path, `\`operation\` must be one of ${OPERATIONS.join(", ")}`);
    if (!Array.isArray(cases)) fail(path, "`cases` must be a list");
    return {
      section,
      operation: operation as Operation,
      description: typeof description === "string" ? description : "",
      cases: cases.map((c) => checkCase(path, c, seen)),
    };
  });
  return {
    name,
    version,
    spec: spec as string[],
    outOfScope: isRecord(outOfScope) ? (outOfScope as Record<string, Record<string, string>>) : {},
    sections: loaded,
  };
}
