/** `silpc validate|compile|decode|roundtrip|frontends|whitelist` as a user runs them: real processes, exit codes, output. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "vitest";
import { runCli } from "@silp/testkit/cli.js";

const dir = mkdtempSync(join(tmpdir(), "silpc-"));
const irFile = join(dir, "ir.json");
writeFileSync(
  irFile,
  JSON.stringify({
    intent: "!START",
    entities: [{ id: "act", value: "hike" }],
    constraints: [{ type: "!rain", value: "true", time: "t+1" }],
    alternatives: [{ action: "!START", target: "cards", location: "indoor" }],
    meta: { req_id: "a1b2c3d4", priority: 1 },
  }),
);

describe("silpc codec commands", () => {
  test("compile prints the surface text; decode of it prints the IR; exit 0", () => {
    const compiled = runCli(["compile", irFile, "-f", "code"]);
    assert.equal(compiled.status, 0, compiled.stderr);
    // priority 1 is meta the compact text cannot give back, so it travels inline; the req_id is
    // left to decode to derive (spec 4.6).
    assert.equal(compiled.stdout, "if !rain(t+1): start(hike) else: start(cards@indoor) #{p1}\n");
    const decoded = runCli(["decode", "-", "-f", "code"], compiled.stdout);
    assert.equal(decoded.status, 0, decoded.stderr);
    const ir = JSON.parse(decoded.stdout);
    assert.equal(ir.intent, "!START");
    assert.deepEqual(ir.alternatives, [{ action: "!START", target: "cards", location: "indoor" }]);
    const derived = createHash("sha256").update(compiled.stdout.trimEnd()).digest("hex").slice(0, 8);
    assert.deepEqual([ir.meta.req_id, ir.meta.priority], [derived, 1]);
  });

  test("a malformed payload exits 1 with the line and a caret; --json gives the error object", () => {
    const human = runCli(["decode", "-"], "fetch(data); process(re");
    assert.equal(human.status, 1);
    assert.match(human.stderr, /error\[invalid_syntax\]/);
    assert.match(human.stderr, /1 \| fetch\(data\); process\(re\n\s{27}\^/);
    const machine = runCli(["decode", "-", "--json"], "fetch(data); process(re");
    assert.equal(machine.status, 1);
    assert.deepEqual(JSON.parse(machine.stdout).error, {
      code: "invalid_syntax",
      message: "unexpected end of payload inside an argument list",
      offset: 23,
      line: 1,
      column: 24,
      expected: [",", ")"],
    });
  });

  test("an input file that is not JSON: the line and column of the offending character and the parser's reason", () => {
    const cases: [string, number, number, string][] = [
      ['{\n  "intent": "!CANCEL",\n  "entities": [{"id": "act" "value": "x"}]\n}\n', 3, 29, "comma expected"],
      ['{"intent": "!CANCEL",}', 1, 22, "property name expected"],
      ["", 1, 1, "value expected"],
    ];
    for (const [text, line, column, reason] of cases) {
      const file = join(dir, "broken.json");
      writeFileSync(file, text);
      for (const command of ["compile", "validate"]) {
        const run = runCli([command, file, "--json"]);
        assert.equal(run.status, 1, `${command}: ${run.stderr}`);
        const error = JSON.parse(run.stdout).error as { code: string; message: string; line: number; column: number };
        assert.deepEqual([error.code, error.line, error.column], ["invalid_syntax", line, column], `${command} ${JSON.stringify(text)}`);
        assert.equal(error.message, `${file} is not valid JSON: ${reason}`);
      }
    }
  });

  test("usage errors exit 2", () => {
    assert.equal(runCli(["compile"]).status, 2);
    assert.equal(runCli(["compile", join(dir, "missing.json")]).status, 2);
    assert.equal(runCli(["compile", irFile, "--whitelist", "sometimes"]).status, 2);
  });

  test("an unknown command or option: the error, a suggestion, one line pointing at --help, exit 2; not the whole help", () => {
    for (const [args, error] of [
      [["frobnicate"], "error: unknown command 'frobnicate'"],
      [["comple", irFile], "error: unknown command 'comple'\n(Did you mean compile?)"],
      [["compile", irFile, "--frob"], "error: unknown option '--frob'"],
    ] as const) {
      const run = runCli([...args]);
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr, `${error}\n(silpc --help lists the commands; silpc <command> --help, its options)\n`);
    }
  });

  test("an unknown frontend lists every frontend compile takes, llmlingua2 (loaded on demand) included", () => {
    const run = runCli(["compile", irFile, "-f", "klingon", "--json"]);
    assert.equal(run.status, 1, run.stderr);
    const error = JSON.parse(run.stdout).error as { code: string; message: string };
    assert.equal(error.code, "unsupported_frontend");
    assert.equal(error.message, 'unknown frontend "klingon" (known: code, json, natural, nl_json, llmlingua2)');
  });

  test("--rate is read one way by every command: an empty or out-of-range value is a usage error", () => {
    for (const rate of ["", " ", "1.5", "-0.1", "half"]) {
      const result = runCli(["compile", irFile, "--rate", rate]);
      assert.equal(result.status, 2, `--rate ${JSON.stringify(rate)}: ${result.stderr}`);
      assert.match(result.stderr, /--rate must be a number from 0 to 1/);
    }
  });

  test("validate reports rule ids and exits 1 on an invalid IR", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ intent: "!ESCALATE", meta: { req_id: "a1b2c3d4" } }));
    const result = runCli(["validate", bad, "--json"]);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, false);
    assert.equal(report.issues[0].rule, "verb-whitelist");
    assert.equal(report.issues[0].hint, "use a single-token alternative from the whitelist (e.g. !ROUTE or !NOTIFY)");
    assert.equal(runCli(["validate", bad, "--whitelist", "advisory"]).status, 0);
  });

  test("roundtrip checks both lossless frontends; frontends lists capabilities", () => {
    const roundtrip = runCli(["roundtrip", irFile, "--json"]);
    assert.equal(roundtrip.status, 0, roundtrip.stderr);
    assert.deepEqual(
      JSON.parse(roundtrip.stdout).map((row: { frontend: string; lossless: boolean }) => [row.frontend, row.lossless]),
      [
        ["code", true],
        ["json", true],
      ],
    );
    const frontends = JSON.parse(runCli(["frontends", "--json"]).stdout) as { name: string; decodes: boolean }[];
    assert.deepEqual(
      frontends.filter((f) => f.decodes).map((f) => f.name),
      ["code", "json"],
    );
    assert.ok(frontends.some((f) => f.name === "natural" && !f.decodes));
  });

  test("compile --envelope and decode --envelope carry the meta", () => {
    const envelope = runCli(["compile", irFile, "--envelope"]);
    assert.equal(envelope.status, 0, envelope.stderr);
    const parsed = JSON.parse(envelope.stdout);
    assert.equal(parsed.silp_encoding, "code");
    const back = runCli(["decode", "-", "--envelope"], envelope.stdout);
    assert.equal(JSON.parse(back.stdout).meta.priority, 1);
    assert.equal(JSON.parse(back.stdout).meta.req_id, "a1b2c3d4");
  });
});
