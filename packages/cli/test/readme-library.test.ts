/**
 * The README's Library block: there, first in its section, and showing the common path first
 * (write, read, a model's reply). That it runs as written and prints what its `// → ` comments
 * state is docs-run.test.ts's check of every product block; that it type-checks is
 * package-readmes.test.ts's one tsc run over them.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { isFragment, productDocBlocks, runnableBlock } from "@silp/testkit/doc-blocks.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("\n## Library\n"));
// A fence closes only on a line of its own: the block holds "```json" inside a string.
const block = /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? "";

test("the Library block is there and starts with the common path: write, read, a model's reply", () => {
  assert.ok(block.length > 500, "no Library block found");
  const order = ["compile(ir)", "decode(text)", "decode(reply"].map((call) => block.indexOf(call));
  assert.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] as number))),
    JSON.stringify(order),
  );
});

test("it is among the blocks that are type-checked and run, and states at least ten printed lines", () => {
  const checked = productDocBlocks().filter((candidate) => candidate.page === "README.md" && !isFragment(candidate));
  const found = checked.find((candidate) => candidate.block === block);
  assert.ok(found, "the Library block is not among the README blocks docs-run.test.ts runs");
  assert.ok(runnableBlock(found).printed.length >= 10, "fewer than ten stated printed lines");
});
