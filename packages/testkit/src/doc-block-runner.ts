/**
 * Runs the README's and docs/' TypeScript blocks as written: each block, its types stripped by
 * esbuild (runnableBlock turns what it states into checks), runs as a module of its own in a
 * folder of the repository's ignored tmp/, so its imports resolve to the workspace's built
 * packages as in a project that installed them. The files its page gives it (`<!-- file: NAME -->`)
 * are written beside it. Two blocks at a time (twoAtATime): they are short processes on a two-core machine.
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { type DocBlock, pageFiles, runnableBlock } from "./doc-blocks.js";
import { REPO_ROOT } from "./paths.js";

export interface BlockRun {
  /** The exit code (-1: killed, e.g. by the timeout). */
  status: number;
  stdout: string;
  stderr: string;
}

export async function runDocBlocks(blocks: readonly DocBlock[], label: string, env: NodeJS.ProcessEnv = {}): Promise<Map<DocBlock, BlockRun>> {
  const dir = join(REPO_ROOT, "tmp", `${label}-${process.pid}`);
  const runs = new Map<DocBlock, BlockRun>();
  try {
    await twoAtATime(
      blocks.map((block, index) => ({ block, folder: join(dir, String(index)) })),
      async ({ block, folder }) => {
        runs.set(block, await runOne(block, folder, env));
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

/** Runs `task` on every item, two at a time (child processes on a two-core machine); resolves when all are done. */
export async function twoAtATime<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await task(next);
  };
  await Promise.all([worker(), worker()]);
}

function runOne(block: DocBlock, folder: string, env: NodeJS.ProcessEnv): Promise<BlockRun> {
  mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(pageFiles(block.page))) writeFileSync(join(folder, name), content);
  const { code } = transformSync(runnableBlock(block).source, { loader: "ts", format: "esm", target: "node20" });
  writeFileSync(join(folder, "block.mjs"), code);
  return new Promise((resolve) => {
    execFile(process.execPath, ["block.mjs"], { cwd: folder, env: { ...process.env, ...env }, timeout: 60_000, encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}
