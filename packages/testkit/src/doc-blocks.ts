/**
 * The TypeScript blocks of README.md and docs/*.md: every one that is not marked illustrative
 * type-checks as written (packages/cli/test/package-readmes.test.ts for the product lane's, and
 * lab/docs-blocks.test.ts for those that import the lab's packages). A fence closes only on a
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

/** README.md and the pages of docs/ (not docs/api, which typedoc writes). */
export function docPages(): string[] {
  return [
    "README.md",
    ...readdirSync(join(REPO_ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
}

export function docBlocks(): DocBlock[] {
  return docPages().flatMap((page) => tsBlocks(readFileSync(join(REPO_ROOT, page), "utf8")).map((block) => ({ page, block })));
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

/**
 * A block that declares its inputs (`declare const card: AgentCard;`) is a fragment of the
 * reader's program: its inputs exist only there, so it is type-checked and not run. The
 * `declare` line is the visible mark.
 */
export function isFragment(block: DocBlock): boolean {
  return /^declare\s/m.test(block.block);
}

/** What a block states about its own run, and the source that checks it. */
export interface RunnableBlock {
  /** The block with each stated value turned into a check (same lines, same line numbers). */
  source: string;
  /** The lines the block states it prints: its `// → ` comments (` | ` separates the lines of one loop). */
  printed: string[];
  /** How many `// "value"` comments it states. */
  stated: number;
}

/**
 * A statement followed by a comment that opens with a JSON string literal: the value the statement
 * has (`formatProbe(pong); // "//pong ..."`), or for a declaration the value it binds. Any text
 * after the literal is prose.
 */
const STATED_VALUE = /^(\s*)(\S.*?);\s*\/\/ ("(?:[^"\\]|\\.)*")/;
const DECLARATION = /^(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/;

/**
 * The block as a program that checks what it states: every `// "value"` becomes a strict equality
 * check of that statement's value (the run fails with the page's line otherwise); the `// → `
 * lines are returned for the caller to compare with what the run printed.
 */
export function runnableBlock(block: DocBlock): RunnableBlock {
  let stated = 0;
  const lines = block.block.split("\n").map((line, index) => {
    const match = STATED_VALUE.exec(line);
    if (!match) return line;
    const [, indent, statement, literal] = match as unknown as [string, string, string, string];
    stated++;
    const where = JSON.stringify(`${block.page}, line ${index + 1} of the block`);
    const declared = DECLARATION.exec(statement);
    if (declared) return `${indent}${statement}; __stated(${declared[1]}, ${literal}, ${where});`;
    if (/^(?:import|export|return|var|type|interface)\b/.test(statement)) {
      throw new Error(`${block.page}: a stated value after "${statement.slice(0, 40)}", which has no value`);
    }
    return `${indent}__stated((${statement}), ${literal}, ${where});`;
  });
  const check = [
    "function __stated(actual: unknown, expected: string, where: string): void {",
    '  if (actual !== expected) throw new Error(where + ": the docs state " + JSON.stringify(expected) + ", the code gave " + JSON.stringify(actual));',
    "}",
  ];
  const printed = [...block.block.matchAll(/\/\/ → (.*)$/gm)].flatMap((match) => (match[1] as string).split(" | "));
  return { source: [...lines, ...check, "export {};", ""].join("\n"), printed, stated };
}

/**
 * Files a page gives its blocks: a fenced block right after `<!-- file: NAME -->` is the content
 * of NAME in the folder the page's blocks run in (a dialect file a block reads, say).
 */
export function pageFiles(page: string): Record<string, string> {
  const text = readFileSync(join(REPO_ROOT, page), "utf8");
  const files: Record<string, string> = {};
  for (const match of text.matchAll(/^<!-- file: ([\w.-]+) -->\n```\w*\n([\s\S]*?)^```$/gm)) files[match[1] as string] = match[2] as string;
  return files;
}
