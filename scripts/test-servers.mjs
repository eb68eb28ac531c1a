/**
 * vitest's global setup for the servers tests start (redis-server, through packages/testkit's
 * spawnRedis): each is listed in a folder of this run (SILP_TEST_SERVERS, one file per pid) while
 * it runs, and the teardown kills whatever is still listed when the run ends. A test process kills
 * its own servers when it exits; this catches those whose process vitest ended by a signal, which
 * runs no exit handler and would leave the servers running, one port each.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let registry;

export function setup() {
  registry = mkdtempSync(join(tmpdir(), "silp-test-servers-"));
  process.env.SILP_TEST_SERVERS = registry;
}

/** Whether `pid` is still one of the servers we started (a pid is reused only after its process is gone). */
function isServer(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("redis-server");
  } catch {
    return process.platform !== "linux";
  }
}

export function teardown() {
  if (registry === undefined) return;
  for (const name of readdirSync(registry)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || !isServer(pid)) continue;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(registry, { recursive: true, force: true });
}
