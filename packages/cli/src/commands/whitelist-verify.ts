/**
 * Live re-check of the verb whitelist's census: `silpc whitelist --verify` (the whitelist
 * command calls runWhitelistVerify) and the hidden alias `silpc whitelist-verify`.
 * Exit 1 when an approved verb is no longer one UNK-free token on a loaded tokenizer, or any
 * verb tokenizes differently from the recorded census. With `--extra-verbs REFUND,TICKET` it checks a
 * deployment's own verbs instead: each must be one UNK-free token on every loaded tokenizer (the
 * criterion the approved verbs were admitted on, spec 3.8); exit 1 if any is not.
 */
import { loadTokens } from "../optional-packages.js";
import type { Command } from "commander";
import { EXIT_INVALID, EXIT_OK, runCommand, writeJson, writeOut } from "../io.js";
import { parseVerbList } from "../codec-flags.js";
import { UsageError } from "../io.js";
import { addTokenizerOptions, loadTokenizersWithProgress, type TokenizerFlags } from "../tokenizer-progress.js";

export interface WhitelistVerifyFlags extends TokenizerFlags {
  json?: boolean;
  /** `--extra-verbs REFUND,ESCALATE_TICKET`: check these application verbs instead of the approved ones. */
  extraVerbs?: string;
}

/** `--extra-verbs`: each application verb against the census criterion; returns the exit code. */
async function runExtraVerify(flags: WhitelistVerifyFlags, verbs: readonly string[]): Promise<number> {
  for (const verb of verbs) {
    if (!/^!?[A-Z][A-Z_]*$/.test(verb)) throw new UsageError(`--extra-verbs: ${JSON.stringify(verb)} is not an action code like REFUND or !REFUND`);
  }
  const tokenizers = await loadTokenizersWithProgress(flags);
  const { checkVerbCandidates, textTable } = await loadTokens("silpc whitelist --verify --extra-verbs");
  const results = checkVerbCandidates(tokenizers, verbs);
  const ok = results.every((result) => result.ok);
  if (flags.json) {
    writeJson({ ok, tokenizers: tokenizers.map((tokenizer) => tokenizer.name), extra: results });
  } else {
    const rows = results.map((result) => [
      result.code,
      result.ok ? "fit" : "UNFIT",
      ...result.cells.map((cell) => `${cell.pieces.length}${cell.unk ? "!" : ""}`),
    ]);
    const problems = results.flatMap((result) => result.problems.map((problem) => `  ${result.code}: ${problem}`));
    const lines = [
      textTable(["extra verb", "verdict", ...tokenizers.map((tokenizer) => tokenizer.name)], rows),
      "cells: token count of the function name, bare; ! = contains an unknown token; fit = one UNK-free token on every tokenizer (spec 3.8)",
      ok ? `all ${results.length} extra verb(s) meet the census criterion` : ["extra verbs FAILED the census criterion:", ...problems].join("\n"),
    ];
    writeOut(lines.join("\n"));
  }
  return ok ? EXIT_OK : EXIT_INVALID;
}

/** The body of `--verify`; returns the exit code. Call it inside runCommand. */
export async function runWhitelistVerify(flags: WhitelistVerifyFlags): Promise<number> {
  const extra = parseVerbList(flags.extraVerbs);
  if (extra.length > 0) return runExtraVerify(flags, extra);
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
    .option("--json", "machine-readable output")
    .option("--extra <verbs>", "check these application verbs (comma-separated) against the census criterion instead");
  addTokenizerOptions(command).action((flags: WhitelistVerifyFlags) => runCommand(Boolean(flags.json), () => runWhitelistVerify(flags)));
}
