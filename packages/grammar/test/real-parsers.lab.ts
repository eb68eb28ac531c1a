/**
 * The two real parsers the grammar tests check against: Lark (Debian's python3-lark, run as
 * /usr/bin/python3 in one process for a whole batch) and llama.cpp's GBNF engine (node-llama-cpp's
 * prebuilt binary; no model needed to match text against a grammar).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipUnlessRequired } from "@silp/testkit/require-all.js";

const PYTHON = "/usr/bin/python3";
const LARK_CHECK = fileURLToPath(new URL("./lark-check.py", import.meta.url));

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
