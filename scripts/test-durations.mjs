/**
 * Rewrites scripts/test-durations.json, the measured duration of each test file, from which the
 * suite orders its files longest first (scripts/slow-first-sequencer.ts). Runs vitest with the
 * arguments given (default: the whole suite but the lab's Node 22 project, as `npm test`'s first
 * run) and its JSON reporter; files of this run get their new duration, files it did not run keep
 * theirs, files that no longer exist go.
 *
 *   npm run test:durations                                   both lanes, full depth
 *   node scripts/node22.mjs scripts/test-durations.mjs --project lab-node22   the Node 22 tests
 *   npm run test:durations -- --project product --mode quick   the product lane only
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const TARGET = join(ROOT, "scripts/test-durations.json");

const dir = mkdtempSync(join(tmpdir(), "silp-durations-"));
try {
  const report = join(dir, "report.json");
  const vitest = join(ROOT, "node_modules/vitest/vitest.mjs");
  const args = [
    vitest,
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...(process.argv.length > 2 ? process.argv.slice(2) : ["--project", "!lab-node22"]),
  ];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`vitest exited ${run.status ?? run.signal}: durations not written (a failing run's times say little)`);
    process.exit(1);
  }
  const results = JSON.parse(readFileSync(report, "utf8")).testResults;
  const previous = existsSync(TARGET) ? JSON.parse(readFileSync(TARGET, "utf8")).files : {};
  const files = { ...previous };
  for (const result of results) files[relative(ROOT, result.name)] = Math.round((result.endTime - result.startTime) / 100) * 100;
  const kept = Object.entries(files)
    .filter(([file]) => existsSync(join(ROOT, file)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const text = {
    about: "Milliseconds per test file in a measured run (npm run test:durations); the suite starts the longest first (scripts/slow-first-sequencer.ts).",
    files: Object.fromEntries(kept),
  };
  writeFileSync(TARGET, `${JSON.stringify(text, null, 2)}\n`);
  console.log(`${relative(ROOT, TARGET)}: ${kept.length} files`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
