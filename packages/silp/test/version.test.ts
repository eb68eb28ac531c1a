/** The one version constant agrees with every published package.json (they move in lockstep). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { REPO_ROOT, WORKSPACES } from "@silp/testkit/paths.js";
import { VERSION } from "../src/version.js";

test("VERSION equals the version of every published package (run `npm run version` after bumping)", () => {
  const published = WORKSPACES.map(
    (folder) => JSON.parse(readFileSync(join(REPO_ROOT, folder, "package.json"), "utf8")) as { name: string; version: string; private?: boolean },
  ).filter((pkg) => !pkg.private);
  assert.ok(published.length >= 9, `found ${published.length} packages`);
  for (const pkg of published) assert.equal(pkg.version, VERSION, `${pkg.name} is at ${pkg.version}`);
  assert.match(VERSION, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
});
