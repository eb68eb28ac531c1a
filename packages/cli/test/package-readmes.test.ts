/**
 * Every publishable package carries a README (what it is, how to install it, an example, a link
 * to the docs), its CHANGELOG and the license (copied in by `prepack`), and keywords. Each
 * README's TypeScript example type-checks, as written, in a consumer project (strict, nodenext)
 * against the built packages, in one tsc run with every product-lane block of README.md and docs/
 * (not marked illustrative; the lab's blocks: lab/docs-blocks.test.ts). The declaration files
 * themselves are not re-checked here (skipLibCheck): `npm run size` checks the installed packages'
 * declarations with skipLibCheck false, so this run spends its time on the examples.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, WORKSPACES } from "@silp/testkit/paths.js";
import { ILLUSTRATIVE_MARK, docBlocks, isIllustrative, productDocBlocks, tsBlocks, typeCheckBlocks, type DocBlock } from "@silp/testkit/doc-blocks.js";

interface Manifest {
  name: string;
  private?: boolean;
  files?: string[];
  keywords?: string[];
  scripts?: Record<string, string>;
}

const packages = WORKSPACES.map((folder) => ({
  folder: join(REPO_ROOT, folder),
  manifest: JSON.parse(readFileSync(join(REPO_ROOT, folder, "package.json"), "utf8")) as Manifest,
})).filter(({ manifest }) => !manifest.private);

test("each package has a README naming it, an install line, a docs link; keywords; CHANGELOG and LICENSE in the tarball", () => {
  assert.ok(packages.length >= 18, `${packages.length} packages`);
  for (const { folder, manifest } of packages) {
    const readme = readFileSync(join(folder, "README.md"), "utf8");
    assert.ok(readme.startsWith(`# ${manifest.name}\n`), `${manifest.name}: README title`);
    assert.match(readme, new RegExp(`npm install (-g )?${manifest.name.replace("/", "\\/")}`), `${manifest.name}: install line`);
    assert.match(readme, /\]\(\.\.\/\.\.\/(docs|README)/, `${manifest.name}: link to the docs`);
    assert.ok((manifest.keywords ?? []).includes("silp"), `${manifest.name}: keywords`);
    assert.ok(existsSync(join(folder, "CHANGELOG.md")), `${manifest.name}: CHANGELOG.md`);
    if (manifest.files) assert.ok(manifest.files.includes("CHANGELOG.md"), `${manifest.name}: files lists CHANGELOG.md`);
    assert.equal(manifest.scripts?.prepack, "node ../../scripts/prepack.mjs", `${manifest.name}: prepack copies the LICENSE`);
  }
});

// The lab's packages need the lab's install (their frameworks, tokenizers, runtimes), whose own
// type declarations do not all pass skipLibCheck false; the product lane's packages are checked.
test(`each product package's README example, and every product block of README.md and docs/, type-checks in a consumer project (or starts with "${ILLUSTRATIVE_MARK}")`, () => {
  const examples: DocBlock[] = packages
    // The product lane's packages, in packages/ (study/ and adapters/ are the lab's: vitest.config.ts, LAB_PACKAGES).
    .filter(({ folder }) => folder.startsWith(join(REPO_ROOT, "packages")))
    .flatMap(({ folder }) =>
      tsBlocks(readFileSync(join(folder, "README.md"), "utf8")).map((block) => ({ page: `${folder.slice(REPO_ROOT.length + 1)}/README.md`, block })),
    );
  assert.ok(examples.length >= 8, `${examples.length} examples`);
  const all = docBlocks();
  const docs = productDocBlocks();
  assert.ok(docs.length >= 20, `${docs.length} docs blocks`);
  // The mark is for shapes and outlines only: nearly every block is a program.
  assert.ok(
    all.filter(isIllustrative).length <= 3,
    all
      .filter(isIllustrative)
      .map((b) => b.page)
      .join(", "),
  );
  // nodenext, the strictest resolution; `npm run size` checks the installed packages under bundler too.
  const { errors } = typeCheckBlocks([...examples, ...docs], "consumer-examples");
  assert.deepEqual(errors, []);
});
