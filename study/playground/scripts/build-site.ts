/**
 * Builds the playground into a static folder any static server can serve:
 *
 *   index.html, playground.css, playground.js (the page: codec + CodeMirror, one minified bundle)
 *   tokenizer-worker.js (the Web Worker that loads the tokenizers and counts; with @lenml/tokenizers)
 *   tokenizers/{gpt-4o,gpt-3.5,qwen2.5,claude,gemini}.vocab.gz (@silp/tokens' compact vocabularies)
 *   tokenizers/llama-2.js (llama-tokenizer-js as one ES module)
 *
 * and prints the budgets: the page without the tokenizer data (tokenizers/) must stay
 * within PAGE_BUDGET gzipped, or the build fails. The codec validates with Ajv's standalone code,
 * generated in its sources, so the page compiles no code at run time. Run: `node --import tsx study/playground/scripts/build-site.ts [outDir]`
 * (default study/playground/dist/site; `npm run build` runs it).
 */
import { copyFile, mkdir, readdir, readFile, rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { isTokenizerData, writeTokenizerData } from "./tokenizer-data.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const PAGE = join(PACKAGE, "page");
const REPO = resolve(PACKAGE, "../..");
export const DEFAULT_SITE_DIR = join(PACKAGE, "dist/site");

/** The budget for the page without tokenizer data: 400 KB gzipped. */
export const PAGE_BUDGET = 400 * 1024;

export interface SiteFile {
  path: string;
  bytes: number;
  gzipped: number;
}

export interface SiteReport {
  outDir: string;
  files: SiteFile[];
  /** Gzipped bytes of everything but the tokenizer data in tokenizers/. */
  pageGzipped: number;
  /** Bytes of the tokenizer data (tokenizers/), fetched on demand. */
  ranksBytes: number;
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) paths.push(...(await listFiles(dir, path)));
    else paths.push(path);
  }
  return paths.sort();
}

export async function buildSite(outDir = DEFAULT_SITE_DIR): Promise<SiteReport> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    entryPoints: {
      playground: join(PAGE, "main.ts"),
      "tokenizer-worker": join(PAGE, "tokenizer-worker.ts"),
    },
    // Two self-contained files, no code splitting: with it, esbuild writes a chunk for every
    // dynamic import it sees, including @silp/tokens' Node loaders (20 MB the page never loads).
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    outdir: outDir,
    // The root tsconfig's `paths` map silp and @silp/tokens to their sources: the page always
    // bundles the code in this checkout, built or not.
    tsconfig: join(REPO, "tsconfig.json"),
    absWorkingDir: REPO,
    // Fails the build if anything reaches a Node.js module: the page runs in a browser only.
    external: [],
    metafile: true,
    logLevel: "warning",
  });
  const reached = Object.keys(result.metafile.inputs).filter((input) => input.startsWith("node:") || builtinModules.includes(input));
  if (reached.length > 0) throw new Error(`the page reaches Node.js modules: ${reached.join(", ")}`);
  await copyFile(join(PAGE, "index.html"), join(outDir, "index.html"));
  await copyFile(join(PAGE, "playground.css"), join(outDir, "playground.css"));
  await writeTokenizerData(outDir);
  const paths = await listFiles(outDir);
  const files: SiteFile[] = [];
  for (const path of paths) {
    const bytes = await readFile(join(outDir, path));
    files.push({ path, bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length });
  }
  const page = files.filter((file) => !isTokenizerData(file.path));
  return {
    outDir,
    files,
    pageGzipped: page.reduce((sum, file) => sum + file.gzipped, 0),
    ranksBytes: files.filter((file) => isTokenizerData(file.path)).reduce((sum, file) => sum + file.bytes, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: SiteReport): string {
  const lines = report.files.map((file) => `  ${file.path.padEnd(32)} ${kb(file.bytes).padStart(10)}  ${kb(file.gzipped).padStart(10)} gzipped`);
  const verdict = report.pageGzipped <= PAGE_BUDGET ? "ok" : "OVER BUDGET";
  return [
    `playground -> ${report.outDir}`,
    ...lines,
    `  budget: page without tokenizer data ${kb(report.pageGzipped)} gzipped of ${kb(PAGE_BUDGET)}: ${verdict}`,
    `  tokenizer data (tokenizers/; fetched on demand): ${kb(report.ranksBytes)}`,
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await buildSite(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_SITE_DIR);
  console.log(formatReport(report));
  if (report.pageGzipped > PAGE_BUDGET) process.exit(1);
}
