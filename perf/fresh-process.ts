/**
 * Runs the calling script again in a fresh process, with the loader this one runs under (tsx, or
 * none for a bundle), `env` telling it what to measure, and returns the JSON it writes to stdout.
 * The benchmarks that measure one thing per process use it: a process that ran other work hands
 * the codec's shared code other objects, and V8 then runs it at another speed.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export function inFreshProcess<T>(scriptUrl: string, env: Record<string, string>, what: string): T {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(scriptUrl)], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`the process measuring ${what} failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as T;
}
