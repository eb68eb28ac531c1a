/**
 * Live re-check of the verb whitelist's census: `silpc whitelist --verify` (the whitelist
 * command calls runWhitelistVerify) and the hidden alias `silpc whitelist-verify`.
 * Exit 1 when an approved verb is no longer one UNK-free token on a loaded tokenizer, or any
 * verb tokenizes differently from the recorded census.
 */
import { loadTokens } from "../optional-packages.js";
import type { Command } from "commander";
import { EXIT_INVALID, EXIT_OK, runCommand, writeJson, writeOut } from "../io.js";
import { addTokenizerOptions, loadTokenizersWithProgress, type TokenizerFlags } from "../tokenizer-progress.js";

export interface WhitelistVerifyFlags extends TokenizerFlags {
  json?: boolean;
}

/** The body of `--verify`; returns the exit code. Call it inside runCommand. */
export async function runWhitelistVerify(flags: WhitelistVerifyFlags): Promise<number> {
  const tokenizers = await loadTokenizersWithProgress(flags);
  const { verifyWhitelist, textTable } = await loadTokens("silpc whitelist --verify");
  const result = verifyWhitelist(tokenizers);
  if (flags.json) {
    writeJson(result);
  } else {
    const rows = [...new Set(result.rows.map((row) => row.code))].map((code) => {
      const cells = result.rows.filter((row) => row.code === code);
      return [code, cells[0]?.status ?? "", ...cells.map((row) => `${row.livePieces.length}${row.changed ? "*" : ""}`)];
    });
    const lines = [
      textTable(["verb", "status", ...result.tokenizers], rows),
      "cells: live token count of the function name, bare; * = differs from the recorded census",
      result.ok
        ? `whitelist census verified on ${result.tokenizers.length} tokenizer(s): matches the record`
        : ["whitelist census FAILED:", ...result.problems.map((problem) => `  ${problem}`)].join("\n"),
    ];
    writeOut(lines.join("\n"));
  }
  return result.ok ? EXIT_OK : EXIT_INVALID;
}

export function register(program: Command): void {
  const command = program
    .command("whitelist-verify", { hidden: true })
    .description("same as `silpc whitelist --verify`: recompute the verb whitelist census live")
    .option("--json", "machine-readable output");
  addTokenizerOptions(command).action((flags: WhitelistVerifyFlags) => runCommand(Boolean(flags.json), () => runWhitelistVerify(flags)));
}
