#!/usr/bin/env node
/**
 * Each package's `prepack` (npm pack and npm publish run it in the package's folder): copies the
 * repository's LICENSE into the package, so every tarball carries the license text; the copies
 * are ignored by git (one LICENSE in the repository).
 */
import { copyFileSync, cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
copyFileSync(join(ROOT, "LICENSE"), join(process.cwd(), "LICENSE"));

// @silp/conformance ships the suite: the repository's conformance/ folder (index.json, cases,
// adapters, README), copied into the package's suite/ (ignored by git: the cases have one home).
const manifest = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8"));
if (manifest.name === "@silp/conformance") {
  rmSync(join(process.cwd(), "suite"), { recursive: true, force: true });
  cpSync(join(ROOT, "conformance"), join(process.cwd(), "suite"), { recursive: true });
}
