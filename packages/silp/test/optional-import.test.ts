/** A package that is not there is dependency_missing with the exact npm install line, never a raw resolution error. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "vitest";
import { pathToFileURL } from "node:url";
import { SilpError } from "silp";
import { importOptional } from "../src/optional-import.js";

function assertMissing(error: unknown, pkg: string, purpose: string): true {
  assert.ok(error instanceof SilpError, `not a SilpError: ${String(error)}`);
  assert.equal(error.code, "dependency_missing");
  assert.ok(error.message.startsWith(`${purpose} needs the npm package ${pkg}`), error.message);
  assert.ok(error.message.endsWith(`npm install ${pkg}`), error.message);
  assert.deepEqual({ package: error.details?.package, install: error.details?.install }, { package: pkg, install: `npm install ${pkg}` });
  return true;
}

test("an absent package names itself and its install line", async () => {
  const pkg = "@silp-test-double/not-installed";
  await assert.rejects(
    importOptional(pkg, "the demo", () => import(pkg)),
    (error) => assertMissing(error, pkg, "the demo"),
  );
});

test("a present module whose own dependency is absent names that dependency, not the module", async () => {
  const dir = mkdtempSync(join(tmpdir(), "silp-optional-"));
  try {
    const file = join(dir, "needs-missing.mjs");
    writeFileSync(file, 'import "not-installed-silp-dependency/sub/path.js";\nexport const x = 1;\n');
    await assert.rejects(
      importOptional("@silp/a2a", "silpc demo", () => import(pathToFileURL(file).href)),
      (error) => assertMissing(error, "not-installed-silp-dependency", "silpc demo"),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a package that loads is returned as is; one that throws while loading is dependency_missing with the reason", async () => {
  assert.equal((await importOptional("node:path", "x", () => import("node:path"))).sep, "/");
  await assert.rejects(
    importOptional("broken-package", "the frontend", () => Promise.reject(new SyntaxError("Unexpected token"))),
    (error: unknown) => error instanceof SilpError && error.code === "dependency_missing" && /did not load \(Unexpected token\)/.test(error.message),
  );
});
