/**
 * `silpc census`, `silpc tokens` and `silpc whitelist-verify` end to end, as child processes,
 * each on one or two cheap tokenizers (the six-tokenizer run is covered by phase0.test.ts).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { corpusDir } from "@silp/testkit/corpus.js";

const phase0Path = (name: string): string => join(corpusDir(), "phase0", name);

import { CLI_BIN, REPO_ROOT as repoRoot } from "@silp/testkit/paths.js";

function silpc(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input,
    maxBuffer: 16 << 20,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The published CSV's header plus the rows of one tokenizer. */
function publishedRows(file: string, tokenizer: string): string {
  const [header, ...rows] = readFileSync(phase0Path(file), "utf8").trimEnd().split("\n");
  return `${[header, ...rows.filter((row) => row.includes(`,${tokenizer},`))].join("\n")}\n`;
}

describe("silpc census", () => {
  test("--json on gpt-3.5: every claim holds, progress goes to stderr", () => {
    const { code, stdout, stderr } = silpc(["census", "--json", "-t", "gpt-3.5"]);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as { tokenizers: string[]; claims: { holds: boolean; total: number }[]; probes: unknown[] };
    assert.deepEqual(report.tokenizers, ["gpt-3.5"]);
    assert.deepEqual(
      report.claims.map((claim) => [claim.holds, claim.total]),
      [
        [true, 13],
        [true, 2],
        [true, 12],
        [true, 24],
      ],
    );
    assert.equal(report.probes.length, 24);
    assert.match(stderr, /\[1\/1\] gpt-3\.5/);
  });

  test("--csv study and --csv probes reproduce the published rows of that tokenizer byte for byte", () => {
    const study = silpc(["census", "--csv", "study", "-t", "llama-2", "-q"]);
    assert.equal(study.code, 0, study.stderr);
    assert.equal(study.stdout, publishedRows("tokenizer_census_verbs.csv", "llama-2"));
    assert.equal(study.stderr, "");
    const probes = silpc(["census", "--csv", "probes", "-t", "llama-2", "-q"]);
    assert.equal(probes.code, 0, probes.stderr);
    assert.equal(probes.stdout, publishedRows("probe_zerowidth.csv", "llama-2"));
  });

  test("text output shows the three tables and the claims; --csv gives our census table", () => {
    const text = silpc(["census", "-t", "llama-2", "-q"]);
    assert.equal(text.code, 0, text.stderr);
    for (const heading of ["Tables 7 and 8", "Table 12", "spec 8.1", "Claims", "!SWITCH_TOOL", "instead: !SWITCH", "24 of 24 probes"]) {
      assert.ok(text.stdout.includes(heading), heading);
    }
    const csv = silpc(["census", "--csv", "-t", "llama-2", "-q"]);
    const lines = csv.stdout.trimEnd().split("\n");
    assert.equal(lines[0], "table,code,string,tokenizer,token_count,running_token_count,is_single_token,tokens,is_unk");
    assert.equal(lines.length, 1 + 15 + 12);
    assert.ok(lines.includes('verb_excluded,!ESCALATE,escalate,llama-2,3,3,False,"[""es"", ""cal"", ""ate""]",False'));
  });

  test("usage errors exit 2: unknown tokenizer, unknown CSV table, --json with --csv", () => {
    for (const args of [
      ["-t", "llama-3"],
      ["--csv", "verbs"],
      ["--json", "--csv"],
    ]) {
      const { code, stderr } = silpc(["census", ...args, "-q"]);
      assert.equal(code, 2, args.join(" "));
      assert.match(stderr, /usage error/);
    }
  });
});

describe("silpc tokens", () => {
  const dir = mkdtempSync(join(tmpdir(), "silp-tokens-cli-"));
  const irFile = join(dir, "ir.json");
  writeFileSync(irFile, JSON.stringify({ intent: "!CANCEL", entities: [{ id: "act", value: "order_42" }], meta: { req_id: "a1b2c3d4" } }));

  test("--json: each payload on each tokenizer with mean, range and CV", () => {
    const { code, stdout, stderr } = silpc(["tokens", irFile, "--json", "-t", "gpt-4o,llama-2", "-q"]);
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as {
      tokenizers: string[];
      files: { file: string; payloads: { label: string; text: string; counts: { count: number }[]; spread: { mean: number; range: number; cv: number } }[] }[];
    };
    assert.deepEqual(result.tokenizers, ["gpt-4o", "llama-2"]);
    const payloads = result.files[0]?.payloads ?? [];
    assert.deepEqual(
      payloads.map((payload) => payload.label),
      ["code", "json", "natural", "nl_json", "ir_json", "toon"],
    );
    assert.equal(payloads[0]?.text, "cancel(order_42)");
    for (const payload of payloads) {
      assert.equal(payload.counts.length, 2);
      assert.ok(payload.spread.mean > 0 && payload.spread.cv >= 0);
    }
  });

  test("several files give a mean table; stdin works; text output names the baselines", () => {
    const ir = readFileSync(irFile, "utf8");
    const { code, stdout, stderr } = silpc(["tokens", irFile, "-", "-t", "gpt-4o", "-q"], ir);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /mean over 2 IRs/);
    assert.match(stdout, /ir_json \(baseline\)/);
    assert.match(stdout, /toon \(baseline\)/);
  });

  test("invalid input exits 1 with a typed error before any tokenizer loads", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ intent: "cancel", meta: {} }));
    const invalid = silpc(["tokens", bad, "--json", "-t", "gpt-4o"]);
    assert.equal(invalid.code, 1);
    assert.equal((JSON.parse(invalid.stdout) as { error: { code: string } }).error.code, "invalid_ir");
    assert.doesNotMatch(invalid.stderr, /loading/);
    const broken = join(dir, "broken.json");
    writeFileSync(broken, '{"intent": "!START", ');
    const syntax = silpc(["tokens", broken, "-t", "gpt-4o"]);
    assert.equal(syntax.code, 1);
    assert.match(syntax.stderr, /invalid_syntax/);
    assert.equal(silpc(["tokens", join(dir, "missing.json"), "-t", "gpt-4o"]).code, 2);
  });
});

describe("silpc whitelist --verify (and its alias whitelist-verify)", () => {
  test("--verify --json: live rows per verb and tokenizer, no problem", () => {
    const { code, stdout, stderr } = silpc(["whitelist", "--verify", "--json", "-t", "gpt-3.5", "-q"]);
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as { ok: boolean; problems: string[]; rows: { code: string; livePieces: string[]; changed: boolean }[] };
    assert.equal(result.ok, true);
    assert.deepEqual(result.problems, []);
    assert.equal(result.rows.length, 15);
    assert.deepEqual(result.rows.find((row) => row.code === "!ESCALATE")?.livePieces, ["escal", "ate"]);
  });

  test("the alias recomputes the whitelist census and matches the record", () => {
    const { code, stdout, stderr } = silpc(["whitelist-verify", "-t", "llama-2,gpt-4o", "-q"]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /matches the record/);
    assert.match(stdout, /!ESCALATE\s+excluded\s+3\s+3/);
  });
});
