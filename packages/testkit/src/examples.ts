/**
 * Runs a runnable example of the repository as a child process with OPENAI_BASE_URL pointed at a
 * chat TEST DOUBLE of the calling test (asynchronously: the double answers from the test's own
 * process), and returns what it printed. A non-zero exit fails the test with the child's stderr.
 * When the test itself runs with SILP_RESOLVE_FROM (scripts/resolve-from.mjs: a framework from
 * another install), the example resolves those packages the same way.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { PROSE } from "./adapter-fixtures.js";
import { REPO_ROOT } from "./paths.js";
import { type ScriptedReply, scriptedChatServer } from "./scripted-chat-server.js";

export async function runExample(file: string, baseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const { code, stdout, stderr } = await runExampleExit(file, baseUrl, env);
  assert.equal(code, 0, `${file} exited with ${code}: ${stderr}`);
  return stdout;
}

/** Where an example runs: the repository on this Node (default), or an installed project on another. */
export interface ExampleRunner {
  node: string;
  cwd: string;
}

/** The same run, for an example that is expected to fail: its exit code and both outputs. */
export async function runExampleExit(
  file: string,
  baseUrl: string,
  env: Record<string, string> = {},
  runner: ExampleRunner = { node: process.execPath, cwd: REPO_ROOT },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const redirect = process.env.SILP_RESOLVE_FROM ? ["--import", "./scripts/resolve-from.mjs"] : [];
  // Without the NODE_ENV=test vitest sets: a user runs the example without it, and frameworks log
  // differently under it (Mastra keeps quiet in tests about what it prints to a user).
  const { NODE_ENV: _test, ...userEnv } = process.env;
  const child = spawn(runner.node, ["--import", "tsx", ...redirect, file], {
    cwd: runner.cwd,
    env: { ...userEnv, OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: "test-double-key", MODEL: "test-double", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill(), 180_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/**
 * The answers that are not SILP, each with the code and offset its SilpError must carry: a prose
 * reply, and a payload cut short.
 */
export const NOT_SILP = [
  [PROSE.reply, PROSE.error.code, PROSE.error.offset],
  ["start(hike", "invalid_syntax", "start(hike".length],
] as const;

/**
 * What every example promises when the answer (or, for a receiving agent, the incoming message:
 * `subject`) is not SILP, checked on one run: exit 1, nothing decoded on stdout (`decoded` matches
 * what it prints on success), the SilpError's code and position on stderr, and no stack trace on
 * either output. Undefined when it holds, else what broke.
 */
export function refusalProblem(
  run: { code: number | null; stdout: string; stderr: string },
  [text, code, offset]: (typeof NOT_SILP)[number],
  decoded: RegExp,
  subject = "the answer",
): string | undefined {
  if (run.code !== 1) return `${JSON.stringify(text)}: exit ${run.code}, not 1\n${run.stderr}`;
  if (decoded.test(run.stdout)) return `${JSON.stringify(text)}: something was decoded\n${run.stdout}`;
  if (!new RegExp(`^${subject} is not SILP: ${code} at line 1, column ${offset + 1}: `, "m").test(run.stderr)) {
    return `${JSON.stringify(text)}: stderr does not give ${code} at column ${offset + 1}\n${run.stderr}`;
  }
  // On either output: a framework's logger may print to stdout.
  if (/\n\s+at /.test(`${run.stdout}\n${run.stderr}`)) return `${JSON.stringify(text)}: a stack trace was printed\n${run.stdout}\n${run.stderr}`;
  return undefined;
}

/**
 * Runs `file` against a chat TEST DOUBLE answering each not-SILP text (`replies(text)` scripts the
 * calls the example makes) and checks what every example promises then (refusalProblem).
 */
export async function assertExampleRefusesNotSilp(file: string, decoded: RegExp, replies: (text: string) => ScriptedReply[]): Promise<void> {
  for (const answer of NOT_SILP) {
    const script = replies(answer[0]);
    const server = await scriptedChatServer(() => script.shift() ?? { status: 500 });
    try {
      assert.equal(refusalProblem(await runExampleExit(file, server.baseUrl), answer, decoded), undefined);
    } finally {
      await server.close();
    }
  }
}
