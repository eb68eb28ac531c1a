/** Runs `silpc` from source as a real child process (tsx loader), with optional stdin. */
import { spawnSync } from "node:child_process";
import { CLI_MAIN } from "./paths.js";

import { REPO_ROOT as repoRoot } from "./paths.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: string, env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, ["--import", "tsx", CLI_MAIN, ...args], {
    cwd: repoRoot,
    input,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
