/** `silpc grammar --dialect <file>`: a dialect file's grammar (docs/grammar.md, "Dialects"), as a child process. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, test } from "vitest";
import { parseDialectSpec } from "@silp/dialects";
import { dialectGrammar, toGbnf, toLark } from "@silp/grammar";
import { runCli } from "@silp/testkit/cli.js";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const dir = mkdtempSync(join(tmpdir(), "silpc-grammar-dialect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIALECT = join(REPO_ROOT, "dialects/x-evolved.json");

test("--dialect prints the dialect's grammar in either format, with its spellings and the verbs in force", () => {
  const spec = parseDialectSpec(JSON.parse(readFileSync(DIALECT, "utf8")));
  const gbnf = runCli(["grammar", "--format", "gbnf", "--dialect", DIALECT]);
  assert.equal(gbnf.status, 0, gbnf.stderr);
  assert.match(gbnf.stdout, /^# SILP x-evolved frontend, canonical form/);
  // x-evolved: "When " opens the conditions, " then " ends them, " otherwise " and " or " separate alternatives, calls are `f a b`.
  assert.match(gbnf.stdout, /^payload ::= \("When " condition " then "\)\? actions else-part\? meta-part\?$/m);
  assert.match(gbnf.stdout, /^else-part ::= " otherwise " \(alt-call \(" or " alt-call\)\*\)$/m);
  assert.match(gbnf.stdout, /^primary-start ::= "start" \(" " entity-args\)\?/m);
  assert.equal(gbnf.stdout.trimEnd(), toGbnf(dialectGrammar(spec)).trimEnd());
  const lark = runCli(["grammar", "--format", "lark", "--dialect", DIALECT, "--verbs", "START,REFUND"]);
  assert.equal(lark.status, 0, lark.stderr);
  assert.match(lark.stdout, /^\/\/ verbs in force: !START !REFUND$/m);
  assert.equal(lark.stdout.trimEnd(), toLark(dialectGrammar(spec, { verbs: ["!START", "!REFUND"] })).trimEnd());
  assert.ok(!lark.stdout.includes('"cancel"'));
  const xgrammar = runCli(["grammar", "--format", "xgrammar", "--dialect", DIALECT]);
  assert.equal(xgrammar.status, 0, xgrammar.stderr);
  assert.equal(xgrammar.stdout.trimEnd(), toGbnf(dialectGrammar(spec), { engine: "xgrammar" }).trimEnd());
  assert.notEqual(xgrammar.stdout, gbnf.stdout);
  assert.equal(runCli(["grammar", "--format", "ebnf"]).status, 2);
});

test("a bad dialect file is an error naming the problem, not a crash", () => {
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ silp_dialect: 1, name: "x-bad", genes: { if: "perhaps" } }));
  const result = runCli(["grammar", "--format", "gbnf", "--dialect", bad]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /invalid_options/);
  assert.equal(result.stdout, "");
  const broken = join(dir, "broken.json");
  writeFileSync(broken, "{ not json");
  const syntax = runCli(["grammar", "--format", "lark", "--dialect", broken]);
  assert.equal(syntax.status, 1);
  assert.match(syntax.stderr, /invalid_syntax/);
  assert.equal(runCli(["grammar", "--format", "gbnf", "--dialect", DIALECT, "--frontend", "json"]).status, 2);
});
