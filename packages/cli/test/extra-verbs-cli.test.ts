/**
 * `--extra-verbs` on the codec commands and
 * `silpc whitelist --verify --extra` (the draft's criterion on one or two cheap tokenizers; the
 * expected token splits are written by hand from the tokenizers' vocabularies).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "vitest";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";

function silpc(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", input, maxBuffer: 16 << 20 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const REFUND_IR = JSON.stringify({ intent: "!REFUND", entities: [{ id: "act", value: "order_17" }], meta: { req_id: "a1b2c3d4" } });

describe("codec commands: --extra-verbs", () => {
  test("compile, decode and validate accept an extra verb only when it is given", () => {
    const compiled = silpc(["compile", "-", "--extra-verbs", "REFUND,SHIP"], REFUND_IR);
    assert.equal(compiled.code, 0, compiled.stderr);
    assert.equal(compiled.stdout.trim(), "refund(order_17)");
    const refused = silpc(["compile", "-", "--json"], REFUND_IR);
    assert.notEqual(refused.code, 0);
    assert.equal(JSON.parse(refused.stdout).error.code, "invalid_ir");

    const decoded = silpc(["decode", "-", "--extra-verbs", "!REFUND"], "refund(order_17)");
    assert.equal(decoded.code, 0, decoded.stderr);
    assert.equal(JSON.parse(decoded.stdout).intent, "!REFUND");

    const validated = silpc(["validate", "-", "--extra-verbs", "REFUND", "--json"], REFUND_IR);
    assert.equal(validated.code, 0, validated.stdout);
  });

  test("an excluded verb is invalid_options naming it", () => {
    const result = silpc(["compile", "-", "--json", "--extra-verbs", "REFUND,ESCALATE"], REFUND_IR);
    assert.notEqual(result.code, 0);
    const error = JSON.parse(result.stdout).error as { code: string; message: string };
    assert.equal(error.code, "invalid_options");
    assert.match(error.message, /!ESCALATE is excluded/);
  });
});

describe("silpc compile: an IR without meta", () => {
  test("lenient: the payload on stdout, the generated req_id on stderr; --strict refuses", () => {
    const ir = JSON.stringify({ intent: "!START", entities: [{ id: "act", value: "hike" }] });
    const result = silpc(["compile", "-"], ir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), "start(hike)");
    // SHA-256("start(hike)") starts cba38e6e (any sha256sum agrees): the id decode derives too.
    assert.match(result.stderr, /note: \/meta was missing: generated req_id cba38e6e/);
    const envelope = JSON.parse(silpc(["compile", "-", "--envelope"], ir).stdout) as { silp_meta: { req_id: string } };
    assert.equal(envelope.silp_meta.req_id, "cba38e6e");
    const strict = silpc(["compile", "-", "--strict", "--json"], ir);
    assert.equal(JSON.parse(strict.stdout).error.code, "invalid_ir");
  });
});

describe("silpc whitelist --extra: usage", () => {
  test("a malformed verb is a usage error (exit 2); --extra without --verify too", () => {
    assert.equal(silpc(["whitelist", "--verify", "-q", "-t", "gpt-4o", "--extra-verbs", "refund"]).code, 2);
    assert.equal(silpc(["whitelist", "--extra-verbs", "REFUND"]).code, 2);
    // One spelling across commands; the old `--extra` stays as an alias, a misspelling gets a suggestion.
    const old = silpc(["whitelist", "--extra", "REFUND"]);
    assert.equal(old.code, 2);
    assert.match(old.stderr, /--extra-verbs goes with --verify/);
    assert.equal(silpc(["whitelist", "--verify", "--extra", "A", "--extra-verbs", "B"]).code, 2);
    const misspelt = silpc(["whitelist", "--extra-verb", "REFUND"]);
    assert.notEqual(misspelt.code, 0);
    assert.match(misspelt.stderr, /Did you mean --extra-verbs\?/);
  });
});

describe("silpc schema --vendor", () => {
  test("openai: the response_format fragment, strict, the extra verb in the intent enum", () => {
    const result = silpc(["schema", "--vendor", "openai", "--extra-verbs", "SHIP"]);
    assert.equal(result.code, 0, result.stderr);
    const fragment = JSON.parse(result.stdout) as { type: string; json_schema: { strict: boolean; schema: { properties: { intent: { enum: string[] } } } } };
    assert.equal(fragment.type, "json_schema");
    assert.equal(fragment.json_schema.strict, true);
    assert.ok(fragment.json_schema.schema.properties.intent.enum.includes("!SHIP"));
  });

  test("gemini --bare: the OpenAPI subset schema alone; advisory mode keeps the pattern", () => {
    const gemini = JSON.parse(silpc(["schema", "--vendor", "gemini", "--bare"]).stdout) as { type: string };
    assert.equal(gemini.type, "OBJECT");
    const advisory = JSON.parse(silpc(["schema", "--bare", "--whitelist", "advisory"]).stdout) as {
      properties: { intent: { pattern?: string; enum?: unknown } };
    };
    assert.equal(advisory.properties.intent.pattern, "^![A-Z][A-Z_]*$");
    assert.equal(advisory.properties.intent.enum, undefined);
  });

  test("an unknown vendor is a usage error; an excluded extra verb is invalid_options", () => {
    assert.equal(silpc(["schema", "--vendor", "mistral"]).code, 2);
    const excluded = silpc(["schema", "--extra-verbs", "SWITCH_TOOL"]);
    assert.equal(JSON.parse(excluded.stdout).error.code, "invalid_options");
  });
});
