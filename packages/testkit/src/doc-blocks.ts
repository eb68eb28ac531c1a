/**
 * The TypeScript blocks of README.md and docs/*.md, and the names each imports from which module:
 * what the README and docs tests check against the modules themselves. A fence closes only on a
 * line of its own (a block may hold "```json" inside a string).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

/** Every value name (not `type` imports) a block imports with `import { ... } from "..."`. */
export function docImports(blocks: readonly DocBlock[]): DocImport[] {
  return blocks.flatMap(({ page, block }) =>
    [...block.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)].flatMap(([, names, specifier]) =>
      (names as string)
        .split(",")
        .map((raw) => raw.trim())
        .filter((name) => name !== "" && !name.startsWith("type "))
        .map((name) => ({ page, name: name.split(/\s+as\s+/)[0] as string, specifier: specifier as string })),
    ),
  );
}
