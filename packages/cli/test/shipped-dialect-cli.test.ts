/**
 * `--dialect x-evolved` names the dialect @silp/dialects ships: it works in a folder that has no
 * dialects/ directory (an installed silpc, no checkout), for compile, decode and grammar alike,
 * and prints what the file's spec prints.
 */
import { afterAll, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";

const outside = mkdtempSync(join(tmpdir(), "silp-shipped-dialect-"));
afterAll(() => rmSync(outside, { recursive: true, force: true }));
const silpc = (args: string[], cwd: string, input?: string) => spawnSync(process.execPath, [CLI_BIN, ...args], { cwd, encoding: "utf8", input });
const IR = JSON.stringify({ intent: "!START", entities: [{ id: "act", value: "hike" }], meta: { req_id: "a1b2c3d4" } });

test("compile, decode and grammar take the shipped name outside a checkout; the file gives the same text", () => {
  const shipped = silpc(["compile", "-", "--dialect", "x-evolved", "-f", "x-evolved"], outside, IR);
  assert.equal(shipped.status, 0, shipped.stderr);
  const fromFile = silpc(["compile", "-", "--dialect", "dialects/x-evolved.json", "-f", "x-evolved"], REPO_ROOT, IR);
  assert.equal(shipped.stdout, fromFile.stdout);
  const decoded = silpc(["decode", "-", "--dialect", "x-evolved", "-f", "x-evolved"], outside, shipped.stdout);
  assert.equal(decoded.status, 0, decoded.stderr);
  assert.equal(JSON.parse(decoded.stdout).intent, "!START");
  const grammar = silpc(["grammar", "--format", "gbnf", "--dialect", "x-evolved"], outside);
  assert.equal(grammar.status, 0, grammar.stderr);
  assert.match(grammar.stdout, /When/);
  const missing = silpc(["compile", "-", "--dialect", "x-nothing", "-f", "x-nothing"], outside, IR);
  assert.equal(missing.status, 2, "a name that is not shipped is a file path, and this one does not exist");
  assert.match(missing.stderr, /cannot read x-nothing/);
});
