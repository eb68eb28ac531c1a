/** `silpc compile` and `silpc decode` with `--dialect <file>`: a dialect file's frontend is used like a built-in one. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, test } from "vitest";
import { parseDialectSpec, registerDialect } from "@silp/dialects";
import { runCli } from "@silp/testkit/cli.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { compile, type SilpIR, validate } from "silp";

const dir = mkdtempSync(join(tmpdir(), "silpc-dialect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIALECT = join(REPO_ROOT, "dialects/x-evolved.json");
const CASE = join(REPO_ROOT, "data/study/cases/case3_detail.json");

test("compile and decode through a registered dialect file round-trip the IR; without the file the name is unknown", () => {
  registerDialect(parseDialectSpec(JSON.parse(readFileSync(DIALECT, "utf8"))));
  const ir = JSON.parse(readFileSync(CASE, "utf8"));
  const compiled = runCli(["compile", CASE, "--dialect", DIALECT, "-f", "x-evolved", "--whitelist", "off"]);
  assert.equal(compiled.status, 0, compiled.stderr);
  assert.equal(compiled.stdout.trimEnd(), compile(ir, "x-evolved", { whitelist: "off" }));
  const payload = join(dir, "payload.txt");
  writeFileSync(payload, compiled.stdout);
  const decoded = runCli(["decode", payload, "--dialect", DIALECT, "-f", "x-evolved", "--whitelist", "off", "--strict"]);
  assert.equal(decoded.status, 0, decoded.stderr);
  // Everything comes back; the req_id, left out of the payload by default, is the text's hash (spec 4.6).
  const normal = validate(ir, { whitelist: "off" }).ir as SilpIR;
  const reqId = createHash("sha256").update(compiled.stdout.trimEnd()).digest("hex").slice(0, 8);
  assert.deepEqual(JSON.parse(decoded.stdout), { ...normal, meta: { ...normal.meta, req_id: reqId } });
  const unknown = runCli(["decode", payload, "-f", "x-evolved", "--json"]);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stdout, /unsupported_frontend/);
});

test("a bad dialect file is an error naming the problem, not a crash", () => {
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ silp_dialect: 1, name: "x-bad", genes: { if: "perhaps" } }));
  const result = runCli(["compile", CASE, "--dialect", bad, "-f", "x-bad", "--json"]);
  assert.equal(result.status, 1);
  assert.match(result.stdout, /invalid_options/);
  const broken = join(dir, "broken.json");
  writeFileSync(broken, "{ not json");
  const syntax = runCli(["compile", CASE, "--dialect", broken, "--json"]);
  assert.equal(syntax.status, 1);
  assert.match(syntax.stdout, /invalid_syntax/);
});
