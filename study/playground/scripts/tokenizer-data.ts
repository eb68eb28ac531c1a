/**
 * Writes the six tokenizers' data next to the page, the files page/tokenizers/catalog.ts names:
 *
 *   tokenizers/{gpt-4o,gpt-3.5,qwen2.5,claude,gemini}.vocab.gz  @silp/tokens' own compact
 *       vocabulary files (its vocabularies/ folder, built from the upstream packages), copied as they are
 *   tokenizers/llama-2.js  llama-tokenizer-js as one ES module (its vocabulary is in its source)
 *
 * The very files @silp/tokens reads, so the page counts what @silp/tokens counts.
 */
import { copyFile, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { COMPACT_TOKENIZERS, VOCABULARY_FOLDER, vocabularyFileName } from "@silp/tokens/vocabulary";
import { build } from "esbuild";

const PAGE = fileURLToPath(new URL("../page", import.meta.url));
const REPO = resolve(PAGE, "../../..");

/** @silp/tokens' vocabularies/ folder, found through its package.json (the checkout's, or an installed copy). */
const VOCABULARIES = new URL(`${VOCABULARY_FOLDER}/`, import.meta.resolve("@silp/tokens/package.json"));

export const isTokenizerData = (path: string): boolean => path.startsWith("tokenizers/");

export async function writeTokenizerData(outDir: string): Promise<void> {
  await mkdir(join(outDir, "tokenizers"), { recursive: true });
  for (const name of COMPACT_TOKENIZERS) {
    const file = vocabularyFileName(name);
    await copyFile(new URL(file, VOCABULARIES), join(outDir, "tokenizers", file));
  }
  await build({
    entryPoints: { "llama-2": join(PAGE, "tokenizers/llama-2.ts") },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    outdir: join(outDir, "tokenizers"),
    tsconfig: join(REPO, "tsconfig.json"),
    absWorkingDir: REPO,
    logLevel: "warning",
  });
}
