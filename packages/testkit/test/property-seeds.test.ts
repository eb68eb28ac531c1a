/**
 * No property test is unseeded. Every test file in the repository runs its properties
 * through assertProperty (@silp/testkit/property.js), which always passes a seed; a direct
 * fc.assert / fc.check / fc.sample call fails this test unless the call itself passes a seed (the
 * fuzz engine and the grammar checks' sample helpers, whose callers print their seed).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "vitest";
import fc from "fast-check";
import { assertProperty, DEFAULT_PROPERTY_SEED, propertySeed } from "../src/property.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const SKIP = new Set(["node_modules", "dist", ".git", "coverage", "reports", ".stryker-tmp"]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

const DIRECT_RUN = /\bfc\s*\.\s*(assert|check|sample|statistics)\s*\(/g;
/** A named import of a runner would dodge DIRECT_RUN: `import { assert } from "fast-check"`. */
const NAMED_RUNNER_IMPORT = /import\s*\{[^}]*\b(assert|check|sample|statistics)\b[^}]*\}\s*from\s*["']fast-check["']/g;

/** The text of the call whose argument list opens at `open` (just after its "("), by bracket depth. */
function callText(text: string, open: number): string {
  let depth = 1;
  for (let i = open; i < text.length && i < open + 5000; i++) {
    const c = text[i];
    if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") depth--;
    if (depth === 0) return text.slice(open, i);
  }
  return text.slice(open, open + 5000);
}

function callPassesSeed(text: string, open: number): boolean {
  return /\bseed\b\s*[:,}]/.test(callText(text, open));
}

test("no test runs a property without a seed: every run goes through assertProperty", () => {
  const offenders: string[] = [];
  let fuzzEngineSeeded = false;
  for (const dir of ["packages", "study", "adapters", "fuzz", "perf", "scripts"]) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const path = relative(ROOT, file);
      if (path === "packages/testkit/src/property.ts" || path === "packages/testkit/test/property-seeds.test.ts") continue;
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(NAMED_RUNNER_IMPORT)) offenders.push(`${path} imports fast-check's ${match[1]} by name`);
      for (const match of text.matchAll(DIRECT_RUN)) {
        // A direct call that passes its own seed (the fuzz engine, the grammar checks' sample
        // helpers, whose callers print the seed) is seeded too; any other is an offender.
        if (callPassesSeed(text, (match.index ?? 0) + match[0].length)) {
          if (path === "fuzz/engine.ts") fuzzEngineSeeded = true;
          continue;
        }
        const lineNumber = text.slice(0, match.index).split("\n").length;
        offenders.push(`${path}:${lineNumber} calls fc.${match[1]} directly`);
      }
    }
  }
  assert.deepEqual(offenders, [], "use assertProperty from @silp/testkit/property.js");
  assert.ok(fuzzEngineSeeded, "fuzz/engine.ts passes its seed to fast-check");
});

test("the guard tells a call that passes a seed from one that does not", () => {
  const at = (source: string) => callPassesSeed(source, source.indexOf("(") + 1);
  assert.equal(at("fc.assert(fc.property(arb, (x) => check(x)), { numRuns: 10 });"), false);
  assert.equal(at("fc.assert(fc.property(arb, (x) => check(x)));\nconst other = { seed: 1 };"), false);
  assert.equal(at("fc.sample(arb, { seed: seed + round, numRuns: 5 })"), true);
  assert.equal(at("fc.assert(fc.property(arb, (x) => check(x)), { seed, numRuns: 10 })"), true);
});

test("the seed is fixed by default and SILP_FC_SEED overrides it", () => {
  const saved = process.env.SILP_FC_SEED;
  try {
    delete process.env.SILP_FC_SEED;
    assert.equal(propertySeed(), DEFAULT_PROPERTY_SEED);
    process.env.SILP_FC_SEED = "12345";
    assert.equal(propertySeed(), 12345);
    process.env.SILP_FC_SEED = "-7";
    assert.equal(propertySeed(), -7);
    process.env.SILP_FC_SEED = "abc";
    assert.throws(() => propertySeed(), /SILP_FC_SEED must be a 32-bit integer/);
  } finally {
    if (saved === undefined) delete process.env.SILP_FC_SEED;
    else process.env.SILP_FC_SEED = saved;
  }
});

test("a failing property reports its seed, and the same seed finds the same counterexample", () => {
  const failure = (): string => {
    try {
      assertProperty(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => n < 500_000));
    } catch (error) {
      return (error as Error).message;
    }
    return assert.fail("the property must fail");
  };
  const first = failure();
  assert.match(first, new RegExp(`seed: ${DEFAULT_PROPERTY_SEED}\\b`));
  assert.match(first, new RegExp(`replay with SILP_FC_SEED=${DEFAULT_PROPERTY_SEED}`));
  assert.equal(failure(), first);
});
