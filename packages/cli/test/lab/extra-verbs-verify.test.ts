/**
 * `silpc whitelist --verify --extra` (lab: it loads real tokenizers): the draft's criterion on one
 * or two cheap tokenizers; the expected token splits are written by hand from the vocabularies.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "vitest";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";

function silpc(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", input, maxBuffer: 16 << 20 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("silpc whitelist --verify --extra", () => {
  test("one UNK-free token on every loaded tokenizer passes; a split verb fails with exit 1", () => {
    const result = silpc(["whitelist", "--verify", "--json", "-q", "-t", "llama-2,gpt-4o", "--extra-verbs", "SHIP,REFUND,ESCALATE_TICKET"]);
    assert.equal(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { ok: boolean; extra: { code: string; ok: boolean; cells: { tokenizer: string; pieces: string[] }[] }[] };
    assert.equal(report.ok, false);
    assert.deepEqual(
      report.extra.map((verb) => [verb.code, verb.ok]),
      [
        ["!SHIP", true],
        ["!REFUND", false],
        ["!ESCALATE_TICKET", false],
      ],
    );
    // Tokenizers come in the census order. "refund" is ref + und on Llama-2's SentencePiece vocabulary, one token on o200k.
    const refund = report.extra[1]?.cells.map((cell) => [cell.tokenizer, cell.pieces]);
    assert.deepEqual(refund, [
      ["gpt-4o", ["refund"]],
      ["llama-2", ["ref", "und"]],
    ]);
  });

  test("all fit: exit 0 and a table", () => {
    const result = silpc(["whitelist", "--verify", "-q", "-t", "gpt-4o", "--extra-verbs", "SHIP,!PAY"]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /!SHIP\s+fit\s+1/);
    assert.match(result.stdout, /all 2 extra verb\(s\) meet the census criterion/);
  });
});
