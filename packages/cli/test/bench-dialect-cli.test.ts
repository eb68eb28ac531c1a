/**
 * `silpc bench run --dialect <file>`: a dialect file's frontend is shown to models like a
 * built-in one, so its task success can be measured against a real endpoint (here the
 * `faultInjectingChatServer` TEST DOUBLE on 127.0.0.1, without faults, echoing the payload).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, test } from "vitest";
import { parseDialectSpec, registerDialect } from "@silp/dialects";
import { corpusDir } from "@silp/testkit/corpus.js";
import { type FaultInjectingChatServer, faultInjectingChatServer } from "@silp/testkit/fault-injecting-chat-server.js";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { compile } from "silp";

const tmp = mkdtempSync(join(tmpdir(), "silp-bench-dialect-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function silpc(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, OPENAI_BASE_URL: "", OPENAI_API_KEY: "", SILP_BENCH_BASE_URL: "", SILP_BENCH_API_KEY: "" }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("silpc bench run with a dialect as a frontend", () => {
  let server: FaultInjectingChatServer;
  beforeAll(async () => {
    server = await faultInjectingChatServer({
      seed: 1,
      models: ["good"],
      answer: (body) => `The payload says: ${body.messages.at(-1)!.content.split("SILP payload:\n").at(-1)!.split("\n\nExplain")[0]}`,
    });
  });
  afterAll(() => server.close());

  test("the dialect's payloads are what its registered frontend compiles, recorded under its name", async () => {
    const cases = join(tmp, "cases");
    mkdirSync(cases, { recursive: true });
    copyFileSync(join(corpusDir(), "cases", "case1_multi_constraint.json"), join(cases, "case1_multi_constraint.json"));
    const dialectFile = join(REPO_ROOT, "dialects/x-evolved.json");
    const out = join(tmp, "run.jsonl");
    const common = ["bench", "run", "--out", out, "--cases", cases, "--base-url", server.baseUrl, "--models", "good", "--judge", "rule", "--no-progress"];
    const refused = await silpc([...common, "--frontends", "x-evolved"]);
    assert.equal(refused.code, 2, "without --dialect the name is unknown");
    assert.match(refused.stderr, /--dialect/);
    const run = await silpc([...common, "--frontends", "natural,x-evolved", "--dialect", dialectFile]);
    assert.equal(run.code, 0, run.stderr);
    const records = readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line.includes('"case_id"'))
      .map((line) => JSON.parse(line));
    const dialect = records.find((r) => r.frontend === "x-evolved");
    assert.ok(dialect, `frontends recorded: ${records.map((r) => r.frontend)}`);
    registerDialect(parseDialectSpec(JSON.parse(readFileSync(dialectFile, "utf8"))));
    const ir = JSON.parse(readFileSync(join(cases, "case1_multi_constraint.json"), "utf8"));
    assert.equal(dialect.encoded, compile(ir, "x-evolved", { whitelist: "off", inlineMeta: false }));
    assert.equal(typeof dialect.first_pass, "boolean");
  });
});
