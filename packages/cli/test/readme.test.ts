/**
 * The README's code stays true. Its runnable parts are covered elsewhere (examples/*.ts by
 * examples.test.ts, the integration snippets by snippets.test.ts, which runs them from
 * docs/integrations.md); here: every name a README block imports exists in the module it names,
 * and the README's integration snippets are the very text that snippets.test.ts runs.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "vitest";
import { REPO_ROOT } from "@silp/testkit/paths.js";

const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const integrations = readFileSync(join(REPO_ROOT, "docs/integrations.md"), "utf8");
// A fence closes only on a line of its own (a block may hold "```json" inside a string).
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

test("the README has TypeScript examples to check", () => {
  assert.ok(blocks.length >= 4, `found ${blocks.length} blocks`);
});

test("every name a README block imports is exported by that module", async () => {
  let checked = 0;
  for (const block of blocks) {
    for (const [, names, specifier] of block.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      const module = (await import(specifier!)) as Record<string, unknown>;
      for (const raw of names!.split(",")) {
        const name = raw.trim();
        if (name === "" || name.startsWith("type ")) continue;
        assert.ok(name in module, `README imports ${name} from "${specifier}", which does not export it`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 15, `checked ${checked} imported names`);
});

test("the README's integration snippets are the ones snippets.test.ts runs from docs/integrations.md", () => {
  const snippets = [...integrations.matchAll(/<!-- snippet: [\w-]+ -->\s*```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  assert.ok(snippets.length >= 2);
  for (const snippet of snippets) assert.ok(blocks.includes(snippet), `README lacks the snippet starting ${JSON.stringify(snippet.slice(0, 60))}`);
});
