/**
 * Runs a runnable example of the repository as a child process with OPENAI_BASE_URL pointed at a
 * chat TEST DOUBLE of the calling test (asynchronously: the double answers from the test's own
 * process), and returns what it printed. A non-zero exit fails the test with the child's stderr.
 * When the test itself runs with SILP_RESOLVE_FROM (scripts/resolve-from.mjs: a framework from
 * another install), the example resolves those packages the same way.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { REPO_ROOT } from "./paths.js";

export async function runExample(file: string, baseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const { code, stdout, stderr } = await runExampleExit(file, baseUrl, env);
  assert.equal(code, 0, `${file} exited with ${code}: ${stderr}`);
  return stdout;
}

/** The same run, for an example that is expected to fail: its exit code and both outputs. */
export async function runExampleExit(
  file: string,
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const redirect = process.env.SILP_RESOLVE_FROM ? ["--import", "./scripts/resolve-from.mjs"] : [];
  const child = spawn(process.execPath, ["--import", "tsx", ...redirect, file], {
    cwd: REPO_ROOT,
    env: { ...process.env, OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: "test-double-key", MODEL: "test-double", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill(), 120_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
