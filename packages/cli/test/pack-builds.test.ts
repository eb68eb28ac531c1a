/**
 * `npm run pack` never writes a package it did not build (scripts/pack.mjs over
 * scripts/packages.mjs): what each tarball must hold is read from its package.json (every target
 * of `exports`, `bin` and `main`, every plain `files` entry) and from what the lab builds, and a
 * package missing any of it is refused before anything is packed. After packing, the tarball's
 * own file list is checked the same way (on every `npm run pack` and `npm run size`).
 */
import { afterAll, test } from "vitest";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { publishableWorkspaces, requiredFiles, unbuiltFiles } from "../../../scripts/packages.mjs";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A workspace folder holding `files` (package-relative), with `manifest`. */
function workspace(manifest: Record<string, unknown>, files: string[]): { dir: string; manifest: Record<string, unknown> } {
  const dir = mkdtempSync(join(tmpdir(), "silp-pack-"));
  dirs.push(dir);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), "x");
  }
  return { dir, manifest };
}

const ADAPTER = {
  name: "@silp/example-adapter",
  exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" }, "./package.json": "./package.json" },
  bin: { "example-adapter": "./dist/bin.js" },
  files: ["dist", "!dist/**/*.map", "CHANGELOG.md"],
};

test("what a tarball must hold is read from its package.json: exports, bin and plain files entries", () => {
  assert.deepEqual(requiredFiles(ADAPTER), ["dist", "dist/bin.js", "dist/index.d.ts", "dist/index.js", "package.json"]);
  assert.deepEqual(requiredFiles({ name: "@silp/tokens", files: ["dist", "vocabularies"] }), ["dist", "vocabularies", "vocabularies/gpt-4o.vocab.gz"]);
  assert.deepEqual(requiredFiles({ name: "@silp/playground", files: ["dist"] }), ["dist", "dist/site/index.html"]);
});

test("an unbuilt package (no dist, as a product-lane install leaves an adapter) is named with what it lacks; a built one is not", () => {
  const unbuilt = workspace(ADAPTER, ["package.json"]);
  assert.deepEqual(unbuiltFiles(unbuilt), ["dist", "dist/bin.js", "dist/index.d.ts", "dist/index.js"]);
  const empty = workspace(ADAPTER, ["package.json"]);
  mkdirSync(join(empty.dir, "dist"));
  assert.ok(unbuiltFiles(empty).includes("dist"), "an empty folder is not a build");
  const built = workspace(ADAPTER, ["package.json", "dist/index.js", "dist/index.d.ts", "dist/bin.js"]);
  assert.deepEqual(unbuiltFiles(built), []);
  // What a prepack script writes is not asked for before packing.
  assert.deepEqual(unbuiltFiles(workspace({ name: "@silp/conformance", files: ["dist", "suite"] }, ["dist/index.js"])), []);
});

test("in this install, every publishable package is built, or is one the lab builds and the lab is not installed", () => {
  const labBuilt = new Set(["@silp/ai-sdk", "@silp/langchain", "@silp/openai-agents", "@silp/mastra", "@silp/playground", "@silp/tokens"]);
  const unbuilt = publishableWorkspaces()
    .filter((w) => unbuiltFiles(w).length > 0)
    .map((w) => w.manifest.name);
  for (const name of unbuilt) assert.ok(labBuilt.has(name), `${name} is not built, and a product-lane install builds it`);
});
