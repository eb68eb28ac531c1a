/**
 * The MCP project's own conformance suite (@modelcontextprotocol/conformance, installed by the
 * lab on Node 22: lab/node22/package.json) against the real `silp-mcp` over Streamable HTTP:
 * the 2025-11-25 suite (0.1.16, `--suite all`) and the 2026-07-28 requirements (0.2.0-alpha.12,
 * `--requirements 2026-07-28`). Every check must pass unless it is one the suite cannot run
 * against a server without its reference fixtures, and each such scenario is listed below with
 * the reason; a check the suite marks "Not testable" (it needs a diagnostic tool of the reference
 * server) is such a check by the suite's own word. A scenario that newly fails, or a listed one
 * that starts to pass, fails this test, so the list stays true.
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveSilpMcpHttp, type RunningHttpServer } from "@silp/mcp";
import { REPO_ROOT } from "@silp/testkit/paths.js";

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

const FIXTURE = "drives a fixture of the suite's reference server, which a SILP server does not have";
/**
 * Scenarios that do not apply to a SILP server, and why. A SILP server offers five tools (validate,
 * compile, decode, negotiate, count_tokens), three resources (the IR schema, the code grammar in
 * Lark and GBNF) and two prompts (silp-write, silp-read); it declares no logging, completions,
 * subscriptions, sampling, elicitation or tasks.
 */
const NOT_APPLICABLE: Record<string, string> = {
  "logging-set-level": "the server declares no logging capability; logging/setLevel is answered -32601 as the spec asks",
  "completion-complete": "the server declares no completions capability (and the scenario completes the fixture prompt test_prompt_with_arguments)",
  "tools-call-simple-text": `${FIXTURE} (tool test_simple_text)`,
  "tools-call-image": `${FIXTURE} (tool test_image_content)`,
  "tools-call-audio": `${FIXTURE} (tool test_audio_content)`,
  "tools-call-embedded-resource": `${FIXTURE} (tool test_embedded_resource)`,
  "tools-call-mixed-content": `${FIXTURE} (tool test_multiple_content_types)`,
  "tools-call-with-logging": `${FIXTURE} (tool test_tool_with_logging)`,
  "tools-call-error": `${FIXTURE} (tool test_error_handling); SILP tool errors are tested in mcp-server.test.ts`,
  "tools-call-with-progress": `${FIXTURE} (tool test_tool_with_progress)`,
  "tools-call-sampling": `${FIXTURE} (tool test_sampling); the server asks its client for nothing`,
  "tools-call-elicitation": `${FIXTURE} (tool test_elicitation); the server asks its client for nothing`,
  "elicitation-sep1034-defaults": `${FIXTURE} (tool test_elicitation_sep1034_defaults)`,
  "elicitation-sep1330-enums": `${FIXTURE} (tool test_elicitation_sep1330_enums)`,
  "json-schema-2020-12": `${FIXTURE} (tool json_schema_2020_12_tool); the SILP tools' draft 2020-12 schemas are tested in mcp-ir-schema.test.ts`,
  "resources-read-text": `${FIXTURE} (resource test://static-text); the SILP resources are read in mcp-server.test.ts`,
  "resources-read-binary": `${FIXTURE} (resource test://static-binary)`,
  "resources-templates-read": `${FIXTURE} (template test://template/{id}/data)`,
  "resources-subscribe": "the server declares no resource subscriptions (its resources never change while it runs)",
  "resources-unsubscribe": "the server declares no resource subscriptions",
  "prompts-get-simple": `${FIXTURE} (prompt test_simple_prompt); the SILP prompts are read in mcp-server.test.ts`,
  "prompts-get-with-args": `${FIXTURE} (prompt test_prompt_with_arguments)`,
  "prompts-get-embedded-resource": `${FIXTURE} (prompt test_prompt_with_embedded_resource)`,
  "prompts-get-with-image": `${FIXTURE} (prompt test_prompt_with_image)`,
  "http-custom-header-server-validation": "pending in 2026-07-28 and not scored; needs a tool with x-mcp-header annotations, which no SILP tool has",
  "input-required-result-basic-elicitation": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-basic-sampling": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-basic-list-roots": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-request-state": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-multiple-input-requests": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-multi-round": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-non-tool-request": `${FIXTURE} (an input-requesting prompt)`,
  "input-required-result-result-type": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-tampered-state": `${FIXTURE} (an input-requesting tool)`,
  "input-required-result-capability-check": `${FIXTURE} (an input-requesting tool)`,
};
/** The tasks extension (io.modelcontextprotocol/tasks): not scored for 2026-07-28, and the server does not offer it. */
const TASKS_EXTENSION = /^tasks-/;

