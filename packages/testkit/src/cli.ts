/** Runs the built `silpc` as a real child process, with optional stdin. */
import { spawnSync } from "node:child_process";
import { CLI_BIN, REPO_ROOT as repoRoot } from "./paths.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * True in the mutation run (scripts/mutation/vitest.config.ts sets SILP_MUTATION_RUN). The codec's
 * tests that spawn `silpc` pass it as `skip`: a child process runs the CLI, which is not in the
 * mutated core, costs ~5 s per mutant run, and does not see the mutant the test's own process
 * switched on; the same assertions made in-process run there anyway (docs/mutation.md).
 */
export const SKIP_SPAWN_UNDER_MUTATION = process.env.SILP_MUTATION_RUN === "1";

export function runCli(args: string[], input?: string, env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: repoRoot,
    input,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
