/**
 * The README's CLI block runs as written from a fresh clone's root: every `npx silpc` line whose
 * inputs are in the repository exits 0 (the built CLI, as `npx` finds it). The lines left out
 * are named with the reason; each has its own test.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLI_BIN, REPO_ROOT } from "@silp/testkit/paths.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("\n## CLI\n"), readme.indexOf("\n## Make a model speak SILP\n"));
const lines = (/^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? "")
  .split("\n")
  .filter((line) => line.startsWith("npx silpc "))
  .map((line) => (line.split(" #")[0] as string).replace(/\[[^\]]*\]/g, "").trim());

/** Lines with their own tests: they start servers, load the lab's tokenizers, search for minutes or take a command. */
const ELSEWHERE: Record<string, string> = {
  "npx silpc whitelist --verify --extra-verbs SHIP": "extra-verbs-verify.lab.test.ts (loads six tokenizers)",
  'npx silpc conformance --adapter "<command>"': "conformance-runner.test.ts (takes an implementation's command)",
  "npx silpc playground": "playground-cli.test.ts (serves until stopped)",
  "npx silpc evolve --seed 1 --out d.json": "evolve-cli.lab.test.ts (a search of minutes)",
};

test("the block has the commands of the README", () => {
  assert.ok(lines.length >= 14, `${lines.length} lines`);
  for (const line of Object.keys(ELSEWHERE)) assert.ok(lines.includes(line), `the README no longer has: ${line}`);
});

test("every other line exits 0 from the repository's root", () => {
  let ran = 0;
  for (const line of lines) {
    if (ELSEWHERE[line]) continue;
    const [command, input] = line.split(" < ") as [string, string | undefined];
    const args = command.replace(/^npx silpc /, "").split(/\s+/);
    const run = spawnSync(process.execPath, [CLI_BIN, ...args], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      input: input === undefined ? undefined : readFileSync(join(REPO_ROOT, input.trim()), "utf8"),
      timeout: 60_000,
    });
    assert.equal(run.status, 0, `${line}\n${run.stderr}`);
    assert.ok(run.stdout.length > 0, `${line}: no output`);
    ran++;
  }
  assert.ok(ran >= 10, `ran ${ran}`);
});
