/**
 * One package map for type checks and tests: vitest resolves package names through tsconfig.json's
 * `paths` only for files that tsconfig.json covers. A test file outside it would import the
 * packages' built dist/ instead of their sources, and get a second copy of the codec beside the
 * one its helpers use (a frontend registered in one copy is unknown in the other). So every test
 * file, in both lanes, must be one of tsconfig.json's files.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { test } from "vitest";
import { REPO_ROOT } from "../src/paths.js";

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path));
    else if (entry.name.endsWith(".test.ts")) out.push(relative(REPO_ROOT, path));
  }
  return out;
}

test("tsconfig.json covers every test file of both lanes", () => {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(REPO_ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  assert.ok(parsed, "tsconfig.json parses");
  const covered = new Set(parsed.fileNames.map((file) => relative(REPO_ROOT, file)));
  const files = ["packages", "study", "adapters"].flatMap((folder) => testFiles(join(REPO_ROOT, folder)));
  assert.ok(files.length > 150, `${files.length} test files`);
  assert.deepEqual(
    files.filter((file) => !covered.has(file)),
    [],
  );
});
