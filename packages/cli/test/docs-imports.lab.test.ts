/**
 * The lab's half of the docs' import check (packages/cli/test/readme.test.ts checks the product
 * modules): every name a README or docs block imports from a module of the lab's install exists.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { docBlocks, docImports, LAB_MODULES } from "@silp/testkit/doc-blocks.js";

test("every name a README or docs block imports from a lab module is exported by it", async () => {
  const imports = docImports(docBlocks()).filter((entry) => LAB_MODULES.includes(entry.specifier));
  for (const { page, name, specifier } of imports) {
    const module = (await import(specifier)) as Record<string, unknown>;
    assert.ok(name in module, `${page} imports ${name} from "${specifier}", which does not export it`);
  }
  assert.ok(imports.length >= 8, `checked ${imports.length} imported names`);
});
