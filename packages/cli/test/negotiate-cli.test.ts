/** `silpc negotiate`, run as a real process. */
import { test } from "vitest";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { corpusDir } from "@silp/testkit/corpus.js";

const run = promisify(execFile);
import { CLI_BIN as main } from "@silp/testkit/paths.js";
const caseFile = join(corpusDir(), "cases", "case8_conditional_branch.json");

async function silpc(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [main, "negotiate", ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test("prints the ping, the pong and the chosen frontend", async () => {
  const { code, stdout } = await silpc("--local", "code,json,natural", "--remote", "json,natural");
  assert.equal(code, 0);
  assert.deepEqual(stdout.trim().split("\n"), [
    "> //ping silp=v1 frontends=code,json,natural",
    "< //pong silp=v1 frontends=json,natural prefer=json",
    "chosen: json (silp v1; mutual, receiver's order: json, natural)",
  ]);
});

test("--ir --fail code: a simulated degradation run that ends on json, decoded for real", async () => {
  const { code, stdout } = await silpc("--local", "code,json,natural", "--remote", "code,json,natural", "--ir", caseFile, "--fail", "code", "--json");
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.equal(report.agreement.frontend, "code");
  assert.equal(report.ping.json.silp_ping.frontends.length, 3);
  assert.equal(report.pong.json.silp_pong.prefer, "code");
  assert.equal(report.delivery.frontend, "json");
  assert.equal(report.delivery.peerIr.intent, "!ROUTE");
  assert.deepEqual(
    report.delivery.attempts.map((a: { frontend: string; outcome: string }) => `${a.frontend}:${a.outcome}`),
    ["code:rejected", "json:delivered"],
  );
});

test("failures exit 1: disjoint lists, version mismatch, every frontend failing", async () => {
  const [disjoint, versions, all] = await Promise.all([
    silpc("--local", "code", "--remote", "natural"),
    silpc("--local", "code", "--remote", "code", "--local-silp", "v2", "--json"),
    silpc("--local", "code,json,natural", "--remote", "code,json,natural", "--ir", caseFile, "--fail", "code,json,natural", "--json"),
  ]);
  assert.equal(disjoint.code, 1);
  assert.match(disjoint.stdout, /^< \/\/pong silp=v1 frontends=natural$/m);
  assert.match(disjoint.stderr, /negotiation_failed/);

  assert.equal(versions.code, 1);
  assert.equal(JSON.parse(versions.stdout).error.code, "unsupported_version");

  assert.equal(all.code, 1);
  const report = JSON.parse(all.stdout);
  assert.equal(report.error.code, "decode_failed");
  assert.equal(report.attempts.length, 3);
});

test("bad flags are usage errors (exit 2)", async () => {
  const cases = [
    ["--local", "code,,json", "--remote", "json"],
    ["--local", "Code", "--remote", "json"],
    ["--local", "code", "--remote", "json", "--fail", "code"],
    ["--local", "code", "--remote", "json", "--ir", caseFile, "--max-attempts", "0"],
  ];
  const results = await Promise.all(cases.map((args) => silpc(...args)));
  results.forEach(({ code, stderr }, i) => {
    assert.equal(code, 2, `${cases[i]?.join(" ")}: ${stderr}`);
    assert.match(stderr, /usage error/);
  });
});
