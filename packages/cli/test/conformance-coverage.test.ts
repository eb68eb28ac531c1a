/**
 * The conformance suite covers what the docs document: every grammar rule of the code and probe
 * ABNF, every validation rule, error code, repair kind, sanitizer hit kind and lock problem kind
 * has at least one case (or, for an error code no payload can reach, a stated reason in
 * index.json). The lists are read from the code's exported constants and type unions AND from
 * the docs' tables, so a newly documented rule without a case fails here.
 */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RULE_IDS } from "silp";
import { ERROR_CODES } from "silp/util";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { loadSuite, type SuiteCase } from "@silp/conformance";

const suite = loadSuite(join(REPO_ROOT, "conformance"));
const cases: { operation: string; testCase: SuiteCase }[] = suite.sections.flatMap((s) => s.cases.map((testCase) => ({ operation: s.operation, testCase })));

function read(path: string): string {
  return readFileSync(join(REPO_ROOT, path), "utf8");
}

/** First-column backticked names of every markdown table whose header's first cell is `header`. */
function tableNames(markdown: string, header: string): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    if (cells[1] === header) {
      inTable = true;
      continue;
    }
    const name = /^`([^`]+)`/.exec(cells[1] ?? "");
    if (inTable && name?.[1]) names.push(name[1]);
  }
  return names;
}

/** Members of a string-literal union type in a source file. */
function unionMembers(path: string, typeName: string): string[] {
  const source = read(path);
  const start = source.indexOf(`export type ${typeName} =`);
  assert.ok(start >= 0, `${typeName} not found in ${path}`);
  const body = source.slice(start, source.indexOf(";", start)).replace(/\/\*[\s\S]*?\*\//g, "");
  return [...body.matchAll(/"([a-z_]+)"/g)].map((m) => m[1] as string);
}

/** Rule names defined in the ```abnf blocks of a doc. */
function abnfRules(path: string): string[] {
  const names: string[] = [];
  for (const block of read(path).matchAll(/```abnf\n([\s\S]*?)```/g)) {
    for (const line of (block[1] ?? "").split("\n")) {
      const rule = /^([A-Za-z][A-Za-z0-9-]*)\s+=/.exec(line);
      if (rule?.[1]) names.push(rule[1]);
    }
  }
  return names;
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  assert.ok(start >= 0, `heading ${heading} not found`);
  const next = markdown.indexOf("\n## ", start + heading.length);
  return markdown.slice(start, next === -1 ? undefined : next);
}

function covered(pick: (c: SuiteCase, operation: string) => readonly string[]): Set<string> {
  return new Set(cases.flatMap(({ testCase, operation }) => pick(testCase, operation)));
}

function outputList(c: SuiteCase, key: string, field: string): string[] {
  if (!("output" in c.expect)) return [];
  const output = c.expect.output as Record<string, unknown> | null;
  const list = output && typeof output === "object" ? output[key] : undefined;
  return Array.isArray(list) ? list.map((item) => (typeof item === "string" ? item : String((item as Record<string, unknown>)[field]))) : [];
}

function assertCovered(kind: string, documented: Iterable<string>, have: Set<string>, excused: Record<string, string> = {}): void {
  const missing = [...new Set(documented)].filter((name) => !have.has(name) && !(excused[name] ?? "").trim());
  assert.deepEqual(missing, [], `documented ${kind} without a conformance case: ${missing.join(", ")}`);
}

