/**
 * The README's code stays true. Its runnable parts are covered elsewhere (examples/*.ts by
 * examples.test.ts, the integration snippets by snippets.test.ts, which runs them from
 * docs/integrations.md; every block type-checks as written in package-readmes.test.ts and
 * docs-blocks.lab.test.ts); here: the README's integration snippets are the very text that
 * snippets.test.ts runs.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { tsBlocks } from "@silp/testkit/doc-blocks.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const integrations = readFileSync(join(REPO_ROOT, "docs/integrations.md"), "utf8");
const blocks = tsBlocks(readme);

test("the README has TypeScript examples to check", () => {
  assert.ok(blocks.length >= 4, `found ${blocks.length} blocks`);
});

test("the README's integration snippets are the ones snippets.test.ts runs from docs/integrations.md", () => {
  const snippets = [...integrations.matchAll(/<!-- snippet: [\w-]+ -->\s*```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  assert.ok(snippets.length >= 2);
  for (const snippet of snippets) assert.ok(blocks.includes(snippet), `README lacks the snippet starting ${JSON.stringify(snippet.slice(0, 60))}`);
});
