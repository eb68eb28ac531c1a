/** `silpc whitelist [--verify]`: the approved and excluded verbs; --verify recomputes the census live. */
import { Option, type Command } from "commander";
import { APPROVED_VERBS, EXCLUDED_VERBS } from "silp";
import { UsageError, runCommand, writeJson, writeOut } from "../io.js";
import { addTokenizerOptions } from "../tokenizer-progress.js";
import { runWhitelistVerify, type WhitelistVerifyFlags } from "./whitelist-verify.js";

interface WhitelistFlags extends WhitelistVerifyFlags {
  verify?: boolean;
  /** `--extra`, the option's name before every command spelled it `--extra-verbs`: kept as an alias. */
  extra?: string;
}

export function register(program: Command): void {
  const command = program
    .command("whitelist")
    .description("show the verb whitelist (spec 3.8); --verify recomputes its census on the tokenizers")
    .option("--verify", "recompute the census live (loads tokenizers: seconds, hundreds of MB)")
    .option("--json", "machine-readable output")
    .option("--extra-verbs <verbs>", "with --verify: check these application verbs (comma-separated, e.g. REFUND,ESCALATE_TICKET) for one UNK-free token")
    .addOption(new Option("--extra <verbs>", "the old spelling of --extra-verbs").hideHelp());
  addTokenizerOptions(command).action((flags: WhitelistFlags) =>
    runCommand(Boolean(flags.json), async () => {
      if (flags.extraVerbs !== undefined && flags.extra !== undefined) throw new UsageError("give --extra-verbs once (--extra is its old name)");
      const extraVerbs = flags.extraVerbs ?? flags.extra;
      if (flags.verify) return runWhitelistVerify({ ...flags, extraVerbs });
      if (extraVerbs !== undefined) throw new UsageError("--extra-verbs goes with --verify");
      if (flags.json) return writeJson({ approved: APPROVED_VERBS, excluded: EXCLUDED_VERBS });
      const lines = ["approved (single-token on all six tokenizers):"];
      for (const verb of APPROVED_VERBS) lines.push(`  ${verb.code.padEnd(12)} ${verb.functionName}`);
      lines.push("excluded (MUST NOT be used):");
      for (const verb of EXCLUDED_VERBS) {
        const counts = Object.entries(verb.tokenCounts)
          .map(([name, count]) => `${name}: ${count}`)
          .join(", ");
        lines.push(`  ${verb.code.padEnd(12)} use ${verb.hint}; ${verb.reason} (${counts})`);
      }
      writeOut(lines.join("\n"));
    }),
  );
}
