/**
 * The README's first command runs `npx silpc`, which executes the bin npm linked at
 * node_modules/.bin/silpc -> packages/cli/bin/silpc.js -> dist/main.js. After `npm ci` (whose
 * `prepare` builds dist/) that chain must exist, be executable and start. Skipped when no build
 * is present (a developer tree before `npm run build`); CI always has one.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { skipUnlessRequired } from "@silp/testkit/require-all.js";

const built = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const bin = fileURLToPath(new URL("../bin/silpc.js", import.meta.url));
const linked = join(REPO_ROOT, "node_modules", ".bin", "silpc");
const skip = existsSync(built) ? false : skipUnlessRequired("dist/ not built (npm run build)");

test("npm's silpc link runs the committed bin file, which runs the build and answers --version", { skip: Boolean(skip) }, () => {
  assert.equal(realpathSync(linked), realpathSync(bin));
  accessSync(bin, constants.X_OK);
  const result = spawnSync(linked, ["--version"], { encoding: "utf8", timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  assert.equal(result.stdout, `${version}\n`);
});
