/**
 * The TypeScript blocks of README.md and docs/*.md: every one that is not marked illustrative
 * type-checks as written (packages/cli/test/package-readmes.test.ts for the product lane's, and
 * docs-blocks.lab.test.ts for those that import the lab's packages). A fence closes only on a
 * line of its own (a block may hold "```json" inside a string).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { consumerTsc } from "../../../scripts/consumer-tsc.mjs";
import { REPO_ROOT } from "./paths.js";

export interface DocBlock {
  page: string;
  block: string;
}

export interface DocImport {
  page: string;
  name: string;
  specifier: string;
}

/** Modules only the lab's install provides (their heavy dependencies live in lab/). */
export const LAB_MODULES: readonly string[] = [
  "@silp/tokens",
  "@silp/llmlingua2",
  "@silp/bench",
  "@silp/evolve",
  "@silp/playground",
  "@silp/ai-sdk",
  "@silp/langchain",
  "@silp/langchain/agents",
  "@silp/openai-agents",
  "@silp/mastra",
  "ai",
];

export function tsBlocks(text: string): string[] {
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);
}

export function docBlocks(): DocBlock[] {
  const pages = [
    "README.md",
    ...readdirSync(join(REPO_ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  return pages.flatMap((page) => tsBlocks(readFileSync(join(REPO_ROOT, page), "utf8")).map((block) => ({ page, block })));
}

/**
 * The visible mark of a block that is not a program (a shape, an outline): its first line. Every
 * other block must type-check as written, as a module of its own in a consumer project.
 */
export const ILLUSTRATIVE_MARK = "// illustrative:";

export function isIllustrative(block: DocBlock): boolean {
  return block.block.startsWith(ILLUSTRATIVE_MARK);
}

/** The package a module specifier names (`@scope/name` or `name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/** Packages only the lab's install provides: our lab packages and the frameworks they adapt. */
const LAB_PACKAGES: ReadonlySet<string> = new Set([...LAB_MODULES.map(packageOf), "langchain", "@langchain/core", "@openai/agents", "@mastra/core"]);

/** Whether a block imports anything only the lab installs. */
export function usesLab(block: DocBlock): boolean {
  return [...block.block.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].some(([, specifier]) => LAB_PACKAGES.has(packageOf(specifier as string)));
}

/** The README's and docs/' blocks the product lane type-checks: programs (not illustrative) that import no lab package. */
export function productDocBlocks(): DocBlock[] {
  return docBlocks().filter((block) => !isIllustrative(block) && !usesLab(block));
}

/**
 * Type-checks blocks as a consumer project would (strict, nodenext; the packages resolve to their
 * built dist/), each block a module of its own; declaration files are not re-checked (skipLibCheck:
 * `npm run size` checks the installed packages' own, with skipLibCheck false); returns tsc's errors
 * named by page. The files go to the repository's tmp/ (ignored by git) and are removed after.
 */
export function typeCheckBlocks(blocks: readonly DocBlock[], label: string): { checked: number; errors: string[] } {
  const dir = join(REPO_ROOT, "tmp", `${label}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const files = blocks.map((block, index) => {
      const file = join(dir, `${block.page.replace(/[/.]/g, "_")}-${index}.mts`);
      writeFileSync(file, `${block.block}\nexport {};\n`);
      return file;
    });
    const { errors } = consumerTsc(files, REPO_ROOT, "nodenext", { libCheck: false });
    const named = errors.map((line) => {
      const index = Number(/-(\d+)\.mts/.exec(line)?.[1]);
      const block = blocks[index];
      return block === undefined ? line : `${block.page} (block starting ${JSON.stringify(block.block.slice(0, 50))}): ${line.slice(line.indexOf("error TS"))}`;
    });
    return { checked: files.length, errors: named };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
