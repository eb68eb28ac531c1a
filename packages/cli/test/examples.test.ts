/** The runnable examples behind the README: their output is the documented behaviour. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "vitest";

import { REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";

function run(file: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", file], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test("examples/quickstart.ts prints what the README promises", () => {
  assert.equal(
    run("examples/quickstart.ts"),
    [
      "valid: true",
      "code: if !rain(t+1): start(hike) else: start(cards@indoor)",
      'json: {"intent":"!START","act":"hike","constraints":[{"type":"!rain","value":"true","time":"t+1"}],"alternatives":[{"action":"!START","target":"cards","location":"indoor"}]}',
      "natural: If not rain at t+1, start hike otherwise start cards indoors.",
      "lossless: true",
      "with meta: if !rain(t+1): start(hike) else: start(cards@indoor) #{p2 seq=[!START,!NOTIFY]}",
      "lossless with meta: true",
      "repairs: code_fence, else_without_colon",
      "error: invalid_syntax line 1, column 24",
      "envelope meta survives: true",
      "",
    ].join("\n"),
  );
});

test("examples/layer3.ts: heartbeat renewals, negotiation, sanitizer, compile lock", () => {
  const out = run("examples/layer3.ts").replace(/^session [a-z][a-z0-9] /m, "session ?? ");
  assert.equal(
    out,
    [
      "session ?? renewed after turns 4, 9",
      "//ping silp=v1 frontends=code,json,natural -> //pong silp=v1 frontends=json,natural prefer=json",
      "agreed frontend: json",
      "decoded intent: !CANCEL | hits: homoglyph, zero_width",
      "seal: sealed | again: frozen",
      "different output: lock_violation",
      "lock verifies: true",
      "",
    ].join("\n"),
  );
});
