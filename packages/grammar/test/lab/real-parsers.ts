/**
 * The three real parsers the grammar tests check against: Lark (Debian's python3-lark, run as
 * /usr/bin/python3 in one process for a whole batch), llama.cpp's GBNF engine (node-llama-cpp's
 * prebuilt binary; no model needed to match text against a grammar), and XGrammar, the default
 * grammar backend of vLLM and SGLang (@mlc-ai/web-xgrammar, its WebAssembly build).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipUnlessRequired } from "@silp/testkit/require-all.js";

const PYTHON = "/usr/bin/python3";
const LARK_CHECK = fileURLToPath(new URL("../lark-check.py", import.meta.url));

/** undefined when Lark is available, else the reason to skip (a failure under SILP_REQUIRE_ALL=1). */
export function larkMissing(): string | undefined {
  const probe = spawnSync(PYTHON, ["-c", "import lark"], { encoding: "utf8" });
  if (probe.status === 0) return undefined;
  return skipUnlessRequired("Lark is not installed for /usr/bin/python3 (apt-get install python3-lark)");
}

export interface LarkVerdict {
  ok: boolean;
  error: string;
}

/** Parses every text with the grammar in one python process; one verdict per text, in order. */
export async function larkVerdicts(grammar: string, texts: readonly string[]): Promise<LarkVerdict[]> {
  const dir = mkdtempSync(join(tmpdir(), "silp-lark-"));
  const file = join(dir, "grammar.lark");
  writeFileSync(file, grammar);
  try {
    const child = spawn(PYTHON, [LARK_CHECK, file], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const done = new Promise<number | null>((resolve) => child.on("close", resolve));
    // JSON.stringify escapes lone surrogates, so every text survives the trip as UTF-8.
    child.stdin.end(texts.map((text) => `${JSON.stringify(text)}\n`).join(""));
    const code = await done;
    if (code !== 0) throw new Error(`lark-check.py exited with ${code}: ${stderr.slice(-2000)}`);
    const verdicts = stdout
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as LarkVerdict);
    if (verdicts.length !== texts.length) throw new Error(`lark-check.py answered ${verdicts.length} of ${texts.length} texts`);
    return verdicts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface TestableGrammar {
  /** node-llama-cpp 3.21: llama.cpp's llama_grammar_accept over the text's code points; true when a stack completes. */
  _testText(text: string): boolean;
}

/** A matcher for one GBNF grammar, backed by llama.cpp's own grammar engine. */
export async function gbnfMatcher(grammar: string): Promise<(text: string) => boolean> {
  const { getLlama, LlamaGrammar, LlamaLogLevel } = await import("node-llama-cpp");
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  // The constructor runs llama.cpp's GBNF parser; a grammar it cannot parse throws here.
  const compiled = new LlamaGrammar(llama, { grammar }) as unknown as TestableGrammar;
  if (typeof compiled._testText !== "function") throw new Error("node-llama-cpp no longer exposes LlamaGrammar._testText; pin 3.21.1 or adapt");
  return (text: string) => compiled._testText(text);
}

/** The part of @mlc-ai/web-xgrammar 0.1.27 the matcher uses (its lib/xgrammar.d.ts). */
interface XGrammarModule {
  Grammar: { fromEBNF(ebnf: string, rootRule?: string): Promise<unknown> };
  TokenizerInfo: {
    createTokenizerInfo(vocab: string[], vocabType?: string, prependSpace?: boolean, vocabSize?: number, stopTokenIds?: number[]): Promise<unknown>;
  };
  GrammarCompiler: { createGrammarCompiler(info: unknown): Promise<{ compileGrammar(grammar: unknown): Promise<unknown> }> };
  GrammarMatcher: { createGrammarMatcher(compiled: unknown): Promise<XGrammarMatcher> };
}

interface XGrammarMatcher {
  /** Feeds the text's UTF-8 bytes; false (and no state change) at the first byte the grammar refuses. */
  _acceptString(text: string): boolean;
  acceptToken(token: number): boolean;
  reset(): void;
}

let xgrammarModule: Promise<XGrammarModule> | undefined;

/**
 * Loads @mlc-ai/web-xgrammar. Its lib/index.js is a UMD bundle in a package marked
 * `"type": "module"`, so Node reads it as ESM and it finds neither `exports` nor `require`; it is
 * compiled here as the CommonJS it is written as, by Node's own CommonJS loader (a `Module` of its
 * own file name), because the emscripten loader inside does `await import("module")`: code made by
 * `new Function` or node:vm inside vitest's module runner has no dynamic-import callback for that.
 */
function loadXGrammar(): Promise<XGrammarModule> {
  xgrammarModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@mlc-ai/web-xgrammar");
    const loaded = new Module(file) as Module & { _compile(source: string, filename: string): void };
    loaded.filename = file;
    // Node's own lookup folders for the file (an internal of node:module, untyped).
    loaded.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(file));
    loaded._compile(readFileSync(file, "utf8"), file);
    return loaded.exports as XGrammarModule;
  })();
  return xgrammarModule;
}

/** One token per ASCII code unit plus an end token: the matcher reads text by bytes, the vocabulary only has to hold the end. */
const XGRAMMAR_VOCABULARY = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), "</s>"];
const XGRAMMAR_END = 128;

/**
 * A matcher for one GBNF grammar, backed by XGrammar's GrammarMatcher (the engine vLLM and SGLang
 * constrain decoding with): the grammar is parsed by XGrammar's EBNF parser (`Grammar.fromEBNF`
 * throws on what it cannot read) and compiled, and a text is accepted when the matcher takes all
 * its bytes and then the end token, that is, when the text is a whole sentence of the grammar.
 */
export async function xgrammarMatcher(grammar: string): Promise<(text: string) => boolean> {
  const xgr = await loadXGrammar();
  const info = await xgr.TokenizerInfo.createTokenizerInfo(XGRAMMAR_VOCABULARY, "raw", false, XGRAMMAR_VOCABULARY.length, [XGRAMMAR_END]);
  const compiler = await xgr.GrammarCompiler.createGrammarCompiler(info);
  const matcher = await xgr.GrammarMatcher.createGrammarMatcher(await compiler.compileGrammar(await xgr.Grammar.fromEBNF(grammar)));
  if (typeof matcher._acceptString !== "function") throw new Error("@mlc-ai/web-xgrammar no longer exposes GrammarMatcher._acceptString; pin 0.1.27 or adapt");
  return (text: string) => {
    matcher.reset();
    return matcher._acceptString(text) && matcher.acceptToken(XGRAMMAR_END);
  };
}
