/**
 * The public surface of every published package, pinned: for each entry in each package.json
 * `exports`, the sorted runtime names it exports must equal test/fixtures/api-surface.json. A
 * change to the surface is then a conscious one: rerun with SILP_UPDATE_API_SURFACE=1, review
 * the diff of the JSON file, and say so in a changeset.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const SNAPSHOT = new URL("./fixtures/api-surface.json", import.meta.url);

interface PackageJson {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
}

/** Every importable JavaScript entry of every published package, as a bare specifier. */
function entries(): string[] {
  const specifiers: string[] = [];
  for (const folder of readdirSync(join(REPO_ROOT, "packages")).sort()) {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "packages", folder, "package.json"), "utf8")) as PackageJson;
    if (pkg.private) continue;
    for (const subpath of Object.keys(pkg.exports ?? {})) {
      if (subpath === "./package.json" || subpath.endsWith(".json")) continue;
      specifiers.push(subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    }
  }
  return specifiers;
}

test("every package's exported names match the pinned surface", async () => {
  const surface: Record<string, string[]> = {};
  for (const specifier of entries()) surface[specifier] = Object.keys(await import(specifier)).sort();
  if (process.env.SILP_UPDATE_API_SURFACE === "1") writeFileSync(SNAPSHOT, `${JSON.stringify(surface, null, 2)}\n`);
  const pinned = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as Record<string, string[]>;
  assert.deepEqual(surface, pinned, "the public API changed: if on purpose, rerun with SILP_UPDATE_API_SURFACE=1 and review the diff");
});

test("the codec's root export is small: what an application calls, a few dozen names", async () => {
  const root = Object.keys(await import("silp"));
  assert.ok(root.length <= 40, `silp exports ${root.length} runtime names`);
  for (const name of ["compile", "compileAsync", "decode", "validate", "toEnvelope", "fromEnvelope", "registerFrontend", "SilpError"]) {
    assert.ok(root.includes(name), `silp should export ${name}`);
  }
});
