/**
 * The CLI lines of the README and docs/ run as written from a fresh clone's root: every
 * `npx silpc` line of a shell block whose inputs are in the repository exits 0 and prints
 * something (the built CLI, as `npx` finds it; `[...]` optional parts left out; `< FILE` feeds the
 * file; `> FILE` keeps the output in memory, so nothing is written into the checkout). The lines
 * left out are named with the reason; each has its own test.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";
import { twoAtATime } from "@silp/testkit/doc-block-runner.js";
import { docPages } from "@silp/testkit/doc-blocks.js";

interface CliLine {
  page: string;
  line: string;
}

const lines: CliLine[] = docPages().flatMap((page) =>
  [...readFileSync(join(REPO_ROOT, page), "utf8").matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```$/gm)].flatMap((block) => {
    const out: CliLine[] = [];
    let continued = false;
    for (const raw of (block[1] as string).split("\n")) {
      const starts = raw.startsWith("npx silpc ") && !continued;
      continued = raw.trimEnd().endsWith("\\");
      // A line continued with "\" is a command of several lines: docs-commands.test.ts checks its options.
      if (starts && !continued) out.push({ page, line: (raw.split(" #")[0] as string).replace(/\[[^\]]*\]/g, "").trim() });
    }
    return out;
  }),
);

/** Lines with their own tests: they start servers, load the lab's tokenizers, search for minutes or take a command. */
const ELSEWHERE: Record<string, string> = {
  "npx silpc whitelist --verify --extra-verbs SHIP": "lab/extra-verbs-verify.test.ts (loads six tokenizers)",
  'npx silpc conformance --adapter "<command>"': "conformance-runner.test.ts (takes an implementation's command)",
  'npx silpc conformance --adapter "./my-adapter" --report report.json --only decode-code,decode-json':
    "conformance-runner.test.ts (takes an implementation's command)",
  "npx silpc playground": "playground-cli.test.ts (serves until stopped)",
  "npx silpc playground --build site/": "playground-cli.test.ts (--build into a temporary folder, not the checkout)",
  "npx silpc evolve --seed 1 --out d.json": "lab/evolve-cli.test.ts (a search of minutes)",
  "npx silpc evolve --seed 1 --bench runs/x-evolved.jsonl --dialect dialects/x-evolved.json": "lab/evolve-cli.test.ts (reads a bench run's results)",
  "npx silpc prompt --role read --frontend json --tokens": "lab/prompt-tokens.test.ts (loads six tokenizers)",
};

function run(line: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const [command, input] = line.split(" < ") as [string, string | undefined];
  const args = (command.split(" > ")[0] as string)
    .replace(/^npx silpc /, "")
    .trim()
    .split(/\s+/);
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI_BIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input === undefined ? undefined : readFileSync(join(REPO_ROOT, input.trim()), "utf8"));
  });
}

test("the README and docs have the CLI lines this test knows", () => {
  assert.ok(lines.filter((entry) => entry.page === "README.md").length >= 5, `${lines.length} lines`);
  assert.ok(lines.filter((entry) => entry.page === "docs/cli.md").length >= 16, `${lines.length} lines`);
  for (const line of Object.keys(ELSEWHERE))
    assert.ok(
      lines.some((entry) => entry.line === line),
      `the docs no longer have: ${line}`,
    );
});

test("every other line exits 0 from the repository's root and prints its output", async () => {
  const queue = lines.filter((entry) => !ELSEWHERE[entry.line]);
  assert.ok(queue.length >= 20, `${queue.length} lines to run`);
  const failures: string[] = [];
  await twoAtATime(queue, async (entry) => {
    const result = await run(entry.line);
    if (result.status !== 0 || result.stdout.length === 0) failures.push(`${entry.page}: ${entry.line}: exit ${result.status}\n${result.stderr.slice(0, 600)}`);
  });
  assert.deepEqual(failures, []);
}, 180_000);
