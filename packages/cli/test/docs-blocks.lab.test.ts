/**
 * The lab's half of the docs' block check (package-readmes.test.ts and docs-run.test.ts check the
 * product lane's): every README and docs block that imports a package of the lab's install (our
 * framework adapters, tokens, llmlingua2, and the frameworks themselves) type-checks as written,
 * and runs as written where it can run on this machine (testkit's runDocBlocks, as the product
 * blocks run). The blocks that cannot are listed below with the reason, and the list must match:
 * a new lab block runs or joins it.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { runDocBlocks } from "@silp/testkit/doc-block-runner.js";
import { type DocBlock, docBlocks, isFragment, isIllustrative, typeCheckBlocks, usesLab } from "@silp/testkit/doc-blocks.js";

const blocks = docBlocks().filter((block) => !isIllustrative(block) && usesLab(block));

/** Lab blocks that are programs but do not run here, by page and a line of theirs: why not. */
const NOT_RUN_HERE: readonly { page: string; line: string; why: string }[] = [
  {
    page: "docs/frameworks.md",
    line: 'import { Agent, run } from "@openai/agents"',
    why: "the OpenAI Agents SDK calls the provider its environment names; packages/openai-agents/test runs the same calls against the scripted chat server (a test double)",
  },
  {
    page: "docs/evolve.md",
    line: "generations: 30",
    why: "a 40 x 30 search over six tokenizers takes many minutes; evolve-cli.lab runs the search at a small size",
  },
  { page: "docs/llmlingua2.md", line: 'modelDir: "/models/llmlingua2"', why: "the LLMLingua-2 ONNX model is not on this machine (no download works here)" },
];

const notRun = (block: DocBlock): boolean => NOT_RUN_HERE.some((entry) => entry.page === block.page && block.block.includes(entry.line));

test("every README and docs block that imports a lab package type-checks as written", () => {
  const { checked, errors } = typeCheckBlocks(blocks, "docs-blocks-lab");
  assert.deepEqual(errors, []);
  assert.ok(checked >= 5, `checked ${checked} blocks`);
});

test("every lab block that can run here runs as written; the others are the listed ones", async () => {
  for (const entry of NOT_RUN_HERE)
    assert.ok(
      blocks.some((block) => block.page === entry.page && block.block.includes(entry.line)),
      `no block ${entry.page}: ${entry.line}`,
    );
  const runnable = blocks.filter((block) => !isFragment(block) && !notRun(block));
  assert.ok(runnable.length >= 1, "no lab block runs");
  const runs = await runDocBlocks(runnable, "docs-run-lab");
  for (const block of runnable) {
    const run = runs.get(block);
    assert.equal(run?.status, 0, `${block.page}: exit ${run?.status}\n${run?.stderr.slice(0, 2000)}`);
  }
}, 180_000);
