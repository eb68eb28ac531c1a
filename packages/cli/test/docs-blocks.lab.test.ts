/**
 * The lab's half of the docs' block check (packages/cli/test/package-readmes.test.ts checks the
 * product lane's): every README and docs block that imports a package of the lab's install (our framework
 * adapters, tokens, llmlingua2, and the frameworks themselves) type-checks as written.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { docBlocks, isIllustrative, typeCheckBlocks, usesLab } from "@silp/testkit/doc-blocks.js";

test("every README and docs block that imports a lab package type-checks as written", () => {
  const blocks = docBlocks().filter((block) => !isIllustrative(block) && usesLab(block));
  const { checked, errors } = typeCheckBlocks(blocks, "docs-blocks-lab");
  assert.deepEqual(errors, []);
  assert.ok(checked >= 5, `checked ${checked} blocks`);
});
