/**
 * The README's first command runs `npx silpc`, which executes dist/cli/main.js directly: it must
 * exist after `npm ci` (the prepare script builds it), be executable and start. Skipped when no
 * build is present (a developer tree before `npm run build`); CI always has one.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const entry = fileURLToPath(new URL("../dist/main.js", import.meta.url));

test("the built silpc entry is executable and answers --version", { skip: existsSync(entry) ? false : "dist/ not built (npm run build)" }, () => {
  accessSync(entry, constants.X_OK);
  const result = spawnSync(entry, ["--version"], { encoding: "utf8", timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
});
