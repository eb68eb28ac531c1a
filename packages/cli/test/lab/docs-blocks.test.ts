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

/**
 * Lab blocks that are programs but do not run here, by a line of theirs and the pages that hold
 * them (the README shows the frameworks' quick starts of docs/frameworks.md as they are): why not.
 */
const CALLS_ENDPOINT =
  "calls the OpenAI-compatible endpoint it names, and no model is reachable here; the package's examples/ test runs the same calls against the scripted chat server (a test double)";
const QUICK_START = ["README.md", "docs/frameworks.md"];
const NOT_RUN_HERE: readonly { pages: readonly string[]; line: string; why: string }[] = [
  { pages: QUICK_START, line: 'setOpenAIAPI("chat_completions")', why: CALLS_ENDPOINT },
  { pages: QUICK_START, line: 'createOpenAICompatible({ name: "local"', why: CALLS_ENDPOINT },
  { pages: QUICK_START, line: 'new ChatOpenAI({ model: "qwen2.5"', why: CALLS_ENDPOINT },
  { pages: QUICK_START, line: 'id: "local/qwen2.5"', why: CALLS_ENDPOINT },
  {
    pages: ["docs/evolve.md"],
    line: "generations: 30",
    why: "a 40 x 30 search over six tokenizers takes many minutes; lab/evolve-cli runs the search at a small size",
  },
  { pages: ["docs/llmlingua2.md"], line: 'modelDir: "/models/llmlingua2"', why: "the LLMLingua-2 ONNX model is not on this machine (no download works here)" },
];

const notRun = (block: DocBlock): boolean => NOT_RUN_HERE.some((entry) => entry.pages.includes(block.page) && block.block.includes(entry.line));

test("every README and docs block that imports a lab package type-checks as written", () => {
  const { checked, errors } = typeCheckBlocks(blocks, "docs-blocks-lab");
  assert.deepEqual(errors, []);
  assert.ok(checked >= 5, `checked ${checked} blocks`);
});

test("every lab block that can run here runs as written; the others are the listed ones", async () => {
  for (const entry of NOT_RUN_HERE)
    for (const page of entry.pages)
      assert.ok(
        blocks.some((block) => block.page === page && block.block.includes(entry.line)),
        `no block ${page}: ${entry.line}`,
      );
  const runnable = blocks.filter((block) => !isFragment(block) && !notRun(block));
  assert.ok(runnable.length >= 1, "no lab block runs");
  const runs = await runDocBlocks(runnable, "docs-run-lab");
  for (const block of runnable) {
    const run = runs.get(block);
    assert.equal(run?.status, 0, `${block.page}: exit ${run?.status}\n${run?.stderr.slice(0, 2000)}`);
  }
}, 180_000);
