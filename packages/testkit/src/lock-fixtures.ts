/** Fixtures of the compile lock tests (@silp/lock and silpc lock). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SilpIRInput } from "silp";

export { REPO_ROOT as repoRoot } from "./paths.js";

/**
 * Runs `body` with a fresh directory and a lock path inside a not yet existing subfolder (so
 * sealing must create it), and removes the directory afterwards.
 */
export async function withTempDir<T>(body: (paths: { dir: string; lockPath: string }) => Promise<T> | T): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "silp-lock-"));
  try {
    return await body({ dir, lockPath: join(dir, "nested", "compile.lock") });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A valid IR, distinct for each `n` (and for each `reqId`). */
export function sampleIr(n: number, reqId = "0000abcd"): SilpIRInput {
  return {
    intent: "!START",
    entities: [{ id: "act", value: `task_${n}` }],
    constraints: [{ type: "!rain", value: "true", time: "t+1" }],
    meta: { req_id: reqId },
  };
}
