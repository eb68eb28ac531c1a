/**
 * Compile lock throughput: `node --import tsx bench/lock.ts`. Seals into a temporary file, then
 * re-seals (frozen path) and verifies files of growing size to show verification stays linear.
 * Numbers are for this machine and this run.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompileLock, verifyLockText } from "@silp/lock";
import type { SilpIRInput } from "silp";

const COUNT = Number(process.env.SILP_BENCH_LOCK_RECORDS ?? 2000);

function ir(n: number): SilpIRInput {
  return { intent: "!START", entities: [{ id: "act", value: `task_${n}` }], meta: { req_id: (n + 0x10000000).toString(16) } };
}

async function timed(label: string, count: number, body: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await body();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(36)} ${count} in ${ms.toFixed(0)} ms  (${((ms * 1000) / count).toFixed(0)} us each)`);
}

const dir = mkdtempSync(join(tmpdir(), "silp-lock-bench-"));
try {
  const path = join(dir, "compile.lock");
  const lock = new CompileLock({ path });
  await timed("seal (compile + append + fdatasync)", COUNT, async () => {
    for (let n = 0; n < COUNT; n++) await lock.seal(ir(n), "code");
  });
  await timed("seal, already frozen", COUNT, async () => {
    for (let n = 0; n < COUNT; n++) await lock.seal(ir(n), "code");
  });
  const text = readFileSync(path, "utf8");
  const lines = text.trimEnd().split("\n");
  for (const size of [COUNT / 4, COUNT / 2, COUNT]) {
    const part = `${lines.slice(0, size).join("\n")}\n`;
    await timed(`verify ${size} records`, size, async () => verifyLockText(part));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