describe("conformance suite coverage", () => {
  test("reads non-empty lists from the docs (the parsers above still find the tables)", () => {
    assert.ok(abnfRules("docs/grammar.md").includes("payload"));
    assert.ok(abnfRules("docs/protocol.md").includes("ping-line"));
    assert.ok(tableNames(read("docs/ir.md"), "rule").includes("seq-keyword"));
    assert.ok(tableNames(read("docs/errors.md"), "code").includes("invalid_options"));
    assert.ok(tableNames(read("docs/grammar.md"), "repair").includes("merged_primary_call"));
    assert.ok(tableNames(read("docs/security.md"), "kind").includes("bidi"));
    assert.ok(tableNames(read("docs/lock.md"), "kind").includes("anchor_missing"));
  });

  test("every ABNF rule of docs/grammar.md (code:) and docs/protocol.md (probe:) is named by a case", () => {
    const have = covered((c) => c.covers?.grammar ?? []);
    assertCovered(
      "code grammar rule",
      abnfRules("docs/grammar.md").map((r) => `code:${r}`),
      have,
    );
    assertCovered(
      "probe grammar rule",
      [...abnfRules("docs/protocol.md"), ...abnfRules("docs/dialect-negotiation.md")].map((r) => `probe:${r}`),
      have,
    );
  });

  test("every validation rule (RULE_IDS, docs/ir.md) has a validate case that expects it", () => {
    const have = covered((c) => [...outputList(c, "issues", "rule"), ...(c.covers?.rules ?? [])]);
    assertCovered("validation rule", ["schema", ...RULE_IDS, ...tableNames(read("docs/ir.md"), "rule")], have);
  });

  test("every error code (ERROR_CODES, docs/errors.md) has a case or a stated reason", () => {
    const have = covered((c) => ["error" in c.expect ? c.expect.error.code : "", ...(c.covers?.errors ?? [])]);
    const excused = suite.outOfScope.errors ?? {};
    assertCovered("error code", [...ERROR_CODES, ...tableNames(read("docs/errors.md"), "code")], have, excused);
    for (const code of Object.keys(excused)) assert.ok(!have.has(code), `${code} is both covered and listed out of scope`);
  });

  test("every repair kind (RepairKind, docs/grammar.md, docs/json.md) has a lenient case that expects it", () => {
    // docs/json.md names repairs in prose, beside error codes and sanitizer hit kinds (`mixed_script`): only the rest are repairs.
    const notRepairs = new Set<string>([...ERROR_CODES, ...unionMembers("packages/silp/src/security/report.ts", "SanitizerHitKind")]);
    const fromJsonDoc = [...section(read("docs/json.md"), "## Decoding").matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)]
      .map((m) => m[1] as string)
      .filter((n) => !notRepairs.has(n));
    assert.ok(fromJsonDoc.includes("number_as_string"));
    const have = covered((c) => (c.mode === "lenient" ? [...outputList(c, "repairs", "kind"), ...(c.covers?.repairs ?? [])] : []));
    assertCovered(
      "repair kind",
      [...unionMembers("packages/silp/src/frontends/decode-context.ts", "RepairKind"), ...tableNames(read("docs/grammar.md"), "repair"), ...fromJsonDoc],
      have,
    );
  });

  test("every sanitizer hit kind (SanitizerHitKind, docs/security.md) has a case", () => {
    const have = covered((c) => [...outputList(c, "hits", "kind"), ...(c.covers?.hits ?? [])]);
    assertCovered(
      "sanitizer hit kind",
      [...unionMembers("packages/silp/src/security/report.ts", "SanitizerHitKind"), ...tableNames(read("docs/security.md"), "kind")],
      have,
    );
  });

  test("every lock problem kind (LockProblemKind, docs/lock.md) has a case", () => {
    const have = covered((c) => outputList(c, "problems", "kind"));
    assertCovered(
      "lock problem kind",
      [...unionMembers("packages/lock/src/problems.ts", "LockProblemKind"), ...tableNames(read("docs/lock.md"), "kind")],
      have,
    );
  });

  test("covers only names documented items (no typo hides a gap)", () => {
    const known = new Set<string>([
      ...abnfRules("docs/grammar.md").map((r) => `code:${r}`),
      ...[...abnfRules("docs/protocol.md"), ...abnfRules("docs/dialect-negotiation.md")].map((r) => `probe:${r}`),
      "schema",
      ...RULE_IDS,
      ...ERROR_CODES,
      ...unionMembers("packages/silp/src/frontends/decode-context.ts", "RepairKind"),
      ...unionMembers("packages/silp/src/security/report.ts", "SanitizerHitKind"),
    ]);
    const unknown = cases.flatMap(({ testCase }) =>
      Object.values(testCase.covers ?? {})
        .flat()
        .filter((name) => !known.has(name))
        .map((name) => `${testCase.id}: ${name}`),
    );
    assert.deepEqual(unknown, []);
  });

  test("every case names its draft section and mode; the suite has a semver version", () => {
    assert.match(suite.version, /^\d+\.\d+\.\d+$/);
    for (const { testCase } of cases) {
      assert.ok(testCase.spec.length > 0, testCase.id);
      assert.ok(testCase.mode === "strict" || testCase.mode === "lenient", testCase.id);
    }
    assert.ok(
      cases.some(({ testCase }) => testCase.drafts.length === 1 && testCase.drafts[0] === "-00"),
      "a case for -00 only",
    );
    assert.ok(
      cases.some(({ testCase }) => testCase.drafts.length === 1 && testCase.drafts[0] === "-02"),
      "a case for -02 only",
    );
  });
});
