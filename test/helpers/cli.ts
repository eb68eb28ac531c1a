/** Runs `silpc` from source as a real child process (tsx loader), with optional stdin. */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: string, env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: repoRoot,
    input,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
