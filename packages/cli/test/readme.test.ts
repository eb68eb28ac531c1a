/**
 * The README is a front door that stays true. Its runnable parts are covered elsewhere
 * (examples/*.ts by examples.test.ts, the integration snippets by snippets.test.ts, which runs
 * them from docs/integrations.md; every block type-checks as written in package-readmes.test.ts
 * and lab/docs-blocks.test.ts). Here: the README's carrier and framework snippets are the very text
 * docs/integrations.md and docs/frameworks.md mark as snippets; it states no figure that a script
 * did not write (scripts/doc-figures.mjs); it links only to files that exist; and it stays short.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { tsBlocks } from "@silp/testkit/doc-blocks.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const blocks = tsBlocks(readme);

/** The blocks of `page` marked `<!-- snippet: NAME -->`. */
function snippets(page: string): string[] {
  const text = readFileSync(join(REPO_ROOT, page), "utf8");
  return [...text.matchAll(/<!-- snippet: [\w-]+ -->\s*```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

/**
 * The figures the README states outside fenced blocks and the blocks scripts write: a number with
 * a unit of size, time, tokens or a ratio. Versions ("Node 22", "ai 7") and section numbers are
 * not figures.
 */
function statedFigures(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, "").replace(/<!-- figures:([\w-]+):start -->[\s\S]*?<!-- figures:\1:end -->/g, "");
  return [...prose.matchAll(/\b\d(?:[\d,.]*\d)?\s?(?:%|x\b|×|KB\b|MB\b|GB\b|ms\b|µs\b|s\b|seconds\b|minutes?\b|tokens?\b)/g)].map((match) => match[0]);
}

test("the README has TypeScript examples to check", () => {
  assert.ok(blocks.length >= 4, `found ${blocks.length} blocks`);
});

test("the README's carrier and framework snippets are the ones docs/integrations.md and docs/frameworks.md mark", () => {
  for (const [page, least] of [
    ["docs/integrations.md", 2],
    ["docs/frameworks.md", 4],
  ] as const) {
    const marked = snippets(page);
    assert.ok(marked.length >= least, `${page}: ${marked.length} snippets`);
    for (const snippet of marked) assert.ok(blocks.includes(snippet), `README lacks ${page}'s snippet starting ${JSON.stringify(snippet.slice(0, 60))}`);
  }
});

test("every figure in the README stands in a block a script wrote", () => {
  assert.deepEqual(statedFigures(readme), []);
  for (const [name, least] of [
    ["tokens", 5],
    ["size", 1],
  ] as const) {
    const block = new RegExp(`<!-- figures:${name}:start -->\\n<!-- written by ([^>]+) -->\\n([\\s\\S]*?)<!-- figures:${name}:end -->`).exec(readme);
    assert.ok(block, `no figure block ${name} stamped by its script`);
    assert.ok((block[2] as string).split("\n").filter((line) => /\d/.test(line)).length >= least, `figure block ${name} holds no figures`);
  }
});

test("the figure rule notices a figure in prose, and leaves code, versions and script blocks alone", () => {
  assert.deepEqual(statedFigures("the codec takes 39 ms and 0.65 MB, 3.3x TOON's, 25.4 tokens"), ["39 ms", "0.65 MB", "3.3x", "25.4 tokens"]);
  assert.deepEqual(statedFigures("Node 20, 22 and 24; `ai` 7; the 2.x SDK; spec 4.6; draft -02\n```sh\nsleep 5s\n```\n"), []);
  assert.deepEqual(statedFigures("<!-- figures:size:start -->\n| silp | 0.64 MB |\n<!-- figures:size:end -->"), []);
});

test("the README's relative links name files that exist", () => {
  const links = [...readme.matchAll(/\]\((?!https?:|#)([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string);
  assert.ok(links.length >= 10, `${links.length} links`);
  for (const link of links) assert.ok(existsSync(join(REPO_ROOT, link)), `README links to ${link}, which does not exist`);
});

test("the README is a front door: at most 250 lines, a table of contents, the two commands first", () => {
  const lines = readme.split("\n").length;
  assert.ok(lines <= 250 + 1, `${lines} lines`);
  assert.match(readme, /^\*\*Contents:\*\*/m);
  const commands = readme.indexOf("npm ci && npx silpc demo");
  assert.ok(commands > 0 && commands < readme.indexOf("## Install"), "the two commands come before the install");
  assert.ok(readme.includes("npm ci && npm test"));
});