const SUITES = [
  { name: "2025-11-25 suite (conformance 0.1.16, --suite all)", bin: "mcp-conformance-0.1", args: ["--suite", "all"] },
  { name: "2026-07-28 requirements (conformance 0.2.0-alpha.12)", bin: "mcp-conformance-0.2", args: ["--requirements", "2026-07-28"] },
] as const;

let server: RunningHttpServer;
const outputs: string[] = [];

beforeAll(async () => {
  server = await serveSilpMcpHttp({ port: 0, countTokens: false });
});
afterAll(async () => {
  await server.close();
  for (const dir of outputs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs one suite against the server: each scenario's checks, by scenario name. Asynchronously:
 * the server answers from this process. The suite exits 1 when a check fails, so its status is
 * not the verdict; its files are.
 */
async function runSuite(bin: string, args: readonly string[]): Promise<Map<string, Check[]>> {
  const entry = join(REPO_ROOT, "node_modules", bin, "dist", "index.js");
  const out = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
  outputs.push(out);
  await promisify(execFile)(process.execPath, [entry, "server", "--url", server.url, ...args, "-o", out], { timeout: 240_000, maxBuffer: 64 << 20 }).catch(
    (error: { code?: unknown; killed?: boolean }) => {
      if (typeof error.code !== "number" || error.killed) throw error;
    },
  );
  const scenarios = new Map<string, Check[]>();
  for (const dir of readdirSync(out)) {
    const scenario = dir.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
    scenarios.set(scenario, JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")) as Check[]);
  }
  return scenarios;
}

for (const suite of SUITES) {
  describe(suite.name, () => {
    let scenarios: Map<string, Check[]>;
    beforeAll(async () => {
      scenarios = await runSuite(suite.bin, suite.args);
    }, 300_000);

    test("every check that applies to a SILP server passes; each failure is a listed scenario or one the suite cannot test", () => {
      assert.ok(scenarios.size >= 20, `only ${scenarios.size} scenarios ran`);
      const unexplained: string[] = [];
      for (const [scenario, checks] of scenarios) {
        if (NOT_APPLICABLE[scenario] !== undefined || TASKS_EXTENSION.test(scenario)) continue;
        for (const check of checks) {
          if (check.status === "FAILURE" && !check.errorMessage?.startsWith("Not testable:"))
            unexplained.push(`${scenario} / ${check.id}: ${check.errorMessage ?? ""}`);
        }
      }
      assert.deepEqual(unexplained, []);
    });

    test("the scenarios that apply ran and passed checks: initialize, ping, the lists, DNS rebinding", () => {
      const passed = (scenario: string): number => (scenarios.get(scenario) ?? []).filter((check) => check.status === "SUCCESS").length;
      const applying = ["tools-list", "resources-list", "prompts-list", "dns-rebinding-protection"];
      if (suite.bin === "mcp-conformance-0.1") applying.push("server-initialize", "ping");
      else applying.push("server-stateless", "caching", "sep-2164-resource-not-found", "http-header-validation");
      for (const scenario of applying) assert.ok(passed(scenario) > 0, `${scenario}: no check passed`);
    });

    test("a listed scenario still fails (a fixture the server now has would be tested instead)", () => {
      for (const [scenario, checks] of scenarios) {
        if (NOT_APPLICABLE[scenario] === undefined) continue;
        assert.ok(
          checks.some((check) => check.status === "FAILURE"),
          `${scenario} passes now: take it off the list (${NOT_APPLICABLE[scenario]})`,
        );
      }
    });
  });
}
