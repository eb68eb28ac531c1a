/** `silpc grammar` and `silpc prompt` end to end, as child processes (from source). */
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { runCli } from "@silp/testkit/cli.js";
import { APPROVED_VERBS, decode } from "silp";

describe("silpc grammar", () => {
  test("--format gbnf bakes in the whitelist's verbs; --verbs replaces them", () => {
    const all = runCli(["grammar", "--format", "gbnf"]);
    assert.equal(all.status, 0, all.stderr);
    assert.match(all.stdout, /^root ::= payload$/m);
    for (const verb of APPROVED_VERBS) assert.ok(all.stdout.includes(`"${verb.functionName}("`), `${verb.code} missing`);
    const own = runCli(["grammar", "--format", "gbnf", "--verbs", "REFUND,!notify"]);
    assert.equal(own.status, 0, own.stderr);
    assert.match(own.stdout, /# verbs in force: !REFUND !NOTIFY$/m);
    assert.ok(own.stdout.includes('"refund("'));
    assert.ok(!own.stdout.includes('"cancel("'));
  });

  test("--format lark prints a Lark grammar with a start rule", () => {
    const result = runCli(["grammar", "--format", "lark", "--verbs", "START"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^start: payload$/m);
    assert.match(result.stdout, /^primary_start: "start\("/m);
  });

  test("--extra-verbs adds application verbs to the whitelist's, checked like compile's flag", () => {
    const result = runCli(["grammar", "--format", "gbnf", "--extra-verbs", "SHIP,!REFUND"]);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.stdout.includes('"ship("') && result.stdout.includes('"refund("'));
    for (const verb of APPROVED_VERBS) assert.ok(result.stdout.includes(`"${verb.functionName}("`), `${verb.code} missing`);
    const prompt = runCli(["prompt", "--role", "write", "--extra-verbs", "SHIP", "--json"]);
    assert.equal(prompt.status, 0, prompt.stderr);
    assert.ok((JSON.parse(prompt.stdout) as { verbs: string[] }).verbs.includes("!SHIP"));
    const excluded = runCli(["grammar", "--format", "gbnf", "--extra-verbs", "ESCALATE"]);
    assert.equal(excluded.status, 1, "an excluded verb (spec 3.8) is refused");
    assert.match(excluded.stderr, /invalid_options/);
    assert.equal(runCli(["grammar", "--format", "gbnf", "--verbs", "START", "--extra-verbs", "SHIP"]).status, 2);
  });

  test("bad flags are usage errors (exit 2)", () => {
    assert.equal(runCli(["grammar", "--format", "xml"]).status, 2);
    assert.equal(runCli(["grammar", "--format", "gbnf", "--frontend", "json"]).status, 2);
    assert.equal(runCli(["grammar", "--format", "gbnf", "--verbs", "no way"]).status, 2);
  });
});

describe("silpc prompt", () => {
  test("--role write prints a prompt whose example payloads decode; --json carries the verbs", () => {
    const result = runCli(["prompt", "--role", "write"]);
    assert.equal(result.status, 0, result.stderr);
    const payloads = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("SILP: "))
      .map((line) => line.slice(6));
    assert.ok(payloads.length >= 3);
    for (const payload of payloads) decode(payload, "code", { strict: true });
    const json = runCli(["prompt", "--role", "read", "--frontend", "json", "--verbs", "SEARCH,START,EMAIL", "--json"]);
    assert.equal(json.status, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { verbs: string[]; text: string; role: string };
    assert.deepEqual(parsed.verbs, ["!SEARCH", "!START", "!EMAIL"]);
    assert.equal(parsed.role, "read");
    assert.match(parsed.text, /^Messages you receive are SILP/);
  });

  test("bad flags are usage errors (exit 2)", () => {
    assert.equal(runCli(["prompt", "--role", "speak"]).status, 2);
    assert.equal(runCli(["prompt", "--role", "write", "--frontend", "natural"]).status, 2);
  });
});
