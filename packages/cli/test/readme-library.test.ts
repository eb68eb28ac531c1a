/**
 * The README's Library block runs as written, from a project that installed `silp` (the built
 * package, resolved through node_modules), and what it prints is, line by line, what its `// → `
 * comments state (several lines of one loop are separated by ` | `). The oracle is the README's
 * text. Its type check is package-readmes.test.ts's one tsc run over every product block of the
 * README and docs/ (strict, nodenext); the packages' own declarations are checked with
 * `skipLibCheck: false` as installed, by `npm run size` and `npm run check:size`.
 */
import { afterAll, beforeAll, test } from "vitest";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { productDocBlocks } from "@silp/testkit/doc-blocks.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("\n## Library\n"));
// A fence closes only on a line of its own: the block holds "```json" inside a string.
const block = /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? "";
// Inside the repository (so `silp` resolves to the workspace's built package), in the ignored tmp/.
const dir = join(REPO_ROOT, "tmp", `readme-library-${process.pid}`);

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "library.mts"), block);
  writeFileSync(join(dir, "library.mjs"), block);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the Library block is there and starts with the common path: write, read, a model's reply", () => {
  assert.ok(block.length > 500, "no Library block found");
  const order = ["compile(ir)", "decode(text)", "decode(reply"].map((call) => block.indexOf(call));
  assert.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] as number))),
    JSON.stringify(order),
  );
});

test("it is one of the blocks the docs' type check covers: a program, not illustrative, product lane", () => {
  const checked = productDocBlocks().filter((candidate) => candidate.page === "README.md");
  assert.ok(
    checked.some((candidate) => candidate.block === block),
    "the Library block is not among the README blocks package-readmes.test.ts type-checks",
  );
});

test("it prints what its comments say, line by line", () => {
  const expected = [...block.matchAll(/\/\/ → (.*)$/gm)].flatMap((match) => (match[1] as string).split(" | "));
  assert.ok(expected.length >= 10, `only ${expected.length} stated outputs`);
  const printed = execFileSync(process.execPath, [join(dir, "library.mjs")], { cwd: dir, encoding: "utf8" })
    .trimEnd()
    .split("\n");
  assert.deepEqual(printed, expected);
});
