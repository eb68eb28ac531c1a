/**
 * The README's Library block runs as written, from a project that installed `silp` (the built
 * package, resolved through node_modules): it type-checks under strict `nodenext` with
 * `skipLibCheck: false`, and what it prints is, line by line, what its `// → ` comments state
 * (several lines of one loop are separated by ` | `). The oracle is the README's text.
 */
import { afterAll, beforeAll, test } from "vitest";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { consumerTsc } from "../../../scripts/consumer-tsc.mjs";

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

test("it type-checks in a consumer project (strict, skipLibCheck false, nodenext)", () => {
  // nodenext, the strictest resolution; `npm run size` checks the installed packages under bundler too.
  for (const resolution of ["nodenext"] as const) {
    const { status, errors } = consumerTsc([join(dir, "library.mts")], REPO_ROOT, resolution);
    assert.equal(status, 0, `tsc (${resolution}):\n${errors.join("\n")}`);
  }
});

test("it prints what its comments say, line by line", () => {
  const expected = [...block.matchAll(/\/\/ → (.*)$/gm)].flatMap((match) => (match[1] as string).split(" | "));
  assert.ok(expected.length >= 10, `only ${expected.length} stated outputs`);
  const printed = execFileSync(process.execPath, [join(dir, "library.mjs")], { cwd: dir, encoding: "utf8" })
    .trimEnd()
    .split("\n");
  assert.deepEqual(printed, expected);
});
