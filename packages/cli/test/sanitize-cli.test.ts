/** `silpc sanitize`, run as a real process. */
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";
const MAIN = CLI_BIN;

function silpc(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: repoRoot,
    input: input ?? "",
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const PAYLOAD = "if !ra\u200bin(t+1): sta\u202ert(hike)\nсаncel(x)";

describe("silpc sanitize", () => {
  test("prints hits with line:column and kind on stderr, the cleaned text on stdout", () => {
    const dir = mkdtempSync(join(tmpdir(), "silp-sanitize-"));
    const file = join(dir, "payload.txt");
    writeFileSync(file, PAYLOAD);
    const { status, stdout, stderr } = silpc(["sanitize", file]);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, "if !rain(t+1): start(hike)\nсаncel(x)");
    const lines = stderr.trim().split("\n");
    assert.match(lines[0] ?? "", /^1:7\tzero_width\tU\+200B ZERO WIDTH SPACE\tstripped$/);
    assert.match(lines[1] ?? "", /^1:20\tbidi\tU\+202E RIGHT-TO-LEFT OVERRIDE\tstripped$/);
    assert.match(lines[2] ?? "", /^2:1\tmixed_script\t"саncel" .*looks like "cancel".*\tflagged$/);
    assert.equal(lines[3], "3 hit(s): 1 zero_width, 1 bidi, 1 mixed_script");
  });

  test("--json from stdin, --policy flag keeps the bidi control", () => {
    const { status, stdout } = silpc(["sanitize", "--json", "--policy", "flag", "-"], PAYLOAD);
    assert.equal(status, 0);
    const out = JSON.parse(stdout) as { text: string; report: { hits: Array<{ kind: string; action: string; line: number; column: number }> } };
    assert.equal(out.text, "if !rain(t+1): sta\u202ert(hike)\nсаncel(x)");
    assert.deepEqual(
      out.report.hits.map((h) => [h.kind, h.action, h.line, h.column]),
      [
        ["zero_width", "stripped", 1, 7],
        ["bidi", "flagged", 1, 20],
        ["mixed_script", "flagged", 2, 1],
      ],
    );
  });

  test("--policy reject exits 1 with unsafe_content and the position", () => {
    const human = silpc(["sanitize", "--policy", "reject", "-"], PAYLOAD);
    assert.equal(human.status, 1);
    assert.match(human.stderr, /error\[unsafe_content\]/);
    assert.match(human.stderr, /line 1, column 20/);
    assert.ok(!human.stderr.includes("\u202e"), "the raw override is not echoed to the terminal");

    const json = silpc(["sanitize", "--policy", "reject", "--json", "-"], PAYLOAD);
    assert.equal(json.status, 1);
    const error = (JSON.parse(json.stdout) as { error: { code: string; offset: number } }).error;
    assert.equal(error.code, "unsafe_content");
    assert.equal(error.offset, 19);
  });

  test("an unknown policy is a usage error (exit 2)", () => {
    assert.equal(silpc(["sanitize", "--policy", "drop", "-"], "x").status, 2);
  });
});
