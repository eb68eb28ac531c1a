/**
 * Every publishable package carries a README (what it is, how to install it, an example, a link
 * to the docs), its CHANGELOG and the license (copied in by `prepack`), and keywords. Each
 * README's TypeScript example type-checks, as written, in a consumer project (strict, nodenext,
 * skipLibCheck false) against the built packages.
 */
import { afterAll, beforeAll, test } from "vitest";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@silp/testkit/paths.js";
import { consumerTsc } from "../../../scripts/consumer-tsc.mjs";

interface Manifest {
  name: string;
  private?: boolean;
  files?: string[];
  keywords?: string[];
  scripts?: Record<string, string>;
}

const packages = readdirSync(join(REPO_ROOT, "packages"))
  .map((folder) => ({
    folder: join(REPO_ROOT, "packages", folder),
    manifest: JSON.parse(readFileSync(join(REPO_ROOT, "packages", folder, "package.json"), "utf8")) as Manifest,
  }))
  .filter(({ manifest }) => !manifest.private);
const dir = join(REPO_ROOT, "tmp", `package-readmes-${process.pid}`);
/** The lab lane's packages (vitest.config.ts, LAB_PACKAGES). */
const LAB_FOLDERS = ["tokens", "llmlingua2", "bench", "evolve", "playground", "ai-sdk", "langchain", "openai-agents", "mastra"];

beforeAll(() => mkdirSync(dir, { recursive: true }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
test("each product package's README example type-checks in a consumer project", () => {
  const files: string[] = [];
  for (const { folder, manifest } of packages) {
    if (LAB_FOLDERS.some((lab) => folder.endsWith(`/packages/${lab}`))) continue;
    const readme = readFileSync(join(folder, "README.md"), "utf8");
    [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].forEach((match, index) => {
      const file = join(dir, `${manifest.name.replace(/[@/]/g, "_")}-${index}.mts`);
      // Each example is a module of its own (top-level await, no clashes between examples).
      writeFileSync(file, `${match[1]}\nexport {};\n`);
      files.push(file);
    });
  }
  assert.ok(files.length >= 8, `${files.length} examples`);
  // nodenext, the strictest resolution; `npm run size` checks the installed packages under bundler too.
  for (const resolution of ["nodenext"] as const) {
    const { status, errors } = consumerTsc(files, REPO_ROOT, resolution);
    assert.equal(status, 0, `tsc (${resolution}):\n${errors.join("\n")}`);
  }
});
