/**
 * Loading tokenizers from the CLI: the shared `--tokenizers` / `--quiet` flags and progress on
 * stderr (loading all six takes seconds and several hundred MB; docs/tokens.md).
 * Imports silp/tokens dynamically, so only the commands that count tokens pay for it.
 */
import { loadTokens } from "./optional-packages.js";
import type { Command } from "commander";
import { CENSUS_TOKENIZERS as TOKENIZER_NAMES } from "silp/util";
import type { TokenizerSet } from "@silp/tokens";
import { UsageError } from "./io.js";

export interface TokenizerFlags {
  tokenizers: string;
  quiet?: boolean;
}

export function addTokenizerOptions(command: Command): Command {
  return command
    .option("-t, --tokenizers <list>", "comma-separated tokenizers: gpt-4o, gpt-3.5, llama-2, qwen2.5, claude, gemini, or all", "all")
    .option("-q, --quiet", "no loading progress on stderr");
}

export async function loadTokenizersWithProgress(flags: TokenizerFlags): Promise<TokenizerSet> {
  const { loadTokenizers, parseTokenizerList } = await loadTokens("loading tokenizers");
  const names = (() => {
    try {
      return parseTokenizerList(flags.tokenizers);
    } catch (error) {
      // A bad flag value is a usage error (exit 2), not invalid input.
      throw new UsageError(`${error instanceof Error ? error.message : String(error)}; choose from ${TOKENIZER_NAMES.join(", ")} or all`);
    }
  })();
  const say = (text: string): void => {
    if (!flags.quiet) process.stderr.write(text);
  };
  say(`loading ${names.length} tokenizer${names.length === 1 ? "" : "s"} (all six take several seconds and ~1 GB)\n`);
  return loadTokenizers(names, {
    onProgress: (event) => {
      if (event.state === "loading") say(`  [${event.index}/${event.total}] ${event.tokenizer} ...`);
      else say(` ${((event.elapsedMs ?? 0) / 1000).toFixed(1)} s\n`);
    },
  });
}
