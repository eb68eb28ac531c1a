/**
 * Builds the playground into a static folder any static server can serve:
 *
 *   index.html, playground.css, playground.js (the page: codec + CodeMirror, one minified bundle)
 *   ranks/o200k_base.json, ranks/cl100k_base.json (js-tiktoken's ranks, fetched by the page on demand)
 *
 * and prints the budgets: the page without the ranks must stay within PAGE_BUDGET gzipped, or
 * the build fails. Run: `node --import tsx packages/playground/scripts/build-site.ts [outDir]`
 * (default packages/playground/dist/site; `npm run build` runs it).
 */
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const PAGE = join(PACKAGE, "page");
const REPO = resolve(PACKAGE, "../..");
export const DEFAULT_SITE_DIR = join(PACKAGE, "dist/site");

/** The budget for the page without tokenizer ranks: 400 KB gzipped. */
export const PAGE_BUDGET = 400 * 1024;

export interface SiteFile {
  path: string;
  bytes: number;
  gzipped: number;
}

export interface SiteReport {
  outDir: string;
  files: SiteFile[];
  /** Gzipped bytes of everything but ranks/ (what the first render needs). */
  pageGzipped: number;
  ranksBytes: number;
}

const RANKS = ["o200k_base", "cl100k_base"] as const;

export async function buildSite(outDir = DEFAULT_SITE_DIR): Promise<SiteReport> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, "ranks"), { recursive: true });
  const result = await build({
    entryPoints: { playground: join(PAGE, "main.ts") },
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
  for (const name of RANKS) {
    const ranks = (await import(`js-tiktoken/ranks/${name}`)) as { default: unknown };
    await writeFile(join(outDir, "ranks", `${name}.json`), JSON.stringify(ranks.default));
  }
  const paths = ["index.html", "playground.css", "playground.js", ...RANKS.map((name) => `ranks/${name}.json`)];
  const files: SiteFile[] = [];
  for (const path of paths) {
    const bytes = await readFile(join(outDir, path));
    files.push({ path, bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length });
  }
  const page = files.filter((file) => !file.path.startsWith("ranks/"));
  return {
    outDir,
    files,
    pageGzipped: page.reduce((sum, file) => sum + file.gzipped, 0),
    ranksBytes: files.filter((file) => file.path.startsWith("ranks/")).reduce((sum, file) => sum + file.bytes, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: SiteReport): string {
  const lines = report.files.map((file) => `  ${file.path.padEnd(22)} ${kb(file.bytes).padStart(10)}  ${kb(file.gzipped).padStart(10)} gzipped`);
  const verdict = report.pageGzipped <= PAGE_BUDGET ? "ok" : "OVER BUDGET";
  return [
    `playground -> ${report.outDir}`,
    ...lines,
    `  budget: page without tokenizer ranks ${kb(report.pageGzipped)} gzipped of ${kb(PAGE_BUDGET)}: ${verdict}`,
    `  ranks (fetched on demand): ${kb(report.ranksBytes)}`,
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await buildSite(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_SITE_DIR);
  console.log(formatReport(report));
  if (report.pageGzipped > PAGE_BUDGET) process.exit(1);
}
